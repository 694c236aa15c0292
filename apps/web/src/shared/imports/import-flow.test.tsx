import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { TImportJob, TImportRow, TImportStatus } from '@faena/contracts';
import { renderRoutes } from '../../test/render.tsx';
import { ImportFlow } from './import-flow.tsx';
import { refuseImportFile } from './import-upload.tsx';
import { templateCsv } from './imports-api.ts';

const BASE = '/api/audiences/v3/persons/imports';
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const KINDS = {
  kinds: [
    {
      kind: 'people',
      modes: ['upsert'],
      default_mode: 'upsert',
      has_current: false,
      columns: [
        { name: 'email', header_es: 'Correo', aliases: ['correo', 'mail'], required: false, description: 'Primary e-mail' },
        { name: 'name', header_es: 'Nombre', aliases: ['nombre'], required: true, description: 'Full name.' },
        { name: 'shoe_size', header_es: 'Talla, de zapato', aliases: [], required: false, description: 'Shoe size.', description_es: 'Talla de zapato.' },
      ],
    },
  ],
  error_codes: { FILE_ROW_BLANK_LABEL: "La columna 'label' no puede estar vacía", PERSON_ROW_SOMETHING_NEW: 'Texto del servidor' },
  limits: { max_bytes: 20 * 1024 * 1024, max_rows: 200_000 },
};

function job(status: TImportStatus, over: Partial<TImportJob> = {}): TImportJob {
  return {
    id: 7,
    kind: 'people',
    mode: 'upsert',
    file_uid: 'u1',
    file_name: 'personas.csv',
    file_columns: { email: 'email', name: 'name' },
    data_source: null,
    status,
    applied_at: status === 'APPLY_OK' ? '2025-03-01T12:00:00Z' : null,
    rows_purged_at: null,
    created_at: '2025-03-01T11:00:00Z',
    updated_at: null,
    fail_description: null,
    error_code: null,
    error_message: null,
    progress: { phase: status === 'VALIDATING' ? 'reading' : 'done', percent: status === 'VALIDATING' ? 40 : 100, rows: 2 },
    counts: { ADD: 1, UPDATE: 0, DELETE: 0, UNDELETE: 0, NO_CHANGE: 0, ERROR: 0 },
    created_by: { id: 'p1', name: 'Ada Admin' },
    ...over,
  };
}
function problem(code: string, column: string, value: string | null = null): TImportRow['errors'][number] {
  return { code, message: null, column, value };
}
function row(id: number, over: Partial<TImportRow>): TImportRow {
  return {
    id,
    row: id + 1,
    key: `k${id}@faena.test`,
    label: `Persona ${id}`,
    applied_at: null,
    operation: 'ADD',
    error_code: null,
    error_message: null,
    error_column: null,
    errors: [],
    changes: null,
    ...over,
  };
}

interface Server {
  states: TImportJob[];
  rows: TImportRow[];
  calls: { method: string; url: string; body?: string }[];
}
let server: Server;

beforeEach(() => {
  server = { states: [], rows: [], calls: [] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      server.calls.push({ method, url, ...(typeof init?.body === 'string' ? { body: init.body } : {}) });
      if (url.endsWith('/api/resources/v3/imports/kinds')) return json(KINDS);
      if (url.includes(`${BASE}/7/rows/`)) {
        const params = new URL(url, 'http://x').searchParams;
        const operation = params.get('operation');
        const search = params.get('search')?.toLowerCase();
        const results = server.rows.filter((r) => (!operation || r.operation === operation) && (!search || r.label.toLowerCase().includes(search)));
        return json({ count: results.length, next: null, previous: null, results });
      }
      if (url.endsWith(`${BASE}/7/apply`) && method === 'POST') {
        server.states = [job('APPLYING', { progress: { phase: 'applying', percent: 90, rows: 2 } })];
        return json(server.states[0], 202);
      }
      if (url.endsWith(`${BASE}/7/`)) {
        // Each poll moves one state forward; the last one stays.
        const current = server.states.length > 1 ? server.states.shift()! : server.states[0]!;
        return json(current);
      }
      if (new URL(url, 'http://x').pathname === `${BASE}/`) return json({ count: 1, next: null, previous: null, results: [job('APPLY_OK')] });
      return json({ code: 'not-found' }, 404);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function Screen() {
  const { id } = useParams();
  return (
    <ImportFlow
      family={{ baseUrl: BASE, kind: 'people', changes: [['people'], ['org-chart']] }}
      jobId={id}
      jobHref={(jobId) => `/people-bulk-load/${jobId}`}
      startHref="/people-upload"
      done={{ href: '/people', label: 'Ver personas' }}
    />
  );
}
const routes = [
  { path: '/people-upload', Component: Screen },
  { path: '/people-bulk-load/:id', Component: Screen },
  { path: '/people', Component: () => <p>lista</p> },
];

describe('ImportFlow', () => {
  it('lists the columns with translated descriptions (the server text for unknown ones) and the history', async () => {
    await renderRoutes(routes, { path: '/people-upload' });
    // what a file may be on this server, before choosing one: its size and its rows
    expect((await screen.findByTestId('import-limits')).textContent).toMatch(/o XLSX \(primera hoja\), hasta 20 MB y 200[.,]000 filas\.$/);
    // a file over this server's size is refused before it is sent, with that size; a smaller one may be validated
    const input = screen.getByTestId('import-upload').querySelector<HTMLInputElement>('input[type=file]')!;
    const sized = (name: string, bytes: number) => Object.defineProperty(new File(['x'], name), 'size', { value: bytes });
    fireEvent.change(input, { target: { files: [sized('grande.csv', 21 * 1024 * 1024)] } });
    expect((await screen.findByTestId('import-refusal')).textContent).toBe('El archivo pesa más de 20 MB.');
    expect(screen.getByTestId('import-start').hasAttribute('disabled')).toBe(true);
    fireEvent.change(input, { target: { files: [sized('chico.csv', 19 * 1024 * 1024)] } });
    await waitFor(() => expect(screen.queryByTestId('import-refusal')).toBeNull());
    expect(screen.getByTestId('import-file-name').textContent).toContain('chico.csv');
    expect(screen.getByTestId('import-start').hasAttribute('disabled')).toBe(false);
    const columns = await screen.findByTestId('import-columns');
    expect(within(columns).getByText('Correo principal (único en la organización): identifica a la persona.')).toBeTruthy();
    expect(within(columns).getByText('Talla de zapato.')).toBeTruthy();
    // each column by its Spanish header; its English name and the aliases after it, each writing once
    expect(within(columns).getByText('Correo')).toBeTruthy();
    expect(within(columns).getByText('También: email, mail')).toBeTruthy();
    expect(within(columns).getByText('Talla, de zapato')).toBeTruthy();
    expect(within(columns).getByText('También: shoe_size')).toBeTruthy();
    expect(within(columns).getAllByText('Obligatoria')).toHaveLength(1);
    // people have their own export: no download of the current records here
    expect(within(columns).queryByTestId('import-current')).toBeNull();
    const history = await screen.findByTestId('import-history');
    expect(await within(history).findByText('personas.csv')).toBeTruthy();
    expect(within(history).getByText('Aplicada')).toBeTruthy();
    expect(within(history).getByText('1 nuevo')).toBeTruthy();
  });

  it('asks a touch-only screen to choose a file, and a screen with a mouse to drop or choose one', async () => {
    const original = window.matchMedia;
    const touchOnly = (query: string) => ({ ...original(query), matches: query === '(hover: none) and (pointer: coarse)' });
    try {
      window.matchMedia = touchOnly as typeof window.matchMedia;
      const touch = await renderRoutes(routes, { path: '/people-upload' });
      expect((await screen.findByText('Elige un archivo CSV o XLSX de tu dispositivo.')).closest('[data-testid=import-upload]')).toBeTruthy();
      expect(screen.queryByText(/^Arrastra aquí/)).toBeNull();
      touch.unmount();
    } finally {
      window.matchMedia = original;
    }
    await renderRoutes(routes, { path: '/people-upload' });
    expect(await screen.findByText('Arrastra aquí un archivo CSV o XLSX, o elígelo desde tu equipo.')).toBeTruthy();
    expect(screen.queryByText('Elige un archivo CSV o XLSX de tu dispositivo.')).toBeNull();
  });

  it('offers the current records in the same columns where the family has them', async () => {
    KINDS.kinds[0]!.has_current = true;
    try {
      await renderRoutes(routes, { path: '/people-upload' });
      const columns = await screen.findByTestId('import-columns');
      expect(within(columns).getByTestId('import-current').textContent).toBe('Descargar datos actuales (CSV)');
      expect(within(columns).getByText(/Descarga los datos actuales en estas mismas columnas, edítalos y vuelve a subir el archivo/)).toBeTruthy();
    } finally {
      KINDS.kinds[0]!.has_current = false;
    }
  });

  it('shows a failed validation with the spec texts of the row errors, errors first, and filters by operation', async () => {
    server.states = [
      job('VALIDATION_FAILED', {
        error_code: 'FILE_WITH_ERROR_IN_ROWS',
        fail_description: 'Hay 3 filas con errores',
        counts: { ADD: 1, UPDATE: 0, DELETE: 0, UNDELETE: 0, NO_CHANGE: 0, ERROR: 3 },
        file_columns: { name: 'Nombre completo', email: 'email', phones: 'Teléfonos', positions: 'Cargos' },
      }),
    ];
    server.rows = [
      row(1, { operation: 'ERROR', label: '', error_code: 'FILE_ROW_BLANK_LABEL', error_column: 'name', errors: [problem('FILE_ROW_BLANK_LABEL', 'name')] }),
      row(2, { operation: 'ERROR', error_code: 'FILE_ROW_DUPLICATE_KEY', error_column: 'email', errors: [problem('FILE_ROW_DUPLICATE_KEY', 'email')] }),
      row(3, { operation: 'ADD' }),
      // every problem of a row, each on its line, with the value at fault where there is one
      row(4, {
        operation: 'ERROR',
        error_code: 'PERSON_ROW_INVALID_PHONE',
        error_column: 'phones',
        errors: [problem('PERSON_ROW_INVALID_PHONE', 'phones', '123'), problem('FILE_ROW_UNKNOWN_REFERENCE', 'positions', 'Cargo Inexistente')],
      }),
    ];
    await renderRoutes(routes, { path: '/people-bulk-load/7' });
    const failure = await screen.findByTestId('import-file-error');
    expect(within(failure).getByText('El archivo no se puede importar')).toBeTruthy();
    // The row errors' own sentence replaces the server's summary of them.
    expect(within(failure).getByText('3 filas tienen errores: corrígelas en el archivo y vuelve a subirlo.')).toBeTruthy();
    expect(within(failure).queryByText('Hay 3 filas con errores')).toBeNull();
    expect(screen.getByTestId('import-status').textContent).toBe('Validación fallida');
    // columns named as the file's header wrote them
    expect(await screen.findByText("La columna 'label' no puede estar vacía (columna Nombre completo)")).toBeTruthy();
    expect(screen.getByText("La columna 'key' está duplicada (columna email)")).toBeTruthy();
    const both = screen.getAllByTestId('import-row-errors')[2]!;
    expect([...both.children].map((line) => line.textContent)).toEqual([
      'Teléfono inválido: «123» (columna Teléfonos)',
      'No existe un registro con ese código o nombre: «Cargo Inexistente» (columna Cargos)',
    ]);
    expect(screen.queryByText('Persona 3')).toBeNull();
    expect(server.calls.some((call) => call.url.includes('rows/') && call.url.includes('operation=ERROR'))).toBe(true);

    fireEvent.click(screen.getByText('Todas (4)'));
    expect(await screen.findByText('Persona 3')).toBeTruthy();
    expect(screen.queryByTestId('import-apply')).toBeNull();
    expect(screen.getByTestId('import-discard')).toBeTruthy();
  });

  it('applies a validated job after confirmation and follows it to the result', async () => {
    server.states = [job('VALIDATION_OK', { counts: { ADD: 1, UPDATE: 1, DELETE: 0, UNDELETE: 0, NO_CHANGE: 3, ERROR: 0 }, file_columns: { email: 'Correo', name: 'Nombre', positions: 'Cargos' } })];
    server.rows = [row(1, { operation: 'ADD' }), row(2, { operation: 'UPDATE', changes: ['name', 'positions'] })];
    await renderRoutes(routes, { path: '/people-bulk-load/7' });
    expect((await screen.findByTestId('import-ready')).textContent).toContain('2 cambios listos para aplicar');
    // what the update does, by the file's columns as its header wrote them
    expect((await screen.findByTestId('import-row-changes')).textContent).toBe('Cambia: Nombre, Cargos');
    // searched by name: the list narrows, says how many match, and says so when none does
    fireEvent.change(screen.getByTestId('import-rows-search'), { target: { value: 'persona 2' } });
    expect((await screen.findByTestId('import-rows-matches')).textContent).toBe('1 fila coincide');
    expect(screen.queryByText('Persona 1')).toBeNull();
    expect(server.calls.some((call) => call.url.includes('rows/') && call.url.includes('search=persona+2'))).toBe(true);
    fireEvent.change(screen.getByTestId('import-rows-search'), { target: { value: 'nadie' } });
    expect(await screen.findByText('Ninguna fila coincide con «nadie».')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Borrar la búsqueda' }));
    expect(await screen.findByText('Persona 1')).toBeTruthy();
    fireEvent.click(screen.getByTestId('import-apply'));
    fireEvent.click(await screen.findByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(server.calls.some((call) => call.method === 'POST' && call.url.endsWith('/7/apply'))).toBe(true));
    // The answer is APPLYING: progress shows, and the job is polled until it ends.
    expect(await screen.findByText('Aplicando los cambios…')).toBeTruthy();
    expect(screen.getByTestId('import-progress').textContent).toContain('90%');
    server.states.push(job('APPLY_OK', { counts: { ADD: 1, UPDATE: 1, DELETE: 0, UNDELETE: 0, NO_CHANGE: 3, ERROR: 0 } }));
    const applied = await screen.findByTestId('import-applied', {}, { timeout: 8000 });
    expect(within(applied).getByText('Importación aplicada')).toBeTruthy();
    expect(within(applied).getByRole('link', { name: 'Ver personas' }).getAttribute('href')).toBe('/people');
  }, 20_000);

  it('makes what the family changes stale once the job is applied, not before', async () => {
    server.states = [job('APPLYING', { progress: { phase: 'applying', percent: 50, rows: 2 } }), job('APPLY_OK')];
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
    for (const key of [['people', 'list', 'x'], ['org-chart'], ['catalogs']]) client.setQueryData(key, { cached: true });
    await renderRoutes(routes, { path: '/people-bulk-load/7', client });
    expect(await screen.findByText('Aplicando los cambios…')).toBeTruthy();
    expect(client.getQueryState(['people', 'list', 'x'])?.isInvalidated).toBe(false);
    await screen.findByTestId('import-applied', {}, { timeout: 8000 });
    await waitFor(() => expect(client.getQueryState(['people', 'list', 'x'])?.isInvalidated).toBe(true));
    expect(client.getQueryState(['org-chart'])?.isInvalidated).toBe(true);
    // what the family does not name stays as it was
    expect(client.getQueryState(['catalogs'])?.isInvalidated).toBe(false);
  }, 20_000);

  it('shows a file error by its code and the server text of codes it does not know', async () => {
    server.states = [
      job('VALIDATION_FAILED', {
        error_code: 'FILE_WITHOUT_REQUIRED_HEADERS',
        fail_description: "Falta la columna obligatoria 'name'",
        counts: { ADD: 0, UPDATE: 0, DELETE: 0, UNDELETE: 0, NO_CHANGE: 0, ERROR: 0 },
      }),
    ];
    await renderRoutes(routes, { path: '/people-bulk-load/7' });
    const failure = await screen.findByTestId('import-file-error');
    expect(within(failure).getByText('El archivo no tiene las columnas requeridas')).toBeTruthy();
    expect(within(failure).getByText("Falta la columna obligatoria 'name'")).toBeTruthy();
    expect(screen.queryByTestId('import-rows')).toBeNull();
  });

  it('keeps the summary of a job whose rows retention removed, says since when, and asks for no rows', async () => {
    server.states = [job('APPLY_OK', { rows_purged_at: '2025-04-01T03:00:00Z', counts: { ADD: 1200, UPDATE: 3, DELETE: 0, UNDELETE: 0, NO_CHANGE: 0, ERROR: 0 } })];
    await renderRoutes(routes, { path: '/people-bulk-load/7' });
    const purged = await screen.findByTestId('import-rows-purged');
    expect(purged.textContent).toContain('El detalle fila por fila de esta carga se eliminó el');
    expect(purged.textContent).toContain('2025');
    expect(within(screen.getByTestId('import-counts')).getByText((1200).toLocaleString())).toBeTruthy();
    expect(screen.getByTestId('import-applied')).toBeTruthy();
    expect(server.calls.some((call) => call.url.includes('/rows/'))).toBe(false);
  });

  it('says when the job does not exist', async () => {
    await renderRoutes(
      [{ path: '/people-bulk-load/:id', Component: () => <ImportFlow family={{ baseUrl: BASE, kind: 'people' }} jobId="99" jobHref={(id) => `/x/${id}`} startHref="/people-upload" /> }],
      { path: '/people-bulk-load/99' },
    );
    expect(await screen.findByText('Esta importación no existe o fue descartada.')).toBeTruthy();
  }, 15_000);
});

describe('import files', () => {
  it('refuses what the engine cannot read before sending it', () => {
    const max = 50 * 1024 * 1024;
    expect(refuseImportFile({ name: 'a.CSV', size: 10 }, max)).toBeNull();
    expect(refuseImportFile({ name: 'a.xlsx', size: 10 }, max)).toBeNull();
    expect(refuseImportFile({ name: 'a.xls', size: 10 }, max)).toBe('type');
    expect(refuseImportFile({ name: 'a.csv', size: 0 }, max)).toBe('empty');
    expect(refuseImportFile({ name: 'a.csv', size: max + 1 }, max)).toBe('size');
    expect(refuseImportFile({ name: 'a.csv', size: max }, max)).toBeNull();
    // before the server's limit is known the size waits for it (the file cannot be sent until then)
    expect(refuseImportFile({ name: 'a.csv', size: max + 1 }, undefined)).toBeNull();
  });
  it("writes a template with the kind's columns, headed in Spanish or in English", () => {
    expect(templateCsv(KINDS.kinds[0] as never, 'es')).toBe('\uFEFFCorreo,Nombre,"Talla, de zapato"\r\n');
    expect(templateCsv(KINDS.kinds[0] as never, 'en')).toBe('\uFEFFemail,name,shoe_size\r\n');
  });
});
