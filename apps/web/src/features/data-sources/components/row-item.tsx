import { useState, type KeyboardEvent } from 'react';
import { ActionIcon, Badge, Card, Group, Menu, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconArrowBarToDown, IconArrowBarToUp, IconArrowDown, IconArrowUp, IconArrowsVertical, IconCheck, IconPencil, IconRestore, IconTrash, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TDataSourceRow, TDataSourceRowMove } from '@faena/contracts';
import { toast } from '../../../shared/ui/toasts.ts';
import { useSaveDataSourceRow } from '../api/save-data-source-row.ts';
import { generalProblem, writeProblems, type Problem } from '../lib/problems.ts';
import { confirmActiveChange } from './confirm-active.ts';
import { problemText } from './problem-text.ts';

function IconButton({
  label,
  onClick,
  color,
  children,
  testId,
  loading,
  disabled,
}: {
  label: string;
  onClick: () => void;
  color?: string;
  children: React.ReactNode;
  testId: string;
  loading?: boolean;
  disabled?: boolean;
}) {
  return (
    <Tooltip label={label} withinPortal>
      <ActionIcon variant="subtle" color={color ?? 'gray'} aria-label={label} onClick={onClick} data-testid={testId} loading={loading} disabled={disabled}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** Where a row of a manually ordered source can go from here (absent: it does not move). */
export interface TDataSourceRowMoves {
  up: boolean;
  down: boolean;
  busy: boolean;
  onMove: (to: TDataSourceRowMove) => void;
}

/**
 * One key/label row: read, or edited in place (Enter saves, Escape cancels); deleted and restored
 * after a confirmation; moved up, down, first or last in a manually ordered source. A 400 (a key already in
 * use) shows under its box.
 */
export function RowItem({ sourceId, row, editable, isDesktop, move }: { sourceId: string; row: TDataSourceRow; editable: boolean; isDesktop: boolean; move?: TDataSourceRowMoves | undefined }) {
  const { t } = useTranslation();
  const save = useSaveDataSourceRow(sourceId);
  const [editing, setEditing] = useState(false);
  const [key, setKey] = useState(row.key);
  const [label, setLabel] = useState(row.label);
  const [errors, setErrors] = useState<Record<string, Problem>>({});

  const start = () => {
    setKey(row.key);
    setLabel(row.label);
    setErrors({});
    setEditing(true);
  };
  const commit = () => {
    const missing: Record<string, Problem> = {};
    if (!key.trim()) missing.key = { key: 'dataSources.form.required' };
    if (!label.trim()) missing.label = { key: 'dataSources.form.required' };
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    const body = { ...(key.trim() !== row.key ? { key: key.trim() } : {}), ...(label.trim() !== row.label ? { label: label.trim() } : {}) };
    if (Object.keys(body).length === 0) return setEditing(false);
    save.mutate(
      { rowId: row.id, body },
      {
        onSuccess: () => setEditing(false),
        onError: (error) => {
          const answer = writeProblems(error);
          setErrors(answer.general ? { label: answer.general } : answer.fields);
        },
      },
    );
  };
  const setActive = async (active: boolean) => {
    const ok = await confirmActiveChange(t, {
      id: `data-source-row-${active ? 'restore' : 'delete'}`,
      active,
      title: active ? t('dataSources.rows.restoreTitle') : t('dataSources.rows.deleteTitle'),
      message: active ? t('dataSources.rows.restoreMessage', { label: row.label, key: row.key }) : t('dataSources.rows.deleteMessage', { label: row.label, key: row.key }),
    });
    if (!ok) return;
    save.mutate(
      { rowId: row.id, body: { is_active: active } },
      {
        onSuccess: () => toast.show(active ? t('dataSources.rows.restored', { label: row.label }) : t('dataSources.rows.deleted', { label: row.label })),
        onError: (error) => toast.error(problemText(t, generalProblem(error))),
      },
    );
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setEditing(false);
    }
  };

  const keyCell = editing ? (
    <TextInput
      size="xs"
      value={key}
      onChange={(event) => {
        setKey(event.currentTarget.value);
        setErrors(({ key: _gone, ...rest }) => rest);
      }}
      onKeyDown={onKeyDown}
      maxLength={200}
      error={problemText(t, errors.key)}
      aria-label={t('dataSources.fields.key')}
      data-testid="edit-row-key"
      autoFocus
    />
  ) : (
    <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }} c={row.is_active ? undefined : 'dimmed'}>
      {row.key}
    </Text>
  );
  const labelCell = editing ? (
    <TextInput
      size="xs"
      value={label}
      onChange={(event) => {
        setLabel(event.currentTarget.value);
        setErrors(({ label: _gone, ...rest }) => rest);
      }}
      onKeyDown={onKeyDown}
      maxLength={500}
      error={problemText(t, errors.label)}
      aria-label={t('dataSources.fields.label')}
      data-testid="edit-row-label"
    />
  ) : (
    <Group gap={6}>
      <Text size="sm" c={row.is_active ? undefined : 'dimmed'}>
        {row.label}
      </Text>
      {!row.is_active && (
        <Badge color="gray" variant="light" size="xs">
          {t('dataSources.status.deletedOne')}
        </Badge>
      )}
    </Group>
  );
  const moreMoves = t('dataSources.order.moreOf', { key: row.key });
  const actions = !editable ? null : editing ? (
    <Group gap={2} wrap="nowrap" justify="flex-end">
      <IconButton label={t('dataSources.actions.save')} onClick={commit} color="faena" testId="row-save" loading={save.isPending}>
        <IconCheck size={16} />
      </IconButton>
      <IconButton label={t('dataSources.actions.cancel')} onClick={() => setEditing(false)} testId="row-cancel">
        <IconX size={16} />
      </IconButton>
    </Group>
  ) : row.is_active ? (
    <Group gap={2} wrap="nowrap" justify="flex-end">
      {move && (
        <>
          <IconButton label={t('dataSources.order.upOf', { key: row.key })} onClick={() => move.onMove('up')} disabled={!move.up || move.busy} testId="row-up">
            <IconArrowUp size={16} />
          </IconButton>
          <IconButton label={t('dataSources.order.downOf', { key: row.key })} onClick={() => move.onMove('down')} disabled={!move.down || move.busy} testId="row-down">
            <IconArrowDown size={16} />
          </IconButton>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Tooltip label={moreMoves} withinPortal>
                <ActionIcon variant="subtle" color="gray" aria-label={moreMoves} disabled={(!move.up && !move.down) || move.busy} data-testid="row-move-menu">
                  <IconArrowsVertical size={16} />
                </ActionIcon>
              </Tooltip>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconArrowBarToUp size={16} />} disabled={!move.up || move.busy} onClick={() => move.onMove('first')} data-testid="row-first">
                {t('dataSources.order.first')}
              </Menu.Item>
              <Menu.Item leftSection={<IconArrowBarToDown size={16} />} disabled={!move.down || move.busy} onClick={() => move.onMove('last')} data-testid="row-last">
                {t('dataSources.order.last')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </>
      )}
      <IconButton label={t('dataSources.rows.editOf', { key: row.key })} onClick={start} testId="row-edit">
        <IconPencil size={16} />
      </IconButton>
      <IconButton label={t('dataSources.rows.deleteOf', { key: row.key })} onClick={() => void setActive(false)} color="red" testId="row-delete">
        <IconTrash size={16} />
      </IconButton>
    </Group>
  ) : (
    <Group gap={2} wrap="nowrap" justify="flex-end">
      <IconButton label={t('dataSources.rows.restoreOf', { key: row.key })} onClick={() => void setActive(true)} testId="row-restore" loading={save.isPending}>
        <IconRestore size={16} />
      </IconButton>
    </Group>
  );

  // Boxes with errors grow downwards: keep the row's cells on their first line then.
  const align = editing ? 'top' : 'middle';
  if (isDesktop) {
    return (
      <Table.Tr data-testid="source-data-row" data-key={row.key}>
        <Table.Td style={{ verticalAlign: align }}>{keyCell}</Table.Td>
        <Table.Td style={{ verticalAlign: align }}>{labelCell}</Table.Td>
        {editable && <Table.Td style={{ verticalAlign: align }}>{actions}</Table.Td>}
      </Table.Tr>
    );
  }
  return (
    <Card component="li" withBorder radius="md" padding="sm" data-testid="source-data-row" data-key={row.key}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          {labelCell}
          {keyCell}
        </Stack>
        {actions}
      </Group>
    </Card>
  );
}
