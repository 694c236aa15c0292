import { Anchor, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalculator, IconExternalLink, IconQrcode, IconShare, type Icon } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TLinkList } from '@faena/contracts';
import { LINKS_BASE } from '@faena/contracts/links';
import { ACCESS, canAccess, type AccessRule } from '../../../shared/access/access.ts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { useAccessContext } from '../../../shared/session/get-site-config.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';

interface Tool {
  key: 'permissionsCalculator' | 'qrGenerator' | 'sharedDocuments';
  to: string;
  icon: Icon;
  access: AccessRule;
}

/**
 * The tools that exist today; each shows only to those its screen lets in. The documents shared
 * with the person are every member's (issue 45 point 5). The links of interest follow, as links out.
 */
const TOOLS: readonly Tool[] = [
  { key: 'sharedDocuments', to: '/documents/shared', icon: IconShare, access: {} },
  { key: 'qrGenerator', to: '/assets/qr-generator', icon: IconQrcode, access: ACCESS.qrGenerator },
  { key: 'permissionsCalculator', to: '/calculadora-permisos', icon: IconCalculator, access: ACCESS.permissionsCalculator },
];

const LINKS_SHOWN = 6;

/** /tools: the tools the person may use, and their first links of interest. */
export function ToolsPage() {
  const { t } = useTranslation();
  const { ctx } = useAccessContext();
  const tools = TOOLS.filter((tool) => canAccess(tool.access, ctx));
  // the same query (and cache) as /links
  const links = useQuery({ queryKey: ['links', 'mine'], queryFn: ({ signal }) => apiClient.get<TLinkList>(`${LINKS_BASE}/links/`, { signal }) });
  const shown = (links.data?.results ?? []).slice(0, LINKS_SHOWN);

  return (
    <Stack gap="lg" maw={1040}>
      <PageHeader title={t('tools.title')} description={t('tools.description')} />
      {tools.length === 0 && shown.length === 0 && !links.isPending && (
        <Text c="dimmed" ta="center" py="xl" data-testid="tools-empty">
          {t('tools.empty')}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {tools.map((tool) => (
          <Card key={tool.key} withBorder radius="md" padding="md" component={Link} to={tool.to} style={{ color: 'inherit', textDecoration: 'none' }} data-testid={`tool-${tool.key}`}>
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <ThemeIcon variant="light" size={44} radius="md">
                <tool.icon size={24} aria-hidden="true" />
              </ThemeIcon>
              <Stack gap={2}>
                <Text fw={600}>{t(`tools.items.${tool.key}.title`)}</Text>
                <Text size="sm" c="dimmed">
                  {t(`tools.items.${tool.key}.description`)}
                </Text>
              </Stack>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
      {shown.length > 0 && (
        <Stack gap="xs" data-testid="tools-links">
          <Group justify="space-between">
            <Title order={2} fz="lg">
              {t('tools.linksTitle')}
            </Title>
            <Anchor component={Link} to="/links" size="sm">
              {t('tools.allLinks')}
            </Anchor>
          </Group>
          <Stack gap={6}>
            {shown.map((link) => (
              <Anchor key={link.id} href={link.url} target="_blank" rel="noopener noreferrer" style={{ overflowWrap: 'anywhere' }}>
                {link.title} <IconExternalLink size={14} aria-label={t('tools.opensOutside')} style={{ verticalAlign: 'text-top' }} />
              </Anchor>
            ))}
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}
