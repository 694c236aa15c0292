import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormField } from '@faena/domain/forms/schema';
import { renderRoutes } from '../../../test/render.tsx';
import { stubDocumentFonts } from '../../../shared/forms/test-helpers.tsx';
import { FormBuilderRoute } from '../routes.tsx';
import { checkDraft, copyField, moveField, nameFromLabel, newField, savedNames } from '../../../shared/forms/builder/draft.ts';

stubDocumentFonts();

const FORM_ID = '11111111-1111-4111-8111-111111111111';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

interface Server {
  version: number;
  description: FormField[];
  puts: { name: string; description: FormField[]; base_version?: number }[];
  failNextPut: boolean;
  evaluations: { expression: string; values: Record<string, unknown> }[];
}

function fakeServer(description: FormField[] = []): Server {
  const server: Server = { version: 1, description, puts: [], failNextPut: false, evaluations: [] };
  const view = () => ({ id: FORM_ID, version: server.version, name: 'Inspección', description: server.description, created_at: '2024-01-01T00:00:00Z', updated_at: '2024-01-01T00:00:00Z' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.includes(`/api/forms/v3/forms/${FORM_ID}/`) && init?.method === 'PUT') {
        if (server.failNextPut) {
          server.failNextPut = false;
          return json({ code: 'internal' }, 500);
        }
        const body = JSON.parse(String(init.body)) as { name: string; description: FormField[]; base_version?: number };
        server.puts.push(body);
        if (body.base_version !== undefined && body.base_version !== server.version) {
          return json({ code: 'form-version-conflict', detail: 'stale', current_version: server.version }, 409);
        }
        server.version += 1;
        server.description = body.description;
        return json(view());
      }
      if (url.includes(`/api/forms/v3/forms/${FORM_ID}/`)) return json(view());
      if (url.endsWith('/api/logic-parser/v3/evaluate')) {
        const { expression, values } = JSON.parse(String(init?.body)) as { expression: string; values: Record<string, unknown> };
        server.evaluations.push({ expression, values });
        if (expression.includes('==  ==')) return json({ code: 'invalid-expression', detail: "Unexpected '==' (column 6)" }, 400);
        return json({ result: values.tipo === 'incidente' });
      }
      return json({ code: 'not-found' }, 404);
    }),
  );
  return server;
}

/** The one text field of the forms below, by its label. */
const textField = (label: string): FormField => ({ id: 1, type: 'text', name: 'a', label, required: false, skippable: false, validators: [] });

async function openBuilder(client?: QueryClient) {
  return renderRoutes([{ path: 'workflows/:workflowId/form-builder/:formId?', Component: FormBuilderRoute }], { path: `/workflows/w1/form-builder/${FORM_ID}`, client });
}

/** Opens the builder on version 1; someone else saves up to `version`; then a rename here is saved, and refused. */
async function saveAfterOthers(version: number, name: string): Promise<Server> {
  const server = fakeServer([textField('A')]);
  await openBuilder();
  await screen.findByTestId('builder-name');
  server.version = version;
  server.description = [textField('A de ellos')];
  fireEvent.change(screen.getByTestId('builder-name'), { target: { value: name } });
  fireEvent.click(screen.getByTestId('builder-save'));
  await screen.findByTestId('save-conflict');
  return server;
}

/** jsdom has no wide screen: the picker is the "add field" menu. */
async function pick(type: string) {
  const add = screen.queryByTestId('builder-add');
  if (add) fireEvent.click(add);
  fireEvent.click(await screen.findByTestId(`pick-${type}`));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('form builder (spec §4 editor save states, autosave)', () => {
  it('opened from its owner without a form, creates nothing until the person saves; the first save creates it and the address names it', async () => {
    const server = fakeServer();
    const posts: { name: string; description: FormField[] }[] = [];
    const answer = vi.mocked(fetch);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.endsWith('/api/forms/v3/forms/') && init?.method === 'POST') {
          const body = JSON.parse(String(init.body)) as { name: string; description: FormField[] };
          posts.push(body);
          server.description = body.description;
          return json({ id: FORM_ID, version: 1, name: body.name, description: body.description, created_at: '2024-01-01T00:00:00Z', updated_at: '2024-01-01T00:00:00Z' }, 201);
        }
        return answer(url, init);
      }),
    );
    const { router } = await renderRoutes([{ path: 'workflows/:workflowId/form-builder/:formId?', Component: FormBuilderRoute }], { path: '/workflows/w1/form-builder' });
    const name = await screen.findByTestId<HTMLInputElement>('builder-name');
    expect(name.value).toBe('Formulario sin título');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(posts).toEqual([]);
    expect(screen.getByTestId('tab-responses').hasAttribute('disabled') || screen.getByTestId('tab-responses').getAttribute('data-disabled') === 'true').toBe(true);
    fireEvent.change(name, { target: { value: 'Checklist de entrega' } });
    fireEvent.click(screen.getByTestId('builder-save'));
    await waitFor(() => expect(posts).toEqual([{ name: 'Checklist de entrega', description: [] }]));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/workflows/w1/form-builder/${FORM_ID}`));
    // the same screen goes on: what the person typed is there, and the next save is a version of that form
    expect(screen.getByTestId<HTMLInputElement>('builder-name').value).toBe('Checklist de entrega');
    await pick('text');
    fireEvent.click(screen.getByTestId('builder-save'));
    await waitFor(() => expect(server.puts).toHaveLength(1));
    expect(server.puts[0]).toMatchObject({ name: 'Checklist de entrega', base_version: 1 });
    expect(posts).toHaveLength(1);
  });

  it('adds a field from the picker, autosaves it as a new version, then its name is locked', async () => {
    const server = fakeServer();
    await openBuilder();
    await screen.findByTestId('builder-name');
    expect(screen.getByTestId('save-status').textContent).toContain('Sin cambios');
    await pick('text');
    expect(screen.getByTestId('save-status').textContent).toContain('Cambios sin guardar');
    fireEvent.change(screen.getByTestId('setting-label'), { target: { value: '¿Qué se revisó?' } });
    expect((screen.getByTestId('setting-name') as HTMLInputElement).value).toBe('que_se_reviso');
    fireEvent.click(screen.getByTestId('builder-save'));
    await waitFor(() => expect(screen.getByTestId('save-status').textContent).toContain('Guardado · versión 2'));
    expect(server.puts[0]!.description).toMatchObject([{ type: 'text', name: 'que_se_reviso', label: '¿Qué se revisó?' }]);
    // The preview is the real renderer.
    expect(within(screen.getByTestId('builder-preview')).getByText('¿Qué se revisó?')).toBeTruthy();
    expect((screen.getByTestId('setting-name') as HTMLInputElement).disabled).toBe(true);
  });

  it('a failed save shows "Error while trying to save" with a retry', async () => {
    const server = fakeServer([textField('A')]);
    server.failNextPut = true;
    await openBuilder();
    await screen.findByTestId('builder-name');
    fireEvent.change(screen.getByTestId('builder-name'), { target: { value: 'Inspección diaria' } });
    await waitFor(() => expect(screen.getByTestId('save-error').textContent).toBe('Error while trying to save'), { timeout: 4000 });
    fireEvent.click(screen.getByTestId('save-retry'));
    await waitFor(() => expect(screen.getByTestId('save-status').textContent).toContain('Guardado'));
    expect(server.puts.at(-1)!.name).toBe('Inspección diaria');
  });

  it('never saves over a version someone else saved meanwhile: the editor chooses', async () => {
    // Another editor saves versions 2 and 3 of the same form.
    const server = await saveAfterOthers(3, 'Inspección diaria');
    expect(server.puts.at(-1)).toMatchObject({ name: 'Inspección diaria', base_version: 1 });
    expect(screen.getByTestId('save-status').getAttribute('data-status')).toBe('conflict');
    expect(screen.getByTestId('save-conflict').textContent).toContain('Alguien guardó la versión 3 mientras editabas');
    // Nothing more is sent by itself, not even after further edits.
    fireEvent.change(screen.getByTestId('builder-name'), { target: { value: 'Inspección diaria (turno noche)' } });
    await new Promise((resolve) => setTimeout(resolve, 1800));
    expect(server.puts).toHaveLength(1);
    expect((screen.getByTestId('builder-save') as HTMLButtonElement).disabled).toBe(true);
    // Saving on top of theirs names their version as the base: version 4, theirs kept as 3.
    fireEvent.click(screen.getByTestId('conflict-save-mine'));
    await waitFor(() => expect(screen.getByTestId('save-status').textContent).toContain('Guardado · versión 4'));
    expect(server.puts.at(-1)).toMatchObject({ name: 'Inspección diaria (turno noche)', base_version: 3 });
    expect(screen.queryByTestId('save-conflict')).toBeNull();
  });

  it('loads the newer version when the editor gives up its changes', async () => {
    const server = await saveAfterOthers(2, 'Mía');
    fireEvent.click(screen.getByTestId('conflict-load-latest'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Se perderán tus cambios sin guardar');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cargar la versión más reciente' }));
    await waitFor(() => expect(screen.getByTestId('save-status').textContent).toContain('Sin cambios · versión 2'));
    expect((screen.getByTestId('builder-name') as HTMLInputElement).value).toBe('Inspección');
    expect(within(screen.getByTestId('builder-preview')).getByText('A de ellos')).toBeTruthy();
    expect(screen.queryByTestId('save-conflict')).toBeNull();
    expect(server.puts).toHaveLength(1);
  });

  it('takes in a newer version read again while nothing is unsaved, and keeps the editor when the read fails', async () => {
    const server = fakeServer([textField('A')]);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await openBuilder(client);
    await screen.findByTestId('builder-name');
    server.version = 2;
    server.description = [textField('A de ellos')];
    await client.invalidateQueries({ queryKey: ['forms', 'form', FORM_ID] });
    await waitFor(() => expect(screen.getByTestId('save-status').textContent).toContain('Sin cambios · versión 2'));
    expect(within(screen.getByTestId('builder-preview')).getByText('A de ellos')).toBeTruthy();
    // With unsaved changes here, a newer version read is not taken in (saving will say so).
    fireEvent.change(screen.getByTestId('builder-name'), { target: { value: 'Mía' } });
    server.version = 3;
    await act(() => client.invalidateQueries({ queryKey: ['forms', 'form', FORM_ID] }));
    expect(client.getQueryData<{ version: number }>(['forms', 'form', FORM_ID])?.version).toBe(3);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50))); // the query tells its screen on a later tick
    expect((screen.getByTestId('builder-name') as HTMLInputElement).value).toBe('Mía');
    // A read that fails does not take the editor (and its changes) away.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ code: 'internal' }, 500)),
    );
    await act(() => client.invalidateQueries({ queryKey: ['forms', 'form', FORM_ID] }));
    expect(client.getQueryState(['forms', 'form', FORM_ID])?.status).toBe('error');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect((screen.getByTestId('builder-name') as HTMLInputElement).value).toBe('Mía');
    expect(screen.getByTestId('save-status').getAttribute('data-status')).toBe('dirty');
  });

  it('does not save a definition the schema refuses, and marks the field', async () => {
    const server = fakeServer();
    await openBuilder();
    await screen.findByTestId('builder-name');
    await pick('multiple_choice');
    fireEvent.change(screen.getByTestId('choice-1'), { target: { value: 'Opción 1' } });
    await waitFor(() => expect(screen.getByTestId('save-status').textContent).toContain('revisa los campos marcados'));
    expect((screen.getByTestId('builder-save') as HTMLButtonElement).disabled).toBe(true);
    expect(server.puts).toHaveLength(0);
  });
});

describe('show_if editor', () => {
  it("evaluates the condition live through the logic parser with the preview's answers", { timeout: 15_000 }, async () => {
    const server = fakeServer([
      { id: 1, type: 'text', name: 'tipo', label: 'Tipo', required: false, skippable: false, validators: [] },
      { id: 2, type: 'text', name: 'detalle', label: 'Detalle', required: false, skippable: false, validators: [] },
    ]);
    await openBuilder();
    await screen.findByTestId('builder-name');
    fireEvent.click(within(screen.getByTestId('builder-card-detalle')).getByTestId('builder-card-toggle'));
    fireEvent.change(screen.getByTestId('setting-show-if'), { target: { value: 'tipo == "incidente"' } });
    await waitFor(() => expect(screen.getByTestId('show-if-result').textContent).toContain('Oculto'), { timeout: 3000 });
    // Typing the answer in the preview shows the field there and re-evaluates the condition.
    const preview = screen.getByTestId('builder-preview');
    expect(within(preview).queryByTestId('field-detalle')).toBeNull();
    fireEvent.change(within(preview).getByTestId('field-tipo').querySelector('input')!, { target: { value: 'incidente' } });
    expect(await within(preview).findByTestId('field-detalle')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('show-if-result').textContent).toContain('Visible'), { timeout: 3000 });
    expect(server.evaluations.at(-1)).toEqual({ expression: 'tipo == "incidente"', values: { tipo: 'incidente' } });
    // A malformed condition is refused by the definition schema at once (the same parser as the server's).
    fireEvent.change(screen.getByTestId('setting-show-if'), { target: { value: 'tipo ==  == 1' } });
    expect(await screen.findByText(/Unexpected '=='/)).toBeTruthy();
  });
});

describe('draft helpers', () => {
  it('names come from labels, unique, without accents, never a reserved shape', () => {
    expect(nameFromLabel('Temperatura (°C)', new Set(), 'x')).toBe('temperatura_c');
    expect(nameFromLabel('Temperatura', new Set(['temperatura']), 'x')).toBe('temperatura_2');
    expect(nameFromLabel('123', new Set(), 'campo_4')).toBe('campo_4');
    expect(nameFromLabel('__proto__', new Set(), 'x')).toBe('proto');
  });

  it('new fields of every type pass the server schema', () => {
    const types = ['text', 'multiple_choice', 'checkboxes', 'value_in_num_range', 'stars', 'emotion', 'reactions', 'image', 'images', 'data_source', 'form', 'display_text', 'gps', 'users'] as const;
    const fields = types.map((type, at) => newField(type, at + 1, [], { field: `Campo ${at}`, option: (n) => `Opción ${n}` }));
    expect(checkDraft(fields)).toMatchObject({ ok: true });
  });

  it('moves, copies and remembers saved names (sub-forms included)', () => {
    const fields = checkDraft([
      { id: 1, type: 'text', name: 'a' },
      { id: 2, type: 'form', name: 'sub', fields: [{ id: 1, type: 'text', name: 'x' }] },
    ] as FormField[]);
    if (!fields.ok) throw new Error('invalid');
    expect(moveField(fields.definition, [], 0, 1).map((field) => field.id)).toEqual([2, 1]);
    let id = 10;
    const copy = copyField(fields.definition[1]!, () => id++, fields.definition);
    expect(copy).toMatchObject({ id: 10, name: 'sub_copia', fields: [{ id: 11 }] });
    expect([...savedNames(fields.definition).keys()]).toEqual(['number:1', 'number:2', 'number:2/number:1']);
  });
});
