import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TExecutionExport } from '@faena/contracts';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { formatDate } from '../../../shared/lib/dates.ts';
import { sessionStore } from '../../../shared/session/session.ts';
import { stubApi } from '../../../test/fetch.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { testTokenPair } from '../../../test/session.ts';
import { checklistsLocales } from '../locales/index.ts';
import { ExecutionsExport } from './executions-export.tsx';

const EXPORTS = '/api/checklists/v3/executions/exports/';
const EXPIRES = '2026-12-12T15:00:00Z';

const job = (over: Partial<TExecutionExport>): TExecutionExport => ({
  id: 'x1',
  format: 'csv',
  status: 'PENDING',
  percent: 0,
  rows: 0,
  file_name: 'ejecuciones-2026-12-05.csv',
  download_url: null,
  error: null,
  created_at: '2026-12-05T15:00:00Z',
  finished_at: null,
  expires_at: null,
  ...over,
});

let calls: string[] = [];
/** The files the browser was asked to save (the temporary link's download name). */
let saved: string[] = [];

beforeEach(() => {
  sessionStore.signIn(testTokenPair());
  URL.createObjectURL ??= () => 'blob:test';
  URL.revokeObjectURL ??= () => undefined;
  saved = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  calls = stubApi((url, init) => {
    if (url.endsWith('/executions/export/') && init?.method === 'POST') return job({});
    if (url === `${EXPORTS}x1/`) return job({ status: 'DONE', percent: 100, rows: 3, download_url: `${EXPORTS}x1/download`, finished_at: '2026-12-05T15:00:00Z', expires_at: EXPIRES });
    if (url === `${EXPORTS}x1/download`) return new Response('Id,Checklist\n', { status: 200, headers: { 'content-type': 'text/csv' } });
    return undefined;
  });
});
afterEach(async () => {
  await act(() => changeLanguage('es'));
  await sessionStore.signOut();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('executions export', () => {
  it('once the file is made, offers its link and says until when it can be downloaded (es, en)', async () => {
    await checklistsLocales.load('es');
    await checklistsLocales.load('en');
    await renderRoutes([{ path: '/', Component: () => <ExecutionsExport filters={{}} /> }]);
    fireEvent.click(screen.getByTestId('export-csv'));
    // followed while it runs, downloaded once when done
    expect(await screen.findByTestId('export-until', {}, { timeout: 3000 })).toHaveProperty('textContent', `Disponible hasta ${formatDate(EXPIRES)}`);
    await waitFor(() => expect(saved).toEqual(['ejecuciones-2026-12-05.csv']));
    expect(calls.filter((url) => url === `${EXPORTS}x1/download`)).toHaveLength(1);
    expect(screen.getByTestId('export-download').textContent).toContain('ejecuciones-2026-12-05.csv');
    // the link stays: a second download within the file's days
    fireEvent.click(screen.getByTestId('export-download'));
    await waitFor(() => expect(saved).toHaveLength(2));
    await act(() => changeLanguage('en'));
    expect(screen.getByTestId('export-until').textContent).toBe(`Available until ${formatDate(EXPIRES)}`);
  });

  it('says nothing of a date while the export is not finished', async () => {
    await checklistsLocales.load('es');
    await renderRoutes([{ path: '/', Component: () => <ExecutionsExport filters={{}} /> }]);
    fireEvent.click(screen.getByTestId('export-xlsx'));
    expect(await screen.findByText('Exportando… 0 %')).toBeTruthy();
    expect(screen.queryByTestId('export-until')).toBeNull();
    expect(screen.queryByTestId('export-download')).toBeNull();
  });
});
