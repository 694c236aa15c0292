import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { QueryClient, onlineManager } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TChecklistDetail } from '@faena/contracts';
import type { FormField } from '@faena/domain/forms/schema';
import { stubDocumentFonts } from '../../../shared/forms/test-helpers.tsx';
import { resetOfflineDbHandle } from '../../../shared/offline/offline-db.ts';
import { offlineQueue, ownerOf } from '../../../shared/offline/offline-queue.ts';
import { sessionStore } from '../../../shared/session/session.ts';
import { jsonResponse } from '../../../test/fetch.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { testTokenPair } from '../../../test/session.ts';
import { checklistKeys, readAheadDefinitions } from '../api/checklists-api.ts';
import { loadLocalDraft } from '../lib/local-drafts.ts';
import { locales } from '../routes.tsx';
import { ChecklistsHomePage } from './checklists-home-page.tsx';
import { ExecutePage } from './execute-page.tsx';

const FIELDS = [
  { id: 1, type: 'boolean', name: 'extintor', label: 'Extintor cargado', required: true, skippable: false, validators: [] },
  { id: 2, type: 'text', name: 'comentario', label: 'Comentario final', required: false, skippable: false, validators: [] },
] as unknown as FormField[];

/** The checklist as the kept reads hold it (read once with signal, decision 031): version 3. */
const DETAIL = {
  id: 'c1',
  name: 'Ronda de bodega',
  description: null,
  category: null,
  version: 3,
  item_count: 2,
  pass_mark: null,
  archived: false,
  updated_at: '2026-12-01T12:00:00Z',
  can_execute: true,
  sections: [
    { id: 's1', title: 'Seguridad', field_ids: ['1'] },
    { id: 's2', title: 'Cierre', field_ids: ['2'] },
  ],
  fields: FIELDS,
  items: [],
  signatures: { executor: false, second: false },
  max_score: null,
  executors: { persons: [], positions: [], audiences: [] },
  places: { venues: [], locations: [] },
  supervisors: [],
  created_at: '2026-12-01T12:00:00Z',
  has_executions: false,
  can_edit: false,
} as unknown as TChecklistDetail;

interface Sent {
  method: string;
  url: string;
  key: string | null;
  body: unknown;
}

describe('a checklist never started, started with no connection (decision 031)', () => {
  let sent: Sent[];
  let online: boolean;

  const keptClient = () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    client.setQueryData(checklistKeys.detail('c1'), DETAIL);
    return client;
  };
  const open = async () => {
    await Promise.all(locales.map((bundle) => bundle.load('es')));
    return renderRoutes([{ path: '/checklists/:id/execute', element: <ExecutePage checklistId="c1" /> }], { path: '/checklists/c1/execute', client: keptClient() });
  };
  const goOnline = (value: boolean) => {
    online = value;
    onlineManager.setOnline(value);
  };

  beforeEach(() => {
    stubDocumentFonts();
    globalThis.indexedDB = new IDBFactory();
    resetOfflineDbHandle();
    sessionStore.signIn(testTokenPair());
    sent = [];
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    goOnline(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (!online) throw new TypeError('Failed to fetch');
        const method = init?.method ?? 'GET';
        if (method === 'GET') return jsonResponse({ count: 0, next: null, previous: null, results: [] });
        const key = new Headers(init?.headers).get('idempotency-key');
        sent.push({ method, url, key, body: typeof init?.body === 'string' ? JSON.parse(init.body) : null });
        if (url.endsWith('/checklists/c1/executions/')) return jsonResponse({ id: 'e9', version: 3, status: 'draft' }, 201);
        return jsonResponse({ id: 'e9', version: 3, status: 'submitted' });
      }),
    );
  });
  afterEach(async () => {
    goOnline(true);
    vi.restoreAllMocks();
    await sessionStore.signOut();
    vi.unstubAllGlobals();
  });

  it('starts on the device, resumes after the page is closed, queues one submission that starts then submits once online', async () => {
    const first = await open();
    expect((await screen.findByTestId('execute-offline')).textContent).toContain('Sin conexión');
    fireEvent.click(screen.getByTestId('execution-start'));
    expect((await screen.findByTestId('section-title')).textContent).toBe('Seguridad');
    expect(screen.getByTestId('save-status').textContent).toBe('Guardado en este dispositivo');
    fireEvent.click(screen.getByRole('radio', { name: 'Sí' }));
    const owner = ownerOf(sessionStore.getSnapshot())!;
    await waitFor(async () => expect((await loadLocalDraft(owner, 'c1'))?.answers).toEqual({ extintor: true }), { timeout: 3000 });
    first.unmount();

    // the page is closed and opened again, still with no signal: the draft is resumed from the device
    await open();
    expect((await screen.findByTestId('section-title')).textContent).toBe('Seguridad');
    expect((screen.getByRole('radio', { name: 'Sí' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(screen.getByTestId('section-title').textContent).toBe('Cierre'));
    fireEvent.change(screen.getByLabelText('Comentario final'), { target: { value: 'Todo en orden' } });
    fireEvent.click(screen.getByTestId('form-submit'));
    fireEvent.click(await screen.findByTestId('execution-submit'));
    expect((await screen.findByTestId('execution-queued')).textContent).toContain('Guardado en este dispositivo');
    expect(sent).toEqual([]);
    expect(await loadLocalDraft(owner, 'c1')).toBeNull();
    const [item] = await offlineQueue.list();
    expect(item).toMatchObject({
      kind: 'checklist-execution',
      title: 'Ronda de bodega',
      path: '/api/checklists/v3/executions/{id}/submit/',
      json: { answers: { extintor: true, comentario: 'Todo en orden' } },
      start: { path: '/api/checklists/v3/checklists/c1/executions/', json: { venue: null, activity: null }, expectVersion: 3, createdId: null },
    });

    // the signal returns: the start, then the submit to the execution it made, each with its own key
    goOnline(true);
    await offlineQueue.flush();
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual(['POST /api/checklists/v3/checklists/c1/executions/', 'POST /api/checklists/v3/executions/e9/submit/']);
    expect(sent[0]!.key).toBe(item!.start!.idempotencyKey);
    expect(sent[1]!.key).toBe(item!.idempotencyKey);
    expect(sent[0]!.key).not.toBe(sent[1]!.key);
    expect(sent[1]!.body).toMatchObject({ answers: { extintor: true, comentario: 'Todo en orden' } });
    expect(await offlineQueue.list()).toEqual([]);
  });

  it('a checklist the device never read cannot be started offline, and the page says why', async () => {
    await Promise.all(locales.map((bundle) => bundle.load('es')));
    await renderRoutes([{ path: '/checklists/:id/execute', element: <ExecutePage checklistId="c2" /> }], { path: '/checklists/c2/execute', client: keptClient() });
    expect((await screen.findByTestId('execute-not-kept')).textContent).toContain('ábrelo una vez con señal');
  });

  it('a category never opened on the device lists the kept checklists of it', async () => {
    const client = keptClient();
    const summary = (id: string, name: string, category: { id: string; name: string }) => ({
      id,
      name,
      description: null,
      category,
      version: 1,
      item_count: 2,
      pass_mark: null,
      archived: false,
      updated_at: '2026-12-01T12:00:00Z',
      can_execute: true,
    });
    // only "all" was read with signal
    client.setQueryData(checklistKeys.list('', '', 1, false), {
      count: 2,
      next: null,
      previous: null,
      results: [summary('c1', 'Ronda de bodega', { id: 'k1', name: 'Bodega' }), summary('c3', 'Apertura de tienda', { id: 'k2', name: 'Tiendas' })],
    });
    await Promise.all(locales.map((bundle) => bundle.load('es')));
    await renderRoutes([{ path: '/checklists/:category_id', element: <ChecklistsHomePage categoryId="k2" /> }], { path: '/checklists/k2', client });
    expect((await screen.findByTestId('checklists-kept')).textContent).toContain('Sin conexión');
    expect(await screen.findByTestId('checklist-card-c3')).toBeTruthy();
    expect(screen.queryByTestId('checklist-card-c1')).toBeNull();
    // the categories were never read either: the chips come from the kept checklists
    expect(screen.getAllByRole('radio').map((chip) => chip.closest('.mantine-Chip-root')?.textContent)).toEqual(['Todas', 'Bodega', 'Tiendas']);
  });

  it('with signal, the list reads ahead the checklists I can execute in one request, so they can be started offline later', async () => {
    goOnline(true);
    const reads: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        reads.push(url);
        if (url.includes('/checklists/v3/checklists/?')) {
          return jsonResponse({
            count: 4,
            next: null,
            previous: null,
            results: [
              { ...DETAIL, id: 'c1', can_execute: true },
              { ...DETAIL, id: 'c2', name: 'Ronda de patio', can_execute: true },
              { ...DETAIL, id: 'c4', name: 'Solo para otros', can_execute: false },
              { ...DETAIL, id: 'c5', name: 'Ya leída', can_execute: true },
            ],
          });
        }
        // the server answers only those I may still execute: c2 stopped being mine meanwhile
        if (url.includes('/checklists/v3/checklists/definitions/?')) return jsonResponse({ results: [DETAIL] });
        return jsonResponse({ count: 0, next: null, previous: null, results: [] });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // c5 was read a moment ago: not asked again
    client.setQueryData(checklistKeys.detail('c5'), { ...DETAIL, id: 'c5' });
    await Promise.all(locales.map((bundle) => bundle.load('es')));
    await renderRoutes([{ path: '/checklists', element: <ChecklistsHomePage categoryId="" /> }], { path: '/checklists', client });
    await screen.findByTestId('checklist-card-c1');
    await waitFor(() => expect(client.getQueryData(checklistKeys.detail('c1'))).toMatchObject({ version: 3 }));
    const ahead = reads.filter((url) => url.includes('/definitions/'));
    expect(ahead).toHaveLength(1);
    expect(new URL(ahead[0]!, 'http://x').searchParams.get('ids')).toBe('c1,c2');
    // no detail read one by one; nothing kept for the one the server left out
    expect(reads.filter((url) => /\/checklists\/v3\/checklists\/c\d\/$/.test(url))).toEqual([]);
    expect(client.getQueryData(checklistKeys.detail('c2'))).toBeUndefined();
    expect(client.getQueryData(checklistKeys.detail('c4'))).toBeUndefined();
  });

  it('a checklist read ahead by the list is started offline from the kept detail', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    goOnline(true);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url.includes('/definitions/') ? jsonResponse({ results: [DETAIL] }) : jsonResponse({ count: 0, next: null, previous: null, results: [] }))),
    );
    expect(await readAheadDefinitions(client, ['c1'])).toBe(1);
    // read again within 5 minutes: no request
    expect(await readAheadDefinitions(client, ['c1'])).toBe(0);
    goOnline(false);
    await Promise.all(locales.map((bundle) => bundle.load('es')));
    await renderRoutes([{ path: '/checklists/:id/execute', element: <ExecutePage checklistId="c1" /> }], { path: '/checklists/c1/execute', client });
    expect((await screen.findByTestId('execute-offline')).textContent).toContain('Sin conexión');
    fireEvent.click(screen.getByTestId('execution-start'));
    expect((await screen.findByTestId('section-title')).textContent).toBe('Seguridad');
  });
});
