import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { HttpError } from '../api/http-error.ts';
import { renderWithProviders, testTenant } from '../../test/render.tsx';
import { ErrorPage } from './error-page.tsx';
import { buildErrorReport, errorReportHtml } from './error-report.ts';

const httpError = new HttpError({ status: 502, method: 'GET', url: '/api/x', body: '<html><h1>Bad gateway</h1></html>', bodyText: '<html><h1>Bad gateway</h1></html>', contentType: 'text/html' });

describe('unknown-error page (spec §2)', () => {
  it('offers every action: reload, home, try later, clear data, details, support', async () => {
    await renderWithProviders(<ErrorPage error={httpError} />, { tenant: testTenant({ supportEmail: 'ayuda@acme.cl' }) });
    for (const name of ['Recargar página', 'Ir al inicio', 'Intentar más tarde', 'Borrar datos de la app', 'Detalles técnicos']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: /ayuda@acme.cl/ }).getAttribute('href')).toMatch(/^mailto:ayuda@acme\.cl\?/);
    expect(screen.queryByRole('button', { name: 'Reiniciar la app' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Detalles técnicos' }));
    expect(screen.getByTestId('error-http').textContent).toContain('GET /api/x → 502');
    expect(screen.getByRole('button', { name: 'Descargar respuesta del servidor (HTML)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Descargar informe (HTML)' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Intentar más tarde' }));
    expect(screen.getByText(/Volveremos a cargar la página en 60 s/)).toBeTruthy();
  });

  it('falls back to the default support address', async () => {
    await renderWithProviders(<ErrorPage error={new Error('boom')} />);
    expect(screen.getByRole('link', { name: /soporte@faena.app/ })).toBeTruthy();
  });

  it('builds a downloadable HTML report with the stack and the server answer', () => {
    const html = errorReportHtml(buildErrorReport(httpError));
    expect(html).toContain('<!doctype html>');
    expect(html).toContain('GET /api/x → 502');
    expect(html).toContain('Stack');
    expect(html).toContain('&lt;h1&gt;Bad gateway&lt;/h1&gt;');
  });
});
