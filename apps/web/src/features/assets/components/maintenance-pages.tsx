import { Alert, Anchor, Button, Card, Group, Image, Loader, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconCheck, IconExternalLink } from '@tabler/icons-react';
import type { TMaintenanceKind } from '@faena/contracts/assets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { useFileCookie } from '../../../shared/uploads/use-file-url.ts';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { RemoteSelect } from '../../../shared/ui/remote-select.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { ASSETS_SOURCE, useExecution, useStartMaintenance } from '../api/assets-api.ts';
import { assetPath, formatDateTime, formatMoney } from '../lib/format.ts';
import { ExecutionsPage } from './executions-page.tsx';
import { CompleteModal, maintenancePath } from './maintenance-tab.tsx';
import { MaintenanceStateBadge } from './status-badge.tsx';
import { useAssetsAccess } from './use-assets-access.ts';

/** /assets/maintenances/{workflowTypeId}: the maintenances of one maintenance type. */
export function MaintenanceTypePage() {
  const { workflowTypeId = '' } = useParams();
  return <ExecutionsPage workflowType={workflowTypeId} />;
}

/**
 * /assets/maintenances/{workflowTypeId}/administration[/{category_id}]: a maintenance type is a
 * workflow type, administered where every workflow type is (the workflows area).
 */
export function MaintenanceAdminRedirect() {
  const { workflowTypeId = '', category_id: categoryId } = useParams();
  return <Navigate replace to={`/workflows/${encodeURIComponent(workflowTypeId)}/administration${categoryId ? `/${encodeURIComponent(categoryId)}` : ''}`} />;
}

/** /assets/maintenances/{workflowTypeId}/execute: start a maintenance of this type on an asset. */
export function ExecuteMaintenancePage() {
  const { t } = useTranslation();
  const { workflowTypeId = '' } = useParams();
  const [asset, setAsset] = useState<string | null>(null);
  const [kind, setKind] = useState<TMaintenanceKind>('preventive');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const navigate = useNavigate();
  const start = useStartMaintenance(asset ?? '');
  const access = useAssetsAccess();
  const submit = () => {
    if (!asset) return;
    start.mutate(
      { kind, workflow_type: workflowTypeId === 'records' ? null : workflowTypeId, title: title.trim(), description },
      { onSuccess: (created) => void navigate(maintenancePath(created)), onError: () => toast.error(t('assets.maintenance.startFailed')) },
    );
  };
  return (
    <Stack gap="md" maw={640}>
      <BackLink to={`/assets/maintenances/${encodeURIComponent(workflowTypeId)}`}>{t('assets.executions.title')}</BackLink>
      <PageHeader title={t('assets.executions.execute')} />
      {!access.canManage ? (
        <Alert color="yellow">{t('assets.executions.cannotStart')}</Alert>
      ) : (
        <Card withBorder padding="md">
          <Stack gap="md">
            <RemoteSelect source={ASSETS_SOURCE} label={t('assets.executions.asset')} value={asset} onChange={setAsset} data-testid="execute-asset" />
            <SegmentedControl
              value={kind}
              onChange={(value) => setKind(value as TMaintenanceKind)}
              data={[
                { value: 'preventive', label: t('assets.maintenance.kind.preventive') },
                { value: 'corrective', label: t('assets.maintenance.kind.corrective') },
              ]}
            />
            <TextInput label={t('assets.maintenance.title')} value={title} onChange={(event) => setTitle(event.currentTarget.value)} maxLength={200} />
            <Textarea label={t('assets.maintenance.description')} value={description} onChange={(event) => setDescription(event.currentTarget.value)} autosize minRows={3} />
            <Group justify="flex-end">
              <Button size="md" onClick={submit} loading={start.isPending} disabled={!asset} data-testid="execute-submit">
                {t('assets.maintenance.startSubmit')}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

/** /assets/maintenances/{workflowType}/executions/{id}: one maintenance (a record is completed here; a workflow execution in its workflow). */
export function ExecutionPage() {
  const { t, i18n } = useTranslation();
  const { activityPublicId = '' } = useParams();
  const [params] = useSearchParams();
  const execution = useExecution(activityPublicId, params.get('asset'));
  const [completing, setCompleting] = useState(false);
  const ready = useFileCookie(Boolean(execution.data?.photo));
  const access = useAssetsAccess();
  if (execution.isPending) return <Loader />;
  if (execution.isError) return <Alert color="red">{t('assets.common.loadError')}</Alert>;
  const row = execution.data;
  return (
    <Stack gap="md" maw={800}>
      <BackLink to={assetPath(row.asset.id)}>
        {row.asset.code} · {row.asset.name}
      </BackLink>
      <PageHeader
        title={row.title || row.workflow_type?.name || t(`assets.maintenance.kind.${row.kind}`)}
        actions={<MaintenanceStateBadge status={row.status} size="lg" data-testid="execution-state" />}
      />
      <Card withBorder padding="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Item label={t('assets.executions.kind')}>{t(`assets.maintenance.kind.${row.kind}`)}</Item>
          <Item label={t('assets.executions.origin')}>{t(`assets.maintenance.source.${row.source}`)}</Item>
          <Item label={t('assets.executions.started')}>{`${formatDateTime(row.started_at, i18n.language)}${row.started_by ? ` · ${row.started_by.name}` : ''}`}</Item>
          <Item label={t('assets.executions.completed')}>{row.completed_at ? `${formatDateTime(row.completed_at, i18n.language)}${row.completed_by ? ` · ${row.completed_by.name}` : ''}` : '—'}</Item>
          <Item label={t('assets.maintenance.cost')}>{formatMoney(row.cost, i18n.language)}</Item>
          {row.plan && <Item label={t('assets.plans.title')}>{row.plan.name}</Item>}
          {row.reporter && <Item label={t('assets.executions.reporter')}>{[row.reporter.name, row.reporter.contact].filter(Boolean).join(' · ') || '—'}</Item>}
        </SimpleGrid>
        {row.description && (
          <Stack gap={2} mt="md">
            <Text size="sm" c="dimmed">
              {t('assets.maintenance.description')}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{row.description}</Text>
          </Stack>
        )}
        {row.notes && (
          <Stack gap={2} mt="md">
            <Text size="sm" c="dimmed">
              {t('assets.maintenance.notes')}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{row.notes}</Text>
          </Stack>
        )}
        {row.photo && ready && <Image src={row.photo.url} alt={row.photo.name} mt="md" radius="md" mah={320} fit="contain" />}
      </Card>
      {row.workflow_type ? (
        <Card withBorder padding="md">
          <Title order={2} fz="md" mb="xs">
            {row.workflow_type.name}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t('assets.executions.inWorkflow')}
          </Text>
          <Anchor component={Link} to={`/workflows/${encodeURIComponent(row.workflow_type.id)}/executions`}>
            <Group gap={4}>
              <IconExternalLink size={14} />
              {t('assets.executions.openWorkflow')}
            </Group>
          </Anchor>
        </Card>
      ) : (
        row.status === 'InProcess' &&
        access.canManage && (
          <Group>
            <Button size="lg" leftSection={<IconCheck size={20} />} onClick={() => setCompleting(true)} data-testid="complete-maintenance">
              {t('assets.maintenance.complete')}
            </Button>
          </Group>
        )
      )}
      {completing && <CompleteModal assetId={row.asset.id} maintenance={row} onClose={() => setCompleting(false)} />}
    </Stack>
  );
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text>{children}</Text>
    </Stack>
  );
}
