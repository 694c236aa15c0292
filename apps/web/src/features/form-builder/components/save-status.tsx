import { Button, Group, Loader, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCircleDot, IconCloudCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SaveStatus } from './use-autosave.ts';

/** The editor's save state (spec §4) with the retry of the error state (spec §8 'Error while trying to save'). */
export function SaveStatusIndicator({
  status,
  version,
  errorDetail,
  hasProblems,
  onRetry,
}: {
  status: SaveStatus;
  version: number;
  errorDetail: string | null;
  hasProblems: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap" role="status" aria-live="polite" data-testid="save-status" data-status={status}>
      {status === 'clean' && (
        <>
          <IconCheck size={16} color="var(--mantine-color-gray-6)" aria-hidden />
          <Text size="sm" c="dimmed">
            {t('formBuilder.save.clean', { version })}
          </Text>
        </>
      )}
      {status === 'dirty' && (
        <>
          <IconCircleDot size={16} color="var(--mantine-color-orange-7)" aria-hidden />
          <Text size="sm" c="orange.9">
            {hasProblems ? t('formBuilder.save.dirtyProblems') : t('formBuilder.save.dirty')}
          </Text>
        </>
      )}
      {status === 'saving' && (
        <>
          <Loader size={14} aria-hidden />
          <Text size="sm" c="dimmed">
            {t('formBuilder.save.saving')}
          </Text>
        </>
      )}
      {status === 'saved' && (
        <>
          <IconCloudCheck size={16} color="var(--mantine-color-faena-8)" aria-hidden />
          <Text size="sm" c="faena.8">
            {t('formBuilder.save.saved', { version })}
          </Text>
        </>
      )}
      {status === 'conflict' && (
        <>
          <IconAlertTriangle size={16} color="var(--mantine-color-orange-8)" aria-hidden />
          <Text size="sm" c="orange.9" fw={500}>
            {t('formBuilder.save.conflict')}
          </Text>
        </>
      )}
      {status === 'error' && (
        <>
          <IconAlertTriangle size={16} color="var(--mantine-color-red-8)" aria-hidden />
          <Tooltip label={errorDetail ?? ''} disabled={!errorDetail} multiline maw={360} withArrow>
            <Text size="sm" c="red.9" fw={500} data-testid="save-error">
              {t('errors.saveFailed')}
            </Text>
          </Tooltip>
          <Button size="compact-sm" variant="light" color="red" onClick={onRetry} data-testid="save-retry">
            {t('common.retry')}
          </Button>
        </>
      )}
    </Group>
  );
}
