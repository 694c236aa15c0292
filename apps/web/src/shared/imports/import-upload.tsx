import { Alert, Button, FileButton, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type DragEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TImportJob } from '@faena/contracts';
import { isHttpError } from '../api/http-error.ts';
import { importExtension, useCreateImport, type ImportFamily, type ImportKind, type ImportKinds, type ImportMode } from './imports-api.ts';
import classes from './imports.module.css';

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const trim = (value: number, digits: number) => String(Number(value.toFixed(digits)));
  if (bytes < 1024 * 1024) return `${trim(bytes / 1024, 1)} KB`;
  return `${trim(bytes / 1024 / 1024, 2)} MB`;
}

const TOUCH_ONLY_QUERY = '(hover: none) and (pointer: coarse)';

/** Why a chosen file is refused before it is sent, or null; its size is checked once the server's limit is known. */
export function refuseImportFile(file: Pick<File, 'name' | 'size'>, maxBytes: number | undefined): 'type' | 'size' | 'empty' | null {
  if (!importExtension(file.name)) return 'type';
  if (file.size === 0) return 'empty';
  if (maxBytes !== undefined && file.size > maxBytes) return 'size';
  return null;
}

/** Choose (or drop) a CSV/XLSX file, pick the mode when the kind has several, start the validation. */
export function ImportUpload({
  family,
  kind,
  limits,
  onCreated,
}: {
  family: ImportFamily;
  kind: ImportKind | undefined;
  limits: ImportKinds['limits'] | undefined;
  onCreated: (job: TImportJob) => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<File | null>(null);
  // a file chosen before the limits arrived is checked again once they have
  const refusal = chosen ? refuseImportFile(chosen, limits?.max_bytes) : null;
  const file = refusal ? null : chosen;
  const maxSize = limits ? formatBytes(limits.max_bytes) : '';
  const [mode, setMode] = useState<ImportMode | null>(null);
  const [dragging, setDragging] = useState(false);
  // a phone or tablet has no files to drag in: it is told to choose one
  const touchOnly = useMediaQuery(TOUCH_ONLY_QUERY) ?? false;
  const create = useCreateImport(family);
  const chosenMode = mode ?? kind?.default_mode ?? 'upsert';

  const choose = (picked: File | null) => {
    create.reset();
    if (picked) setChosen(picked);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0] ?? null);
  };

  const failure = create.error ? serverFailure(create.error, t, maxSize) : null;

  return (
    <Paper withBorder p="md" radius="md" data-testid="import-upload">
      <Title order={2} fz="lg" mb="sm">
        {t('imports.upload.title')}
      </Title>
      <Stack gap="md">
        <div
          className={classes.dropzone}
          data-dragging={dragging || undefined}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <IconFileSpreadsheet size={36} stroke={1.4} aria-hidden />
          {file ? (
            <Text fw={600} data-testid="import-file-name">
              {file.name}{' '}
              <Text span c="dimmed" fw={400}>
                · {formatBytes(file.size)}
              </Text>
            </Text>
          ) : (
            <Text c="dimmed" ta="center">
              {t(touchOnly ? 'imports.upload.dropTouch' : 'imports.upload.drop')}
            </Text>
          )}
          <FileButton onChange={choose} accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet">
            {(props) => (
              <Button variant="default" {...props} data-testid="import-choose">
                {file ? t('imports.upload.change') : t('imports.upload.choose')}
              </Button>
            )}
          </FileButton>
          {limits && (
            <Text size="xs" c="dimmed" data-testid="import-limits">
              {t('imports.upload.limits', { size: formatBytes(limits.max_bytes), rows: limits.max_rows })}
            </Text>
          )}
        </div>

        {refusal && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="import-refusal">
            {t(`imports.upload.refused.${refusal}`, { size: maxSize })}
          </Alert>
        )}

        {kind && kind.modes.length > 1 && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('imports.upload.mode')}
            </Text>
            <SegmentedControl
              value={chosenMode}
              onChange={(value) => setMode(value as ImportMode)}
              data={kind.modes.map((value) => ({ value, label: t(`imports.modes.${value}`) }))}
              data-testid="import-mode"
            />
            <Text size="xs" c="dimmed">
              {t(`imports.modesHelp.${chosenMode}`)}
            </Text>
          </Stack>
        )}

        {failure && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="import-create-error">
            {failure}
          </Alert>
        )}

        <Group justify="flex-end">
          <Button
            leftSection={<IconUpload size={16} />}
            disabled={!file || !kind || !limits}
            loading={create.isPending}
            onClick={() => {
              if (!file || !limits) return;
              create.mutate({ file, maxBytes: limits.max_bytes, ...(kind && kind.modes.length > 1 ? { mode: chosenMode } : {}) }, { onSuccess: onCreated });
            }}
            data-testid="import-start"
          >
            {t('imports.upload.start')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function serverFailure(error: unknown, t: TFunction, maxSize: string): string {
  if (isHttpError(error)) {
    if (error.code === 'file-too-large' || error.status === 413) return t('imports.upload.refused.size', { size: maxSize });
    if (error.status === 403) return t('imports.upload.forbidden');
    if (error.detail) return error.detail;
  }
  return t('imports.upload.failed');
}
