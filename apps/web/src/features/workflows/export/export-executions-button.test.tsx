import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TWfExport } from '@faena/contracts/workflows-extras';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { formatDate } from '../../../shared/lib/dates.ts';
import { sessionStore } from '../../../shared/session/session.ts';
import { stubApi } from '../../../test/fetch.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { testTokenPair } from '../../../test/session.ts';
import { workflowsExtrasLocales } from '../extras/locales/index.ts';
import { ExportExecutionsButton } from './export-executions-button.tsx';

const WF = '/api/workflow-backend/v3';
const EXPIRES = '2026-12-13T15:00:00Z';

const job = (over: Partial<TWfExport>): TWfExport => ({
  id: 'x1',
  workflow_type: 't1',
  format: 'csv',
  status: 'PENDING',
  percent: 0,
  rows: 0,
  file_name: 'mantencion-ejecuciones-2026-12-06.csv',
  upload_id: null,
  download_url: null,
  error: null,
  created_at: '2026-12-06T15:00:00Z',
  finished_at: null,
  expires_at: null,
  ...over,
});

let status: TWfExport;

beforeEach(() => {
  sessionStore.signIn(testTokenPair());
  status = job({ status: 'DONE', percent: 100, rows: 3, upload_id: 'u'.repeat(24), download_url: `${WF}/executions-exports/x1/download`, finished_at: '2026-12-06T15:00:00Z', expires_at: EXPIRES });
  stubApi((url, init) => {
    if (url === `${WF}/workflow-types/t1/executions/exports/` && init?.method === 'POST') return job({});
    if (url === `${WF}/executions-exports/x1/`) return status;
    return undefined;
  });
});
afterEach(async () => {
  await act(() => changeLanguage('es'));
  await sessionStore.signOut();
  vi.unstubAllGlobals();
});

const exportCsv = async () => {
  await workflowsExtrasLocales.load('es');
  await workflowsExtrasLocales.load('en');
  await renderRoutes([{ path: '/', Component: () => <ExportExecutionsButton typeId="t1" /> }]);
  fireEvent.click(screen.getByRole('button', { name: 'Exportar' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'CSV' }));
};

describe('workflow executions export', () => {
  it('says until when a finished file can be downloaded (es, en)', async () => {
    await exportCsv();
    expect(await screen.findByTestId('export-until', {}, { timeout: 3000 })).toHaveProperty('textContent', `Disponible hasta ${formatDate(EXPIRES)}`);
    expect(screen.getByRole('button', { name: 'Descargar' })).toBeTruthy();
    await act(() => changeLanguage('en'));
    expect(screen.getByTestId('export-until').textContent).toBe(`Available until ${formatDate(EXPIRES)}`);
  });

  it('an expired export offers no download and says when its file was deleted', async () => {
    status = job({ status: 'EXPIRED', percent: 100, rows: 3, finished_at: '2026-12-06T15:00:00Z', expires_at: EXPIRES });
    await exportCsv();
    expect((await screen.findByTestId('export-expired', {}, { timeout: 3000 })).textContent).toBe(
      `El archivo se eliminó el ${formatDate(EXPIRES)}, al cumplir sus 7 días. Genera uno nuevo si lo necesitas.`,
    );
    expect(screen.queryByRole('button', { name: 'Descargar' })).toBeNull();
  });
});
