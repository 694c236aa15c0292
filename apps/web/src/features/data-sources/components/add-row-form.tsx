import { useRef, useState, type FormEvent } from 'react';
import { Button, Group, Paper, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toasts.ts';
import { useSaveDataSourceRow } from '../api/save-data-source-row.ts';
import { writeProblems, type Problem } from '../lib/problems.ts';
import { problemText } from './problem-text.ts';

/** A new key/label row, typed in place; the key box takes the focus again for the next one. */
export function AddRowForm({ sourceId }: { sourceId: string }) {
  const { t } = useTranslation();
  const save = useSaveDataSourceRow(sourceId);
  const [key, setKey] = useState('');
  const [label, setLabel] = useState('');
  const [errors, setErrors] = useState<Record<string, Problem>>({});
  const keyInput = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, Problem> = {};
    if (!key.trim()) missing.key = { key: 'dataSources.form.required' };
    if (!label.trim()) missing.label = { key: 'dataSources.form.required' };
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    save.mutate(
      { body: { key: key.trim(), label: label.trim() } },
      {
        onSuccess: (row) => {
          toast.show(t('dataSources.rows.added', { label: row?.label ?? label.trim() }));
          setKey('');
          setLabel('');
          keyInput.current?.focus();
        },
        onError: (error) => {
          const answer = writeProblems(error);
          setErrors(answer.general ? { key: answer.general } : answer.fields);
        },
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)">
      <form onSubmit={submit} noValidate data-testid="add-row-form">
        <Group gap="sm" align="flex-start" wrap="wrap">
          <TextInput
            ref={keyInput}
            label={t('dataSources.fields.key')}
            value={key}
            onChange={(event) => {
              setKey(event.currentTarget.value);
              setErrors(({ key: _gone, ...rest }) => rest);
            }}
            maxLength={200}
            error={problemText(t, errors.key)}
            style={{ flex: '1 1 10rem' }}
            data-testid="new-row-key"
          />
          <TextInput
            label={t('dataSources.fields.label')}
            value={label}
            onChange={(event) => {
              setLabel(event.currentTarget.value);
              setErrors(({ label: _gone, ...rest }) => rest);
            }}
            maxLength={500}
            error={problemText(t, errors.label)}
            style={{ flex: '2 1 14rem' }}
            data-testid="new-row-label"
          />
          <Button type="submit" leftSection={<IconPlus size={16} />} loading={save.isPending} mt={{ base: 0, xs: 25 }} data-testid="add-row">
            {t('dataSources.rows.add')}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
