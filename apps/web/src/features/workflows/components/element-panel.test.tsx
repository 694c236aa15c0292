import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../shared/session/session.ts';
import { stubApi } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { testTokenPair } from '../../../test/session.ts';
import type { DiagramElement, ModdleElement, Services } from './bpmn-types.ts';
import { ElementPanel } from './element-panel.tsx';

const ANA = { id: 'person-ana', passport: 'passport-ana', name: 'Ana Rojas', primary_email: 'ana@faena.test', picture: null, is_disabled: false, positions: [] };
const LUIS = { id: 'person-luis', passport: 'passport-luis', name: 'Luis Soto', primary_email: 'luis@faena.test', picture: null, is_disabled: false, positions: [] };
const CAJERA = { id: 'position-cajera', title: 'Cajera', department: 'Tienda', code: 'CAJ' };
const CLIENTES = { id: 'audience-clientes', name: 'Atención a clientes', description: null };

const START_FORM = {
  id: 'form-start',
  name: 'Solicitud',
  description: [
    { id: 1, name: 'jefe', label: 'Jefe', type: 'user' },
    { id: 2, name: 'tienda', label: 'Tienda', type: 'venue' },
    { id: 3, name: 'nota', label: 'Nota', type: 'text' },
  ],
};
const LATER_FORM = { id: 'form-later', name: 'Cierre', description: [{ id: 1, name: 'cierre', label: 'Quién cierra', type: 'users' }] };

/**
 * A user task inside a moddle tree as bpmn-js keeps it: a start event with a form before it, a
 * task with another form after it (its fields are filled later, so they are no choice).
 */
function taskInModel(attrs: Record<string, unknown>) {
  const task = userTask(attrs);
  const definitions = { $type: 'bpmn:Definitions', rootElements: [] as unknown[] };
  const process = { $type: 'bpmn:Process', id: 'Process_1', $parent: definitions, flowElements: [] as unknown[] };
  definitions.rootElements.push(process);
  const start = { $type: 'bpmn:StartEvent', id: 'Start_1', formId: 'form-start', $parent: process };
  const later = { $type: 'bpmn:UserTask', id: 'Task_2', formId: 'form-later', $parent: process };
  const bo = Object.assign(task.element.businessObject, { $parent: process });
  process.flowElements.push(
    start,
    bo,
    later,
    { $type: 'bpmn:SequenceFlow', id: 'Flow_1', sourceRef: start, targetRef: bo },
    { $type: 'bpmn:SequenceFlow', id: 'Flow_2', sourceRef: bo, targetRef: later },
  );
  return task;
}

/** A user task as bpmn-js hands it to the panel, its attributes in `attrs`; `updateProperties` writes them back. */
function userTask(attrs: Record<string, unknown>) {
  const bo = { $type: 'bpmn:UserTask', id: 'Task_1', name: 'Revisar', get: (name: string) => attrs[name] } as unknown as ModdleElement;
  const element: DiagramElement = { id: 'Task_1', type: 'bpmn:UserTask', businessObject: bo };
  const updateProperties = vi.fn((_: DiagramElement, props: Record<string, unknown>) => Object.assign(attrs, props));
  const services = { modeling: { updateProperties, updateModdleProperties: vi.fn() }, moddle: { create: vi.fn() } } as unknown as Services;
  return { element, services, updateProperties, attrs };
}

let calls: string[] = [];
beforeEach(() => {
  sessionStore.signIn(testTokenPair());
  calls = stubApi((url) => {
    const query = new URL(url, 'http://x').searchParams;
    if (url.startsWith('/api/forms/v3/forms/form-start/')) return START_FORM;
    if (url.startsWith('/api/forms/v3/forms/form-later/')) return LATER_FORM;
    if (url.startsWith('/api/forms/v3/forms/')) return { count: 0, next: null, previous: null, results: [] };
    if (url.includes('/persons/person-ana/')) return ANA;
    if (url.includes('/persons/?')) return { count: 1, next: null, previous: null, results: query.get('search') === 'luis' ? [LUIS] : [ANA, LUIS] };
    if (url.includes('/positions/?')) return { count: 1, next: null, previous: null, results: [CAJERA] };
    if (url.includes('/audiences/?')) return { count: 1, next: null, previous: null, results: [CLIENTES] };
    return undefined;
  });
});
afterEach(async () => {
  await sessionStore.signOut();
  vi.unstubAllGlobals();
});

const panel = (task: ReturnType<typeof userTask>) =>
  renderWithProviders(
    <MemoryRouter>
      <ElementPanel element={task.element} services={task.services} readOnly={false} versionId="v-1" />
    </MemoryRouter>,
  );

async function pick(text: string, option: RegExp) {
  const input = within(screen.getByTestId('assignee-picker')).getByRole('combobox');
  input.focus();
  fireEvent.change(input, { target: { value: text } });
  // the list of that search (the first page's options are replaced while it loads)
  await waitFor(() => expect(calls.some((url) => new URL(url, 'http://x').searchParams.get('search') === text)).toBe(true));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('user task assignees in the modeler panel', () => {
  it('shows chosen people by name and adds one picked from the directory (person ids in faena:assignees)', async () => {
    const task = userTask({ 'faena:assigneeType': 'people', 'faena:assignees': 'person-ana' });
    await panel(task);
    const picker = screen.getByTestId('assignee-picker');
    expect(await within(picker).findByText('Ana Rojas')).toBeTruthy();
    // no free text for people any more: the field is the directory's picker
    expect(screen.queryByLabelText(/pasaportes/i)).toBeNull();
    await pick('luis', /Luis Soto/);
    await waitFor(() => expect(task.attrs['faena:assignees']).toBe('person-ana,person-luis'));
    expect(task.updateProperties).toHaveBeenLastCalledWith(task.element, expect.objectContaining({ 'faena:assigneeType': 'people', 'faena:assignees': 'person-ana,person-luis' }));
    fireEvent.click(within(picker).getByLabelText('Quitar Ana Rojas'));
    await waitFor(() => expect(task.attrs['faena:assignees']).toBe('person-luis'));
  });

  it('picks positions, and one audience', async () => {
    const positions = userTask({ 'faena:assigneeType': 'positions' });
    const { unmount } = await panel(positions);
    await pick('caj', /Cajera/);
    await waitFor(() => expect(positions.attrs['faena:assignees']).toBe('position-cajera'));
    unmount();

    const audience = userTask({ 'faena:assigneeType': 'audience' });
    await panel(audience);
    await pick('aten', /Atención a clientes/);
    await waitFor(() => expect(audience.attrs['faena:assignees']).toBe('audience-clientes'));
    expect(audience.updateProperties).toHaveBeenLastCalledWith(audience.element, expect.objectContaining({ 'faena:assigneeType': 'audience' }));
  });

  it('picks the process variable among the person, people, venue and venues fields of the forms before the task, with their type', async () => {
    const variable = taskInModel({ 'faena:assigneeType': 'variable', 'faena:assignees': 'jefe' });
    const { unmount } = await panel(variable);
    const field = screen.getByRole('combobox', { name: 'Variable' }) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('jefe · Persona'));
    expect(calls.some((url) => url.startsWith('/api/forms/v3/forms/form-start/'))).toBe(true);
    fireEvent.click(field);
    await waitFor(() => expect(field.getAttribute('aria-controls')).toBeTruthy());
    const listbox = document.getElementById(field.getAttribute('aria-controls')!)!;
    const options = within(listbox)
      .getAllByRole('option', { hidden: true })
      .map((option) => option.textContent);
    // a text field is no one; the form after the task is filled too late
    expect(options).toEqual(['jefe · Persona', 'tienda · Sede']);
    fireEvent.click(within(listbox).getByRole('option', { name: 'tienda · Sede', hidden: true }));
    expect(variable.attrs['faena:assignees']).toBe('tienda');
    expect(variable.updateProperties).toHaveBeenLastCalledWith(variable.element, expect.objectContaining({ 'faena:assigneeType': 'variable', 'faena:assignees': 'tienda' }));
    expect(screen.queryByText(/ya no es un campo/)).toBeNull();
    unmount();
    const starter = userTask({});
    await panel(starter);
    expect(screen.queryByTestId('assignee-picker')).toBeNull();
    expect(screen.queryByTestId('assignee-variable')).toBeNull();
  });

  it('keeps a saved variable that no earlier form fills any more visible, marked invalid', async () => {
    const variable = taskInModel({ 'faena:assigneeType': 'variable', 'faena:assignees': 'supervisor' });
    await panel(variable);
    const field = screen.getByRole('combobox', { name: 'Variable' }) as HTMLInputElement;
    expect(field.value).toBe('supervisor');
    expect(await screen.findByText('«supervisor» ya no es un campo de persona, personas, sede o sedes de un formulario anterior: elige otra.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    // nothing was rewritten by showing it
    expect(variable.attrs['faena:assignees']).toBe('supervisor');
    expect(variable.updateProperties).not.toHaveBeenCalled();
  });
});

describe('timer boundary events in the modeler panel', () => {
  function boundary(attrs: Record<string, unknown>, timer: Record<string, unknown>) {
    const definition = { $type: 'bpmn:TimerEventDefinition', get: (name: string) => timer[name] } as unknown as ModdleElement;
    const bo = { $type: 'bpmn:BoundaryEvent', id: 'Timer_1', eventDefinitions: [definition], get: (name: string) => attrs[name] } as unknown as ModdleElement;
    const element: DiagramElement = { id: 'Timer_1', type: 'bpmn:BoundaryEvent', businessObject: bo };
    const updateProperties = vi.fn((_: DiagramElement, props: Record<string, unknown>) => Object.assign(attrs, props));
    const updateModdleProperties = vi.fn((_: DiagramElement, __: ModdleElement, props: Record<string, unknown>) => Object.assign(timer, props));
    const create = (_: string, values: Record<string, unknown>) => ({ ...values, get: (name: string) => values[name] });
    return { element, services: { modeling: { updateProperties, updateModdleProperties }, moddle: { create } } as unknown as Services, attrs, timer };
  }
  const render = (b: ReturnType<typeof boundary>) =>
    renderWithProviders(
      <MemoryRouter>
        <ElementPanel element={b.element} services={b.services} readOnly={false} versionId="v-1" />
      </MemoryRouter>,
    );
  const body = (expression: unknown) => (expression as { body?: string } | undefined)?.body;

  it('edits the duration as a number and a unit, and whether the task stays open', async () => {
    const b = boundary({ cancelActivity: true }, { timeDuration: { body: 'PT1H', get: () => 'PT1H' } });
    await render(b);
    expect(screen.getByRole('heading').textContent).toBe('Temporizador de límite');
    const amount = within(screen.getByTestId('timer-duration')).getByRole('textbox', { name: 'Duración (ISO 8601)' });
    fireEvent.change(amount, { target: { value: '2' } });
    await waitFor(() => expect(body(b.timer.timeDuration)).toBe('PT2H'));
    fireEvent.click(screen.getByTestId('timer-interrupting'));
    expect(b.attrs.cancelActivity).toBe(false);
  });

  it('edits a cycle as every how long and how many times (empty: while the task is open)', async () => {
    const b = boundary({ cancelActivity: false }, { timeCycle: { body: 'R3/PT1H', get: () => 'R3/PT1H' } });
    await render(b);
    const cycle = screen.getByTestId('timer-cycle');
    fireEvent.change(within(cycle).getByRole('textbox', { name: 'Veces' }), { target: { value: '5' } });
    await waitFor(() => expect(body(b.timer.timeCycle)).toBe('R5/PT1H'));
    fireEvent.change(within(cycle).getByRole('textbox', { name: 'Veces' }), { target: { value: '' } });
    await waitFor(() => expect(body(b.timer.timeCycle)).toBe('R/PT1H'));
  });
});
