import { Alert, Anchor, AspectRatio, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TEmbedView } from '@faena/contracts';

/**
 * An embedded dashboard. Metabase's signed embed is a plain frame. Tableau, Power BI and Superset
 * take their token through their vendors' embedding libraries, which the app does not load yet:
 * the token is minted (and checked) all the same, and the page offers to open the tool.
 */
export function EmbedFrame({ embed, title }: { embed: TEmbedView; title: string }) {
  const { t } = useTranslation();
  if (embed.provider === 'metabase') {
    return (
      <AspectRatio ratio={16 / 10} mih={480}>
        <iframe src={embed.url} title={title} style={{ border: 0, width: '100%', height: '100%', borderRadius: 8 }} data-testid="report-embed" />
      </AspectRatio>
    );
  }
  return (
    <Stack gap="sm" data-testid="report-embed-external">
      <Alert color="blue" variant="light">
        <Text size="sm">{t('reports.embed.sdkPending', { tool: t(`reports.kind.${embed.provider}`) })}</Text>
      </Alert>
      <Anchor href={embed.url} target="_blank" rel="noopener noreferrer">
        <IconExternalLink size={16} style={{ verticalAlign: 'middle' }} /> {t('reports.embed.open', { tool: t(`reports.kind.${embed.provider}`) })}
      </Anchor>
    </Stack>
  );
}
