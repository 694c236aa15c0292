import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TWfExecutionSummary, TWfUserTask, TWorkflowType } from '@faena/contracts';
import { sessionStore } from '../../../shared/session/session.ts';
import { stubApi } from '../../../test/fetch.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { testTokenPair } from '../../../test/session.ts';
import { ExecutionCards } from './executions-page.tsx';
import { TaskInbox } from './task-inbox.tsx';
import { WorkflowsHome } from './workflows-home.tsx';

const NOW = new Date('2026-12-05T12:00:00Z');
const hoursFromNow = (h: number) => new Date(NOW.getTime() + h * 3600_000).toISOString();

function task(id: string, name: string, due_at: string | null): TWfUserTask {
  return {
    id,
    name,
    due_at,
    created_at: '2026-12-01T10:00:00.000Z',
    updated_at: '2026-12-01T10:00:00.000Z',
    deleted_at: null,
    bpmn_id: 'T',
    type: 'UserTask',
    is_active: true,
    execution: `exec-${id}`,
    attached_to: null,
    execution_audience: [],
    successfully_completed: null,
    summary: name,
    description: '',
    form_id: null,
    workflow_type: { id: 'type-1', name: 'Solicitud de compra' },
    version: { id: 'v-1', number: 1 },
    is_open: true,
  };
}

function execution(id: string, status: TWfExecutionSummary['status']): TWfExecutionSummary {
  return {
    id: `${id}-0000-0000`,
    name: 'Solicitud de compra',
    status,
    workflow_type: { id: 'type-1', name: 'Solicitud de compra' },
    version: { id: 'v-1', number: 1 },
    started_by: { passport: 'p', name: 'Olga Operaria' },
    created: '2026-12-01T10:00:00.000Z',
    updated: '2026-12-01T10:00:00.000Z',
    initiated: '2026-12-01T10:00:00.000Z',
    completed: status === 'InProcess' ? null : '2026-12-02T10:00:00.000Z',
    current: status === 'InProcess' ? [{ bpmn_id: 'Aprobar', name: 'Aprobar compra' }] : [],
  };
}

beforeEach(() => sessionStore.signIn(testTokenPair()));
afterEach(async () => {
  await sessionStore.signOut();
  vi.unstubAllGlobals();
});

describe('task inbox', () => {
  it('lists overdue tasks first (most overdue on top), then by due time, then those without one; each links to its form', async () => {
    stubApi(() => undefined);
    const tasks = [
      task('c', 'Sin plazo', null),
      task('b', 'Vence mañana', hoursFromNow(30)),
      task('a', 'Atrasada hace 2 días', hoursFromNow(-48)),
      task('d', 'Atrasada hace 1 hora', hoursFromNow(-1)),
    ];
    await renderRoutes([{ path: '/workflows', element: <TaskInbox tasks={tasks} loading={false} now={NOW} /> }], { path: '/workflows' });
    const rows = screen.getAllByTestId('inbox-task');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Atrasada hace 2 días/),
      expect.stringMatching(/^Atrasada hace 1 hora/),
      expect.stringMatching(/^Vence mañana/),
      expect.stringMatching(/^Sin plazo/),
    ]);
    expect(rows[0]!.getAttribute('href')).toBe('/workflows/type-1/executions/v-1/exec-a?task=a');
    expect(rows.filter((row) => row.dataset.overdue === 'true')).toHaveLength(2);
    expect(within(rows[0]!).getByText('Atrasada')).toBeTruthy();
    expect(rows[0]!.textContent).toContain('Venció anteayer');
    expect(rows[2]!.textContent).toContain('Vence mañana');
    expect(within(rows[3]!).getByText('Sin fecha de vencimiento')).toBeTruthy();
  });

  it('says when there is nothing to do', async () => {
    stubApi(() => undefined);
    await renderRoutes([{ path: '/workflows', element: <TaskInbox tasks={[]} loading={false} now={NOW} /> }], { path: '/workflows' });
    expect(screen.getByTestId('inbox-empty').textContent).toContain('No tienes tareas pendientes.');
  });
});

describe('executions', () => {
  it('shows each status in words, who started it and where it stands', async () => {
    stubApi(() => undefined);
    await renderRoutes(
      [{ path: '/x', element: <ExecutionCards executions={[execution('aaaaaaaa', 'InProcess'), execution('bbbbbbbb', 'Success'), execution('cccccccc', 'Error')]} loading={false} /> }],
      { path: '/x' },
    );
    expect(screen.getAllByTestId('execution-status').map((badge) => badge.textContent)).toEqual(['En proceso', 'Finalizado', 'Con error']);
    const first = screen.getAllByTestId('execution-row')[0]!;
    expect(first.textContent).toContain('Iniciada por Olga Operaria');
    expect(first.textContent).toContain('En: Aprobar compra');
    expect(first.getAttribute('href')).toBe('/workflows/type-1/executions/v-1/aaaaaaaa-0000-0000');
  });
});

describe('/workflows', () => {
  it('shows the startable types by category, each opening its page; archived and unpublished ones are left out', async () => {
    const type = (id: string, name: string, category: string | null, over: Partial<TWorkflowType> = {}): TWorkflowType => ({
      id,
      name,
      description: '',
      icon: 'shopping-cart',
      category: category ? { id: category, name: category } : null,
      is_archived: false,
      active_version: { id: `${id}-v`, number: 1 },
      latest_version: null,
      is_dispatchable: true,
      created_at: '',
      updated_at: '',
      ...over,
    });
    stubApi((url) => {
      if (url.includes('/my-workflow-types/'))
        return { results: [type('t1', 'Solicitud de compra', 'Compras'), type('t2', 'Vacaciones', null), type('t3', 'Viejo', 'Compras', { is_archived: true })] };
      if (url.includes('/my-tasks/')) return { results: [task('a', 'Aprobar compra', null)] };
      return undefined;
    });
    await renderRoutes([{ path: '/workflows', element: <WorkflowsHome /> }], { path: '/workflows' });
    await screen.findByText('Solicitud de compra');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Compras', 'Sin categoría']);
    expect(screen.getAllByTestId('workflow-type').map((tile) => tile.getAttribute('href'))).toEqual(['/workflows/t1/t1-v', '/workflows/t2/t2-v']);
    expect(screen.queryByText('Viejo')).toBeNull();
    // the inbox tab counts my tasks
    expect((await screen.findByTestId('tab-tasks')).textContent).toContain('1');
  });
});
