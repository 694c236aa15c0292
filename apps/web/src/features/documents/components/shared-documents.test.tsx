import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, renderWithProviders } from '../../../test/render.tsx';
import { jsonResponse, stubApi } from '../../../test/fetch.ts';
import { SharedDocumentsRoute } from '../routes.tsx';
import { ShareModal } from './share-modal.tsx';

const doc = (id: string, title: string) => ({
  id,
  title,
  document_type_name: 'Reglamentos',
  upload_id: `up${id}`.padEnd(24, 'x'),
  file_name: `${title}.pdf`,
  size: 10,
  content_type: 'application/pdf',
  shared_by_name: 'Ada Admin',
  shared_at: '2026-03-02T12:00:00Z',
});
const ROUTES = [{ path: 'documents/shared/:id?', Component: SharedDocumentsRoute }];

afterEach(() => vi.unstubAllGlobals());

describe('documents shared with me (issue 45 point 5)', () => {
  it('lists what was shared, the one a notification names first and marked', async () => {
    stubApi((url) => {
      if (url.endsWith('/shared-with-me/')) return { results: [doc('a', 'Turnos de marzo'), doc('b', 'Reglamento interno')] };
      if (url.endsWith('/shared-with-me/b/')) return doc('b', 'Reglamento interno');
      return undefined;
    });
    await renderRoutes(ROUTES, { path: '/documents/shared/b' });
    await screen.findByText('Reglamento interno');
    const rows = screen.getAllByTestId('shared-document');
    expect(rows.map((row) => row.textContent)).toEqual([expect.stringContaining('Reglamento interno'), expect.stringContaining('Turnos de marzo')]);
    expect(rows[0]!.textContent).toContain('Compartido por Ada Admin');
    expect(screen.getByRole('heading', { name: 'Compartidos conmigo' })).toBeTruthy();
  });

  it('says so when the named document is no longer shared, and when nothing is', async () => {
    stubApi((url) => (url.endsWith('/shared-with-me/') ? { results: [] } : url.includes('/shared-with-me/') ? jsonResponse({ code: 'not-found', detail: 'Document' }, 404) : undefined));
    await renderRoutes(ROUTES, { path: '/documents/shared/gone' });
    expect((await screen.findByTestId('shared-gone')).textContent).toBe('Este documento ya no está compartido contigo.');
    expect(screen.getByTestId('shared-empty')).toBeTruthy();
  });

  it('the share dialog lists who has it and stops sharing with one of them', async () => {
    let shares = [{ person_id: 'p1', name: 'Ana Andrade', picture: null, shared_by_name: 'Ada Admin', shared_at: '2026-03-02T12:00:00Z' }];
    const calls = stubApi((url, init) => {
      if (url.endsWith('/documents/d1/shares/p1/') && init?.method === 'DELETE') {
        shares = [];
        return new Response(null, { status: 204 });
      }
      if (url.endsWith('/documents/d1/shares/')) return { results: shares };
      return undefined;
    });
    await renderWithProviders(<ShareModal doc={{ id: 'd1', title: 'Reglamento interno' }} onClose={() => undefined} />);
    expect(await screen.findByText('Compartir «Reglamento interno»')).toBeTruthy();
    expect((await screen.findByTestId('share-row')).textContent).toContain('Ana Andrade');
    expect(screen.getByTestId('share-submit').hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Dejar de compartir con Ana Andrade' }));
    await screen.findByTestId('share-none');
    expect(calls.filter((u) => u.endsWith('/shares/p1/'))).toHaveLength(1);
    await waitFor(() => expect(screen.queryByTestId('share-row')).toBeNull());
  });
});
