import { Grid, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RequiredMarkerStyle } from '@faena/domain/forms/messages';
import { FormRenderer } from '../form-renderer.tsx';
import { toast } from '../../ui/toasts.ts';
import { useBuilder } from './builder-context.ts';
import { FieldListEditor } from './field-list-editor.tsx';
import { FieldPickerMenu, FieldPickerPanel } from './field-picker.tsx';
import { MarkerStyleToggle } from './marker-style-toggle.tsx';
import { PreviewBoundary } from './preview-boundary.tsx';
import classes from './form-builder.module.css';

const ROOT: readonly never[] = [];

/** The live preview: the real renderer on the draft; "submit" only validates. */
function Preview({ markerStyle, onMarkerStyle }: { markerStyle: RequiredMarkerStyle; onMarkerStyle: (value: RequiredMarkerStyle) => void }) {
  const { t } = useTranslation();
  const { fields, previewStore } = useBuilder();
  return (
    <Stack gap="sm" className={classes.preview} data-testid="builder-preview">
      <Group justify="space-between" gap="xs">
        <Text fw={650} size="sm">
          {t('formBuilder.preview.title')}
        </Text>
        <MarkerStyleToggle value={markerStyle} onChange={onMarkerStyle} />
      </Group>
      {fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('formBuilder.preview.empty')}
        </Text>
      ) : (
        <PreviewBoundary message={t('formBuilder.preview.failed')} resetKey={fields}>
          <FormRenderer
            fields={fields}
            store={previewStore}
            markerStyle={markerStyle}
            submitLabel={t('formBuilder.preview.validate')}
            onSubmit={async () => void toast.show(t('formBuilder.preview.valid'))}
            aria-label={t('formBuilder.preview.title')}
          />
        </PreviewBoundary>
      )}
    </Stack>
  );
}

/** The editor tab: field picker, the sortable field list with settings, and the live preview. */
export function BuilderEditor({ markerStyle, onMarkerStyle }: { markerStyle: RequiredMarkerStyle; onMarkerStyle: (value: RequiredMarkerStyle) => void }) {
  const { t } = useTranslation();
  const { fields, addField, selected } = useBuilder();
  const isWide = useMediaQuery('(min-width: 62em)') ?? true;
  const isMedium = useMediaQuery('(min-width: 48em)') ?? true;
  const [pane, setPane] = useState<'fields' | 'preview'>('fields');

  // The new field goes after the open one when it is a top-level field.
  const add = (type: Parameters<typeof addField>[0]) => {
    const open = selected?.split('/') ?? [];
    const after = open.length === 1 ? fields.find((field) => `${typeof field.id}:${field.id}` === open[0])?.id : undefined;
    addField(type, ROOT, after);
  };

  // Without the picker column, "add field" sits above the list (and again below a long one).
  const list = (
    <Stack gap="sm">
      {!isWide && <FieldPickerMenu onPick={add} testId="builder-add" />}
      <FieldListEditor fields={fields} listPath={ROOT} />
      {!isWide && fields.length > 5 && <FieldPickerMenu onPick={add} variant="default" testId="builder-add-bottom" />}
    </Stack>
  );
  const preview = (
    <Paper withBorder radius="md" p="md" className={classes.previewPaper}>
      <Preview markerStyle={markerStyle} onMarkerStyle={onMarkerStyle} />
    </Paper>
  );

  if (!isMedium) {
    return (
      <Stack gap="sm">
        <SegmentedControl
          fullWidth
          value={pane}
          onChange={(value) => setPane(value as 'fields' | 'preview')}
          data={[
            { value: 'fields', label: t('formBuilder.tabs.fields') },
            { value: 'preview', label: t('formBuilder.preview.title') },
          ]}
        />
        <div hidden={pane !== 'fields'}>{list}</div>
        <div hidden={pane !== 'preview'}>{preview}</div>
      </Stack>
    );
  }
  return (
    <Grid gap="md" align="flex-start">
      {isWide && (
        <Grid.Col span={3} className={classes.sticky}>
          <Paper withBorder radius="md" p="sm">
            <FieldPickerPanel onPick={add} />
          </Paper>
        </Grid.Col>
      )}
      <Grid.Col span={isWide ? 5 : 7}>{list}</Grid.Col>
      <Grid.Col span={isWide ? 4 : 5} className={classes.sticky}>
        {preview}
      </Grid.Col>
    </Grid>
  );
}
