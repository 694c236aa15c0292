import { DndContext, KeyboardSensor, PointerSensor, useDraggable, useDroppable, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { Alert, Badge, Button, Group, Loader, Menu, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FormField } from '@faena/domain';
import type { TKanbanBoard, TKanbanCard, TKanbanColumn } from '@faena/contracts/workflows-extras';
import { isHttpError } from '../../../shared/api/http-error.ts';
import { FormRenderer } from '../../../shared/forms/form-renderer.tsx';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { useAccessContext } from '../../../shared/session/get-site-config.ts';
import { sessionStore } from '../../../shared/session/session.ts';
import { useBoard, useFormDefinition, useMoveCard, WFX_API, wfxKeys } from '../extras/api.ts';
import { watchBoard } from './board-events.ts';
import classes from './kanban.module.css';

/**
 * Keeps the board live: the board's own event stream says when an execution of the type moved
 * (for every watcher, with or without tasks in it); the 15 s refetch is the floor when it is down.
 */
function useLiveBoard(typeId: string, id: string) {
  const client = useQueryClient();
  useEffect(
    () =>
      watchBoard({
        url: `${WFX_API}/workflow-types/${encodeURIComponent(typeId)}/kanbans/${encodeURIComponent(id)}/events/`,
        getToken: () => sessionStore.getIdToken(),
        onChanged: () => void client.invalidateQueries({ queryKey: wfxKeys.board(typeId, id) }),
      }),
    [client, typeId, id],
  );
}

/** A card's title: its first chosen variable, else the execution's name. */
const cardTitle = (card: TKanbanCard) => (card.fields[0]?.text && card.fields[0].text !== '' ? card.fields[0].text : card.name);

interface PendingMove {
  card: TKanbanCard;
  to: TKanbanColumn;
}

/** /workflows/{workflowType}/kanban/{kanbanId}: the executions as cards; moving one completes its step. */
export function KanbanBoardPage({ typeId, kanbanId }: { typeId: string; kanbanId: string }) {
  const { t } = useTranslation();
  const board = useBoard(typeId, kanbanId);
  const move = useMoveCard(typeId, kanbanId);
  const canManage = useAccessContext().ctx.permissions.includes('MANAGE_WF');
  const [pending, setPending] = useState<PendingMove | null>(null);
  const [optimistic, setOptimistic] = useState<{ execution: string; column: string } | null>(null);
  useLiveBoard(typeId, kanbanId);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 8 } }), useSensor(KeyboardSensor));

  if (board.isError) return <Alert color="red">{t('workflowsExtras.kanban.notFound')}</Alert>;
  if (!board.data) return <Loader />;
  const data: TKanbanBoard = board.data;
  const columnOf = (card: TKanbanCard) => (optimistic?.execution === card.execution ? optimistic.column : card.column);

  const send = (card: TKanbanCard, to: TKanbanColumn, response?: Record<string, unknown>) =>
    move.mutateAsync({ execution: card.execution, to_column: to.id, ...(response ? { response } : {}) }).then(
      () => {
        toast.show(t('workflowsExtras.kanban.moved', { name: cardTitle(card), column: to.title }));
        // on a phone the target column may be off screen: bring it (and the card) into view
        document.querySelector(`[data-testid="kanban-column-${CSS.escape(to.id)}"]`)?.scrollIntoView({ behavior: 'smooth', block: 'nearest', inline: 'start' });
        setPending(null);
      },
      (error: unknown) => {
        setOptimistic(null);
        // the form's own field errors are shown by the form; anything else says why the card went back
        if (response && isHttpError(error) && error.status === 400) throw error;
        setPending(null);
        const code = isHttpError(error) ? error.code : undefined;
        toast.error(
          code === 'move-not-allowed' ? t('workflowsExtras.kanban.notAllowed') : code === 'permission-denied' ? t('workflowsExtras.kanban.notYours') : t('workflowsExtras.kanban.moveFailed'),
        );
      },
    );

  const requestMove = (card: TKanbanCard, to: TKanbanColumn) => {
    if (card.column === to.id) return;
    // a column the model does not lead to is still asked (the server says why with 409); its form is not opened
    if (card.task?.form_id && card.allowed_columns.includes(to.id)) {
      setPending({ card, to });
      return;
    }
    setOptimistic({ execution: card.execution, column: to.id });
    void send(card, to).finally(() => setOptimistic(null));
  };

  const onDragEnd = (event: DragEndEvent) => {
    const card = data.cards.find((c) => c.execution === event.active.id);
    const to = data.kanban.columns.find((c) => c.id === event.over?.id);
    if (card && to) requestMove(card, to);
  };

  return (
    <Stack gap="md">
      <BackLink to={canManage ? `/workflows/${typeId}/administration` : '/workflows'}>{t('workflowsExtras.kanban.back')}</BackLink>
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Text c="dimmed" size="sm">
            {data.workflow_type.name}
          </Text>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {data.kanban.name}
          </Title>
        </Stack>
        {canManage && (
          <Button variant="default" component={Link} to={`/workflows/${typeId}/configuration/kanban/${kanbanId}`}>
            {t('workflowsExtras.kanban.configure')}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t('workflowsExtras.kanban.hint')}
      </Text>
      <DndContext sensors={sensors} onDragEnd={onDragEnd}>
        <div className={classes.board} data-testid="kanban-board">
          {data.kanban.columns.map((column) => {
            const cards = data.cards.filter((card) => columnOf(card) === column.id);
            return (
              <KanbanColumnView key={column.id} column={column} count={cards.length}>
                {cards.map((card) => (
                  <KanbanCardView key={card.execution} card={card} columns={data.kanban.columns} onMove={(to) => requestMove(card, to)} busy={move.isPending} />
                ))}
              </KanbanColumnView>
            );
          })}
        </div>
      </DndContext>
      {pending && <TaskFormModal pending={pending} onClose={() => setPending(null)} onSubmit={(response) => send(pending.card, pending.to, response)} />}
    </Stack>
  );
}

function KanbanColumnView({ column, count, children }: { column: TKanbanColumn; count: number; children: React.ReactNode }) {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: column.id });
  return (
    <section ref={setNodeRef} className={classes.column} data-over={isOver || undefined} aria-label={column.title} data-testid={`kanban-column-${column.id}`}>
      <Group justify="space-between" className={classes.columnHeader} wrap="nowrap">
        <Text fw={700} lineClamp={2}>
          {column.title}
        </Text>
        <Badge variant="light" color="gray" aria-label={t('workflowsExtras.kanban.count', { count })}>
          {count}
        </Badge>
      </Group>
      <Stack gap="sm" className={classes.cards}>
        {children}
        {count === 0 && (
          <Text size="sm" c="dimmed" ta="center" py="md">
            {t('workflowsExtras.kanban.emptyColumn')}
          </Text>
        )}
      </Stack>
    </section>
  );
}

function KanbanCardView({ card, columns, onMove, busy }: { card: TKanbanCard; columns: readonly TKanbanColumn[]; onMove: (to: TKanbanColumn) => void; busy: boolean }) {
  const { t, i18n } = useTranslation();
  const movable = card.status === 'InProcess' && card.task !== null;
  const canMove = movable && card.allowed_columns.length > 0;
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: card.execution, disabled: !movable });
  const style = transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined;
  const title = cardTitle(card);
  const created = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hour12: false }).format(new Date(card.created));
  return (
    <Paper ref={setNodeRef} withBorder p="sm" radius="md" className={classes.card} data-dragging={isDragging || undefined} style={style} data-testid="kanban-card">
      <div {...listeners} {...attributes} className={classes.handle} aria-label={t('workflowsExtras.kanban.dragCard', { name: title })} aria-roledescription={t('workflowsExtras.kanban.draggable')}>
        <Text fw={600} size="sm" lineClamp={2}>
          {title}
        </Text>
        {card.fields.slice(1).map((field) => (
          <Text key={field.name} size="xs" c="dimmed" lineClamp={1}>
            {field.label}: {field.text}
          </Text>
        ))}
        <Text size="xs" c="dimmed">
          {card.started_by ?? t('workflowsExtras.kanban.unknownStarter')} · {created}
        </Text>
        {card.task && card.status === 'InProcess' && (
          <Badge mt={4} variant="light" size="sm">
            {card.task.name}
          </Badge>
        )}
      </div>
      {canMove && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="subtle" size="compact-sm" mt={6} disabled={busy} aria-label={t('workflowsExtras.kanban.moveTo', { name: title })}>
              {t('workflowsExtras.kanban.moveMenu')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {columns
              .filter((c) => card.allowed_columns.includes(c.id))
              .map((c) => (
                <Menu.Item key={c.id} onClick={() => onMove(c)}>
                  {c.title}
                </Menu.Item>
              ))}
          </Menu.Dropdown>
        </Menu>
      )}
    </Paper>
  );
}

/** The task's form, asked before the move completes the task. */
function TaskFormModal({ pending, onClose, onSubmit }: { pending: PendingMove; onClose: () => void; onSubmit: (response: Record<string, unknown>) => Promise<unknown> }) {
  const { t } = useTranslation();
  const form = useFormDefinition(pending.card.task?.form_id ?? null);
  return (
    <Modal opened onClose={onClose} title={t('workflowsExtras.kanban.formTitle', { task: pending.card.task?.name ?? '', column: pending.to.title })} size="lg" fullScreen={false}>
      {form.isError && <Alert color="red">{t('workflowsExtras.kanban.formFailed')}</Alert>}
      {!form.data && !form.isError && <Loader />}
      {form.data && <FormRenderer fields={form.data.description as FormField[]} onSubmit={onSubmit} submitLabel={t('workflowsExtras.kanban.completeAndMove')} aria-label={form.data.name} />}
    </Modal>
  );
}
