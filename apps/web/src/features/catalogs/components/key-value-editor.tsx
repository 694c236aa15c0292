import { ActionIcon, Button, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { newRowId, type KeyValueRow } from '../lib/form-model.ts';

/** A venue's `extra_data` (spec forms §3 "extra_data (map)"): rows of key and value, added and removed freely. */
export function KeyValueEditor({ label, value, onChange, error }: { label: string; value: KeyValueRow[]; onChange: (rows: KeyValueRow[]) => void; error?: string | undefined }) {
  const { t } = useTranslation();
  const change = (id: string, patch: Partial<KeyValueRow>) => onChange(value.map((row) => (row.id === id ? { ...row, ...patch } : row)));
  return (
    <Input.Wrapper label={label} error={error} description={t('catalogs.extraData.help')}>
      <Stack gap={6} mt={6} data-testid="extra-data">
        {value.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('catalogs.extraData.empty')}
          </Text>
        )}
        {value.map((row, index) => (
          <Group key={row.id} gap={6} wrap="nowrap" align="flex-start">
            <TextInput
              aria-label={t('catalogs.extraData.key', { n: index + 1 })}
              placeholder={t('catalogs.extraData.keyPlaceholder')}
              value={row.key}
              onChange={(event) => change(row.id, { key: event.currentTarget.value })}
              maxLength={100}
              style={{ flex: '0 1 40%' }}
            />
            <TextInput
              aria-label={t('catalogs.extraData.value', { n: index + 1 })}
              placeholder={t('catalogs.extraData.valuePlaceholder')}
              value={row.text}
              onChange={(event) => change(row.id, { text: event.currentTarget.value })}
              style={{ flex: 1 }}
            />
            <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('catalogs.extraData.remove', { n: index + 1 })} onClick={() => onChange(value.filter((other) => other.id !== row.id))}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Button variant="subtle" size="compact-sm" leftSection={<IconPlus size={14} />} style={{ alignSelf: 'flex-start' }} onClick={() => onChange([...value, { id: newRowId(), key: '', text: '' }])}>
          {t('catalogs.extraData.add')}
        </Button>
      </Stack>
    </Input.Wrapper>
  );
}
