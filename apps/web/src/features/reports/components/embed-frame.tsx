import { Alert, AspectRatio } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TEmbedView } from '@faena/contracts';
import { PowerBiEmbed } from './powerbi-embed.tsx';
import { SupersetEmbed } from './superset-embed.tsx';
import { TableauEmbed } from './tableau-embed.tsx';

/**
 * An embedded dashboard in the page, with the token the server minted for this viewer: Metabase's
 * signed embed is a plain frame; Tableau (<tableau-viz> from the tenant's Tableau site), Power BI
 * (powerbi-client) and Superset (@superset-ui/embedded-sdk) through their vendors' libraries.
 */
export function EmbedFrame({ reportId, embed, title }: { reportId: string; embed: TEmbedView; title: string }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const tool = t(`reports.kind.${embed.provider}`);
  if (failed) {
    return (
      <Alert color="red" data-testid="report-embed-error">
        {t('reports.errors.toolFailed', { tool })}
      </Alert>
    );
  }
  const onError = () => setFailed(true);
  if (embed.provider === 'tableau') return <TableauEmbed embed={embed} title={title} onError={onError} />;
  if (embed.provider === 'powerbi') return <PowerBiEmbed embed={embed} title={title} onError={onError} />;
  if (embed.provider === 'superset') return <SupersetEmbed reportId={reportId} embed={embed} title={title} onError={onError} />;
  return (
    <AspectRatio ratio={16 / 10} mih={480}>
      <iframe src={embed.url} title={title} style={{ border: 0, width: '100%', height: '100%', borderRadius: 8 }} data-testid="report-embed" />
    </AspectRatio>
  );
}
