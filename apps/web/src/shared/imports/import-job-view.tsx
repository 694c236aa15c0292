import { Alert, Button, Group, Loader, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArchive, IconCheck, IconPlayerPlay, IconTrash, IconUpload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isHttpError } from '../api/http-error.ts';
import { formatDate, formatDateTime } from '../lib/dates.ts';
import { confirm } from '../ui/modal.tsx';
import { toast } from '../ui/toasts.ts';
import { canDiscard, hasPreview, IMPORT_OPERATIONS, isRunning, useApplyImport, useDiscardImport, useImportJob, type ImportFamily } from './imports-api.ts';
import { ImportRows } from './import-rows.tsx';
import { ImportStatusBadge, OPERATION_COLORS, readableOnLight, useImportErrorText } from './import-texts.tsx';

export interface ImportJobViewProps {
  family: ImportFamily;
  jobId: string;
  /** Where a new import starts (after a discard, or to upload a corrected file). */
  startHref: string;
  /** After a successful apply: where the loaded records are, and the button's text. */
  done?: { href: string; label: ReactNode } | undefined;
  isMobile: boolean;
  /** Leaves the job's page (after a discard). */
  onLeave: () => void;
}

/** One job: live progress, file errors, counts, the per-row preview, apply or discard, the result. */
export function ImportJobView({ family, jobId, startHref, done, isMobile, onLeave }: ImportJobViewProps) {
  const { t } = useTranslation();
  const query = useImportJob(family, jobId);
  const apply = useApplyImport(family);
  const discard = useDiscardImport(family);
  const errorText = useImportErrorText();
  const job = query.data;

  if (query.isPending) return <Loader />;
  if (!job) {
    const missing = isHttpError(query.error) && query.error.status === 404;
    return (
      <Alert color={missing ? 'yellow' : 'red'} icon={<IconAlertCircle size={18} />} data-testid="import-missing">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{missing ? t('imports.job.missing') : t('imports.job.loadFailed')}</Text>
          <Button component={Link} to={startHref} size="xs" variant="light">
            {t('imports.job.newImport')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  const changes = job.counts.ADD + job.counts.UPDATE + job.counts.DELETE + job.counts.UNDELETE;
  const onApply = async () => {
    const ok = await confirm({
      id: 'import-apply',
      title: t('imports.apply.title'),
      message: t('imports.apply.message', { count: changes }),
      confirmLabel: t('imports.apply.confirm'),
      cancelLabel: t('common.cancel'),
      danger: job.counts.DELETE > 0,
    }).catch(() => false);
    if (!ok) return;
    apply.mutate(job.id, { onError: (error) => toast.error(actionFailure(error, t)) });
  };
  const onDiscard = async () => {
    const ok = await confirm({
      id: 'import-discard',
      title: t('imports.discard.title'),
      message: t('imports.discard.message'),
      confirmLabel: t('imports.discard.confirm'),
      cancelLabel: t('common.cancel'),
      danger: true,
    }).catch(() => false);
    if (!ok) return;
    discard.mutate(job.id, {
      onSuccess: () => {
        toast.show(t('imports.discard.done'));
        onLeave();
      },
      onError: (error) => toast.error(actionFailure(error, t)),
    });
  };

  const fileError = job.error_code && job.error_code !== 'FILE_WITH_ERROR_IN_ROWS' ? errorText(job.error_code) : null;

  return (
    <Stack gap="md" data-testid="import-job" data-status={job.status}>
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Title order={2} fz="lg" style={{ overflowWrap: 'anywhere' }}>
                {job.file_name ?? t('imports.history.noName', { id: job.id })}
              </Title>
              <ImportStatusBadge status={job.status} />
            </Group>
            <Text size="sm" c="dimmed">
              {t('imports.job.meta', { id: job.id, date: formatDateTime(job.created_at) })}
              {job.created_by ? ` · ${job.created_by.name}` : ''}
              {job.mode === 'replace' ? ` · ${t('imports.modes.replace')}` : ''}
            </Text>
          </Stack>
          <Group gap="xs">
            {job.status === 'VALIDATION_OK' && (
              <Button leftSection={<IconPlayerPlay size={16} />} onClick={() => void onApply()} loading={apply.isPending} disabled={changes === 0} data-testid="import-apply">
                {t('imports.apply.button')}
              </Button>
            )}
            {canDiscard(job.status) && (
              <Button variant="default" leftSection={<IconTrash size={16} />} onClick={() => void onDiscard()} loading={discard.isPending} data-testid="import-discard">
                {t('imports.discard.button')}
              </Button>
            )}
          </Group>
        </Group>

        {isRunning(job.status) && (
          <Stack gap={4} mt="md" data-testid="import-progress">
            <Group justify="space-between">
              <Text size="sm">{t(`imports.phase.${job.progress.phase}`, { defaultValue: t(`imports.status.${job.status}`) })}</Text>
              <Text size="sm" c="dimmed">
                {job.progress.rows > 0 ? t('imports.job.rowsRead', { count: job.progress.rows }) : ''} {job.progress.percent}%
              </Text>
            </Group>
            <Progress value={Math.max(job.progress.percent, 3)} animated striped aria-label={t('imports.job.progress')} />
            <Text size="xs" c="dimmed">
              {t('imports.job.notified')}
            </Text>
          </Stack>
        )}
      </Paper>

      {job.status === 'VALIDATION_FAILED' && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('imports.result.validationFailed')} data-testid="import-file-error">
          <Stack gap="xs" align="flex-start">
            {fileError && <Text size="sm">{fileError}</Text>}
            {job.fail_description && job.fail_description !== fileError && job.error_code !== 'FILE_WITH_ERROR_IN_ROWS' && <Text size="sm">{job.fail_description}</Text>}
            {job.error_code === 'FILE_WITH_ERROR_IN_ROWS' && <Text size="sm">{t('imports.result.rowsHaveErrors', { count: job.counts.ERROR })}</Text>}
            <Button component={Link} to={startHref} size="xs" variant="default" leftSection={<IconUpload size={14} />}>
              {t('imports.job.uploadAgain')}
            </Button>
          </Stack>
        </Alert>
      )}
      {job.status === 'APPLY_FAILED' && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('imports.result.applyFailed')} data-testid="import-file-error">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{job.fail_description ?? errorText(job.error_code) ?? t('imports.result.nothingApplied')}</Text>
            <Text size="sm">{t('imports.result.nothingApplied')}</Text>
          </Stack>
        </Alert>
      )}
      {job.status === 'VALIDATION_OK' && (
        <Alert color="teal" icon={<IconCheck size={18} />} data-testid="import-ready">
          {changes > 0 ? t('imports.result.ready', { count: changes }) : t('imports.result.nothingToApply')}
        </Alert>
      )}
      {job.status === 'APPLY_OK' && (
        <Alert color="green" icon={<IconCheck size={18} />} title={t('imports.result.applied')} data-testid="import-applied">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('imports.result.appliedAt', { date: formatDateTime(job.applied_at) })}</Text>
            <Group gap="xs">
              {done && (
                <Button component={Link} to={done.href} size="xs">
                  {done.label}
                </Button>
              )}
              <Button component={Link} to={startHref} size="xs" variant="default">
                {t('imports.job.newImport')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}

      {hasPreview(job.status) && job.error_code !== 'FILE_NOT_REACHABLE' && job.error_code !== 'FILE_TYPE_NOT_SUPPORTED' && job.error_code !== 'FILE_WITHOUT_REQUIRED_HEADERS' && (
        <>
          <SimpleGrid cols={{ base: 2, xs: 3, md: 6 }} spacing="xs" data-testid="import-counts">
            {IMPORT_OPERATIONS.map((op) => (
              <Paper key={op} withBorder p="xs" radius="md" data-operation={op}>
                <Text size="xs" c="dimmed">
                  {t(`imports.operation.${op}`)}
                </Text>
                <Text fw={700} fz="lg" c={job.counts[op] > 0 ? readableOnLight(OPERATION_COLORS[op]) : 'dimmed'}>
                  {job.counts[op].toLocaleString()}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
          {job.rows_purged_at ? (
            <Alert color="gray" icon={<IconArchive size={18} />} data-testid="import-rows-purged">
              {t('imports.job.rowsPurged', { date: formatDate(job.rows_purged_at) })}
            </Alert>
          ) : (
            <ImportRows key={`${job.id}:${job.status}`} family={family} job={job} isMobile={isMobile} />
          )}
        </>
      )}
    </Stack>
  );
}

function actionFailure(error: unknown, t: TFunction): string {
  if (isHttpError(error) && error.status === 409) return t('imports.job.changed');
  if (isHttpError(error) && error.detail) return error.detail;
  return t('imports.job.actionFailed');
}
