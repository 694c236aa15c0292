import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TEmbedView, TReport } from '@faena/contracts';
import { QueryClient } from '@tanstack/react-query';
import { Providers, renderWithProviders } from '../../../test/render.tsx';
import { jsonResponse, stubApi } from '../../../test/fetch.ts';
import { EmbedFrame } from './embed-frame.tsx';
import { ReportViewer } from './report-viewer.tsx';

// The Superset SDK talks to Superset through its frame: what the page hands it is what is tested.
const superset = vi.hoisted(() => ({ calls: [] as { id: string; supersetDomain: string; fetchGuestToken: () => Promise<string>; iframeTitle?: string }[], unmounted: 0 }));
vi.mock('@superset-ui/embedded-sdk', () => ({
  embedDashboard: async (params: (typeof superset.calls)[number]) => {
    superset.calls.push(params);
    return { unmount: () => (superset.unmounted += 1) };
  },
}));

const inMinutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
const embedOf = (over: Partial<TEmbedView>): TEmbedView => ({
  provider: 'tableau',
  url: 'https://tableau.example.com/t/acme/views/Ventas/Resumen',
  token: 'jwt-1',
  resource_id: null,
  expires_at: inMinutes(10),
  ...over,
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.querySelectorAll('script[data-testid="tableau-library"]').forEach((s) => s.remove());
});

describe('embedded BI dashboards in the page (decision 027)', () => {
  it('Tableau: loads the Embedding API v3 from the tenant’s Tableau site and signs the viz in with the minted JWT', async () => {
    await renderWithProviders(<EmbedFrame reportId="r1" embed={embedOf({})} title="Ventas" />);
    const script = await waitFor(() => {
      const found = document.head.querySelector<HTMLScriptElement>('script[data-testid="tableau-library"]');
      if (!found) throw new Error('no library script yet');
      return found;
    });
    expect(script.src).toBe('https://tableau.example.com/javascripts/api/tableau.embedding.3.latest.min.js');
    expect(script.type).toBe('module');
    act(() => void script.dispatchEvent(new Event('load')));
    const viz = await screen.findByTestId('tableau-viz');
    expect(viz.tagName.toLowerCase()).toBe('tableau-viz');
    expect(viz.getAttribute('src')).toBe('https://tableau.example.com/t/acme/views/Ventas/Resumen');
    expect(viz.getAttribute('token')).toBe('jwt-1');
    // the view says it could not load (a refused token, a deleted view): a clear message
    act(() => void viz.dispatchEvent(new Event('vizloaderror')));
    expect((await screen.findByTestId('report-embed-error')).textContent).toBe('No pudimos mostrar el tablero de Tableau. Revisa tu conexión o inténtalo de nuevo.');
  });

  it('Tableau: a site whose library does not load shows the tool’s error, not an empty box', async () => {
    await renderWithProviders(<EmbedFrame reportId="r1" embed={embedOf({ url: 'https://down.example.com/views/A/B' })} title="Ventas" />);
    const script = await waitFor(() => {
      const found = document.head.querySelector<HTMLScriptElement>('script[src^="https://down.example.com/"]');
      if (!found) throw new Error('no library script yet');
      return found;
    });
    act(() => void script.dispatchEvent(new Event('error')));
    expect(await screen.findByTestId('report-embed-error')).toBeTruthy();
  });

  it('Power BI: embeds the report with powerbi-client and hands a refreshed token to the running report', async () => {
    const pbi = await import('powerbi-client');
    const setAccessToken = vi.spyOn(pbi.Report.prototype, 'setAccessToken').mockResolvedValue(undefined as never);
    const group = '11111111-2222-3333-4444-555555555555';
    const report = 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee';
    const first = embedOf({ provider: 'powerbi', url: `https://app.powerbi.com/groups/${group}/reports/${report}/ReportSection`, token: 'pbi-1', resource_id: report });
    const client = new QueryClient();
    const view = await renderWithProviders(<EmbedFrame reportId="r2" embed={first} title="Ventas" />);
    view.rerender(
      <Providers client={client}>
        <EmbedFrame reportId="r2" embed={first} title="Ventas" />
      </Providers>,
    );
    const frame = await waitFor(() => {
      const found = view.container.querySelector('iframe');
      if (!found) throw new Error('not embedded yet');
      return found;
    });
    const src = new URL(frame.getAttribute('src')!);
    expect(`${src.origin}${src.pathname}`).toBe('https://app.powerbi.com/reportEmbed');
    expect(src.searchParams.get('reportId')).toBe(report);
    expect(src.searchParams.get('groupId')).toBe(group);
    expect(frame.getAttribute('src')).not.toContain('pbi-1'); // the token goes by message, never in the address
    expect(frame.getAttribute('title')).toBe('Ventas');
    expect(setAccessToken).not.toHaveBeenCalled();
    view.rerender(
      <Providers client={client}>
        <EmbedFrame reportId="r2" embed={{ ...first, token: 'pbi-2', expires_at: inMinutes(20) }} title="Ventas" />
      </Providers>,
    );
    await waitFor(() => expect(setAccessToken).toHaveBeenCalledWith('pbi-2'));
    expect(view.container.querySelectorAll('iframe')).toHaveLength(1); // not re-embedded
    setAccessToken.mockRestore();
  });

  it('Superset: embeds the dashboard with the SDK, hands it the page’s guest token, then mints a fresh one when it nears expiry', async () => {
    superset.calls.length = 0;
    const calls = stubApi((url) =>
      url.includes('/reports/r3/view/') ? { report: {}, chart: null, embed: embedOf({ provider: 'superset', url: 'https://bi.example.com', token: 'guest-2', resource_id: 'dash-uuid' }) } : undefined,
    );
    await renderWithProviders(
      <EmbedFrame reportId="r3" embed={embedOf({ provider: 'superset', url: 'https://bi.example.com', token: 'guest-1', resource_id: 'dash-uuid', expires_at: inMinutes(1) })} title="Operación" />,
    );
    await waitFor(() => expect(superset.calls).toHaveLength(1));
    const params = superset.calls[0]!;
    expect(params).toMatchObject({ id: 'dash-uuid', supersetDomain: 'https://bi.example.com', iframeTitle: 'Operación' });
    // the page's token expires within the margin: the SDK gets a freshly minted one
    expect(await params.fetchGuestToken()).toBe('guest-2');
    expect(calls.filter((u) => u.includes('/api/reports/v3/reports/r3/view/'))).toHaveLength(1);
    // while that one is fresh it is handed again without another round trip
    expect(await params.fetchGuestToken()).toBe('guest-2');
    expect(calls.filter((u) => u.includes('/view/'))).toHaveLength(1);
  });

  it('maps a BI tool’s error codes to translated messages', async () => {
    const report = { id: 'r4', title: 'Tablero', description: '', kind: 'powerbi', chart: null, params: { range_days: 30, grouping: 'week' }, audience: null } as unknown as TReport;
    for (const [code, text] of [
      ['bi-secret-missing', 'Falta configurar la clave'],
      ['bi-token-failed', 'Power BI no respondió al pedir el acceso seguro'],
      ['bi-config-incomplete', 'La conexión con Power BI está incompleta'],
    ] as const) {
      stubApi((url) => (url.includes('/view/') ? jsonResponse({ code, detail: 'x' }, code === 'bi-token-failed' ? 502 : 409) : url.includes('/charts/') ? { results: [] } : undefined));
      const view = await renderWithProviders(<ReportViewer report={report} />);
      expect((await screen.findByTestId('report-view-error')).textContent).toContain(text);
      view.unmount();
      vi.unstubAllGlobals();
    }
  });
});
