import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAsset, TMeter } from '@faena/contracts';
import { ALL_FLAGS_ON } from '@faena/domain/feature-flags';
import { sessionStore } from '../../../shared/session/session.ts';
import { jsonResponse, stubApi } from '../../../test/fetch.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { testTokenPair } from '../../../test/session.ts';
import { AssetInspections } from './asset-inspections.tsx';
import { MetersSection } from './meters-section.tsx';

const asset = { id: 'a1', code: 'GR-1', name: 'Grúa 1', can_manage: true } as TAsset;
let meter: TMeter;
let permissions: string[];
let posted: { url: string; body: unknown }[];

beforeEach(() => {
  sessionStore.signIn(testTokenPair());
  permissions = ['VIEW_ASSETS', 'MANAGE_ASSETS', 'VIEW_CHECKLISTS'];
  posted = [];
  meter = {
    id: 'm1',
    name: 'Horómetro',
    unit: 'h',
    last_value: 300,
    last_read_at: '2026-12-05T10:00:00Z',
    plans: [{ id: 'p1', title: 'Cambio de aceite', every: 250, next_at: 350, workflow_type: null, created_at: '2026-12-01T10:00:00Z' }],
    created_at: '2026-12-01T10:00:00Z',
  };
  stubApi((url, init) => {
    if (url.includes('/my-site-config')) return { permissions, is_staff: false, disabled_modules: [], feature_flags: ALL_FLAGS_ON };
    if (url.includes('/meters/m1/readings/') && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { value: number };
      posted.push({ url, body });
      if (body.value < 300) return jsonResponse({ code: 'reading-decreased', detail: 'x', errors: { value: ['The last reading was 300.'] } }, 400);
      meter = { ...meter, last_value: body.value, plans: [{ ...meter.plans[0]!, next_at: 600 }] };
      return jsonResponse({ reading: { id: 'r2', value: body.value, read_at: '2026-12-05T11:00:00Z', recorded_by: null, maintenance_id: null }, meter, opened: ['mx'] }, 201);
    }
    if (url.includes('/meters/')) return { results: [meter] };
    if (url.includes('/api/checklists/v3/executions/')) {
      return {
        count: 1,
        next: null,
        previous: null,
        results: [
          {
            id: 'e1',
            checklist: { id: 'c1', name: 'Inspección de grúa' },
            status: 'submitted',
            result: 'reprobado',
            score: 50,
            failed_count: 2,
            executed_by: { name: 'Iván' },
            started_at: '2026-12-05T09:00:00Z',
            submitted_at: '2026-12-05T09:10:00Z',
          },
        ],
      };
    }
    return undefined;
  });
});
afterEach(async () => {
  await sessionStore.signOut();
  vi.unstubAllGlobals();
});

describe('MetersSection', () => {
  it('shows each meter with its last reading and plans by use, and records a reading that moves the plan on', async () => {
    await renderRoutes([{ path: '/assets/a1', element: <MetersSection asset={asset} /> }], { path: '/assets/a1' });
    const row = await screen.findByTestId('meter-row');
    expect(within(row).getByTestId('meter-last').textContent).toContain('300 h');
    expect(within(row).getByTestId('meter-plan-row').textContent).toContain('Cambio de aceite · cada 250 h, el próximo a los 350 h');
    fireEvent.change(within(row).getByTestId('meter-reading-input'), { target: { value: '360' } });
    fireEvent.click(within(row).getByTestId('meter-reading-submit'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body).toEqual({ value: 360 });
    await waitFor(() => expect(screen.getByTestId('meter-plan-row').textContent).toContain('el próximo a los 600 h'));
  });

  it('a reading below the last one is refused with the field’s message', async () => {
    await renderRoutes([{ path: '/assets/a1', element: <MetersSection asset={asset} /> }], { path: '/assets/a1' });
    const row = await screen.findByTestId('meter-row');
    fireEvent.change(within(row).getByTestId('meter-reading-input'), { target: { value: '10' } });
    fireEvent.click(within(row).getByTestId('meter-reading-submit'));
    expect(await screen.findByText('No puede ser menor que la última lectura (300 h).')).toBeDefined();
  });

  it('who only views sees the readings but no inputs', async () => {
    await renderRoutes([{ path: '/assets/a1', element: <MetersSection asset={{ ...asset, can_manage: false }} /> }], { path: '/assets/a1' });
    const row = await screen.findByTestId('meter-row');
    expect(within(row).queryByTestId('meter-reading-input')).toBeNull();
    expect(screen.queryByTestId('new-meter')).toBeNull();
  });
});

describe('AssetInspections', () => {
  it('lists the checklists executed at the asset, each linking to its execution', async () => {
    await renderRoutes([{ path: '/assets/a1', element: <AssetInspections assetId="a1" /> }], { path: '/assets/a1' });
    const row = await screen.findByTestId('inspection-row');
    expect(row.textContent).toContain('Inspección de grúa');
    expect(row.textContent).toContain('Reprobado');
    expect(row.textContent).toContain('2 ítems reprobados');
    expect(within(row).getByRole('link').getAttribute('href')).toBe('/checklists/executions/e1');
  });

  it('is not shown to who does not see checklists', async () => {
    permissions = ['VIEW_ASSETS'];
    await renderRoutes([{ path: '/assets/a1', element: <AssetInspections assetId="a1" /> }], { path: '/assets/a1' });
    await waitFor(() => expect(screen.queryByTestId('asset-inspections')).toBeNull());
  });
});
