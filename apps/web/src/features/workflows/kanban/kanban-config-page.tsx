import { ActionIcon, Alert, Button, Group, Loader, MultiSelect, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TKanban, TKanbanColumn, TKanbanOptions } from '@faena/contracts/workflows-extras';
import { isHttpError } from '../../../shared/api/http-error.ts';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { useDeleteKanban, useKanban, useKanbanOptions, useSaveKanban } from '../extras/api.ts';
import { newColumnId, validateBoard, type BoardProblem } from './kanban-model.ts';
import classes from './kanban.module.css';

const STATUSES = ['InProcess', 'Success', 'Error'] as const;

/** /workflows/{workflowType}/configuration/kanban/{kanbanId} ("new" creates one). MANAGE_WF. */
export function KanbanConfigPage({ typeId, kanbanId }: { typeId: string; kanbanId: string }) {
  const { t } = useTranslation();
  const isNew = kanbanId === 'new';
  const kanban = useKanban(typeId, isNew ? undefined : kanbanId);
  const options = useKanbanOptions(typeId);
  if (kanban.isError || options.isError) return <Alert color="red">{t('workflowsExtras.kanban.notFound')}</Alert>;
  if (!options.data || (!isNew && !kanban.data)) return <Loader />;
  return <KanbanForm key={kanban.data?.id ?? 'new'} typeId={typeId} kanban={kanban.data ?? null} options={options.data} />;
}

function KanbanForm({ typeId, kanban, options }: { typeId: string; kanban: TKanban | null; options: TKanbanOptions }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveKanban(typeId);
  const remove = useDeleteKanban(typeId);
  const [name, setName] = useState(kanban?.name ?? '');
  const [columns, setColumns] = useState<TKanbanColumn[]>(
    kanban?.columns ?? [
      ...options.tasks.map((task) => ({ id: newColumnId(), title: task.name, kind: 'task' as const, value: task.bpmn_id })),
      { id: newColumnId(), title: t('workflowsExtras.status.Success'), kind: 'status' as const, value: 'Success' },
    ],
  );
  const [cardFields, setCardFields] = useState<string[]>(kanban?.card_fields ?? options.variables.slice(0, 1).map((v) => v.name));
  const [problems, setProblems] = useState<BoardProblem[]>([]);

  const change = (index: number, patch: Partial<TKanbanColumn>) => setColumns((all) => all.map((c, i) => (i === index ? { ...c, ...patch } : c)));
  const moveColumn = (index: number, by: -1 | 1) =>
    setColumns((all) => {
      const next = [...all];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item!);
      return next;
    });
  const valueOptions = (column: TKanbanColumn) =>
    column.kind === 'task' ? options.tasks.map((task) => ({ value: task.bpmn_id, label: task.name })) : STATUSES.map((s) => ({ value: s, label: t(`workflowsExtras.status.${s}`) }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = validateBoard({ name, columns });
    setProblems(found);
    if (found.length > 0) return;
    save.mutate(
      { id: kanban?.id, name: name.trim(), columns: columns.map((c) => ({ ...c, title: c.title.trim() })), card_fields: cardFields },
      {
        onSuccess: (saved) => {
          toast.show(t('workflowsExtras.kanban.saved'));
          void navigate(`/workflows/${typeId}/kanban/${saved.id}`);
        },
        onError: (error) => toast.error(isHttpError(error) && error.detail ? error.detail : t('workflowsExtras.kanban.saveFailed')),
      },
    );
  };

  const problem = (key: BoardProblem['field'], index?: number) => {
    const p = problems.find((x) => x.field === key && (index === undefined || x.index === index));
    return p ? t(`workflowsExtras.kanban.problems.${p.reason}`) : undefined;
  };

  return (
    <Stack gap="md" maw={760}>
      <BackLink to={`/workflows/${typeId}/administration`}>{t('workflowsExtras.kanban.backToType')}</BackLink>
      <PageHeader title={kanban ? t('workflowsExtras.kanban.editTitle') : t('workflowsExtras.kanban.newTitle')} description={t('workflowsExtras.kanban.configHint')} />
      {options.tasks.length === 0 && <Alert color="yellow">{t('workflowsExtras.kanban.noActiveVersion')}</Alert>}
      <Paper withBorder p="md" component="form" onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label={t('workflowsExtras.kanban.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} required error={problem('name')} maxLength={200} />
          <Stack gap="sm">
            <Text fw={600}>{t('workflowsExtras.kanban.columns')}</Text>
            {columns.map((column, index) => (
              <Group key={column.id} align="flex-end" gap="sm" className={classes.configRow} wrap="wrap">
                <TextInput
                  label={t('workflowsExtras.kanban.columnTitle')}
                  value={column.title}
                  onChange={(e) => change(index, { title: e.currentTarget.value })}
                  error={problem('title', index)}
                  style={{ flex: '1 1 180px' }}
                  maxLength={200}
                />
                <Select
                  label={t('workflowsExtras.kanban.columnKind')}
                  data={[
                    { value: 'task', label: t('workflowsExtras.kanban.kindTask') },
                    { value: 'status', label: t('workflowsExtras.kanban.kindStatus') },
                  ]}
                  value={column.kind}
                  allowDeselect={false}
                  onChange={(kind) => change(index, { kind: kind === 'status' ? 'status' : 'task', value: kind === 'status' ? 'Success' : (options.tasks[0]?.bpmn_id ?? '') })}
                  style={{ flex: '0 1 150px' }}
                />
                <Select
                  label={column.kind === 'task' ? t('workflowsExtras.kanban.columnTask') : t('workflowsExtras.kanban.columnStatus')}
                  data={valueOptions(column)}
                  value={column.value || null}
                  allowDeselect={false}
                  onChange={(value) => change(index, { value: value ?? '' })}
                  error={problem('value', index)}
                  style={{ flex: '1 1 180px' }}
                />
                <Group gap={4}>
                  <ActionIcon variant="default" size="lg" disabled={index === 0} onClick={() => moveColumn(index, -1)} aria-label={t('workflowsExtras.kanban.columnUp', { title: column.title })}>
                    ↑
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    size="lg"
                    disabled={index === columns.length - 1}
                    onClick={() => moveColumn(index, 1)}
                    aria-label={t('workflowsExtras.kanban.columnDown', { title: column.title })}
                  >
                    ↓
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    color="red"
                    size="lg"
                    disabled={columns.length === 1}
                    onClick={() => setColumns((all) => all.filter((_, i) => i !== index))}
                    aria-label={t('workflowsExtras.kanban.columnRemove', { title: column.title })}
                  >
                    ✕
                  </ActionIcon>
                </Group>
              </Group>
            ))}
            {problem('columns') && (
              <Text c="red" size="sm">
                {problem('columns')}
              </Text>
            )}
            <Group>
              <Button
                variant="default"
                disabled={columns.length >= 20}
                onClick={() => setColumns((all) => [...all, { id: newColumnId(), title: '', kind: 'task', value: options.tasks[0]?.bpmn_id ?? '' }])}
              >
                {t('workflowsExtras.kanban.addColumn')}
              </Button>
            </Group>
          </Stack>
          <MultiSelect
            label={t('workflowsExtras.kanban.cardFields')}
            description={t('workflowsExtras.kanban.cardFieldsHint')}
            data={options.variables.map((v) => ({ value: v.name, label: v.label }))}
            value={cardFields}
            onChange={setCardFields}
            maxValues={10}
            clearable
          />
          <Group justify="space-between">
            {kanban ? (
              <Button
                variant="subtle"
                color="red"
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(kanban.id, {
                    onSuccess: () => {
                      toast.show(t('workflowsExtras.kanban.deleted'));
                      void navigate(`/workflows/${typeId}/administration`);
                    },
                  })
                }
              >
                {t('workflowsExtras.kanban.delete')}
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" loading={save.isPending}>
              {t('workflowsExtras.kanban.save')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
