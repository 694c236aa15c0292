import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ACCESS, canAccess } from '../../../shared/access/access.ts';
import { useAccessContext } from '../../../shared/session/get-site-config.ts';
import { useAssetInspections } from '../api/assets-api.ts';
import { formatDateTime } from '../lib/format.ts';

/**
 * The checklists executed at this asset (issue 49 point 4), newest first: each failed item of one
 * opened a corrective maintenance shown in the history above. Only for who sees checklists.
 */
export function AssetInspections({ assetId }: { assetId: string }) {
  const { t, i18n } = useTranslation();
  const { ctx } = useAccessContext();
  const seesChecklists = canAccess(ACCESS.checklists, ctx);
  const inspections = useAssetInspections(assetId, seesChecklists);
  if (!seesChecklists) return null;
  const rows = inspections.data?.results ?? [];
  return (
    <Stack gap="xs" data-testid="asset-inspections">
      <Title order={2} fz="lg">
        {t('assets.inspections.title')}
      </Title>
      {inspections.isPending ? null : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('assets.inspections.none')}
        </Text>
      ) : (
        rows.map((row) => (
          <Card key={row.id} withBorder padding="sm" data-testid="inspection-row">
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <IconClipboardCheck size={18} aria-hidden />
                <Anchor component={Link} to={`/checklists/executions/${encodeURIComponent(row.id)}`} fw={600}>
                  {row.checklist.name}
                </Anchor>
              </Group>
              {row.result && (
                <Badge color={row.result === 'aprobado' ? 'teal' : 'red'} variant="light">
                  {t(`assets.inspections.result.${row.result}`)}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {[formatDateTime(row.submitted_at ?? row.started_at, i18n.language), row.executed_by?.name, row.failed_count > 0 ? t('assets.inspections.failed', { count: row.failed_count }) : null]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Card>
        ))
      )}
    </Stack>
  );
}
