import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubDocumentFonts } from '../../../shared/forms/test-helpers.tsx';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { sessionStore } from '../../../shared/session/session.ts';
import { jsonResponse, stubApi } from '../../../test/fetch.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { testTokenPair } from '../../../test/session.ts';
import { checklistsLocales } from '../locales/index.ts';
import { ReportMailForm } from './report-mail-form.tsx';

const PEOPLE = [
  { id: 'person-1', passport: 'passport-1', name: 'Camila Rojas' },
  { id: 'person-2', passport: 'passport-2', name: 'Pedro Soto' },
];

/** What the server answers to the send (report-mail.service.ts); the texts it writes are English. */
let refusal: Response;
let sent = 0;

beforeEach(() => {
  // the message's autosizing textarea listens to the document's fonts
  stubDocumentFonts();
  sessionStore.signIn(testTokenPair());
  sent = 0;
  stubApi((url, init) => {
    if (url.includes('/audiences/v3/persons/')) return { count: PEOPLE.length, next: null, previous: null, results: PEOPLE };
    if (url.endsWith('/report-mail/') && init?.method === 'POST') {
      sent += 1;
      return refusal.clone();
    }
    return undefined;
  });
});
afterEach(async () => {
  await act(() => changeLanguage('es'));
  await sessionStore.signOut();
  vi.unstubAllGlobals();
});

const open = async (language: 'es' | 'es-MX' | 'en' = 'es') => {
  await checklistsLocales.load(language);
  await renderRoutes([{ path: '/', Component: () => <ReportMailForm executionId="e1" onClose={() => undefined} /> }]);
  if (language !== 'es') await act(() => changeLanguage(language));
  return screen.findByTestId('report-mail-form');
};
const choose = async (name: string) => {
  fireEvent.click(screen.getByRole('combobox', { name: language() === 'en' ? 'People' : 'Personas' }));
  fireEvent.click(await screen.findByRole('option', { name }));
};
const language = () => document.documentElement.lang;
const typeAddress = (address: string) => {
  const input = screen.getByTestId('report-mail-emails');
  act(() => input.focus());
  fireEvent.change(input, { target: { value: address } });
  fireEvent.keyDown(input, { key: 'Enter' });
};
const send = async () => {
  const before = sent;
  fireEvent.click(screen.getByTestId('report-mail-send'));
  await waitFor(() => expect(sent).toBe(before + 1));
};

describe('report by e-mail: the server’s refusals in the reader’s words', () => {
  it('a chosen person who has no e-mail, or is no longer in the directory, is named under the people', async () => {
    refusal = jsonResponse(
      {
        code: 'validation-error',
        errors: { 'people.0': ['Camila Rojas has no e-mail address.'], 'people.1': ['Unknown person: passport-2'] },
        reasons: { 'people.0': 'no-email', 'people.1': 'unknown-reference' },
      },
      400,
    );
    await open();
    await choose('Camila Rojas');
    await choose('Pedro Soto');
    await send();
    expect(await screen.findByText('Camila Rojas no tiene una dirección de correo registrada. Pedro Soto ya no está en el directorio.')).toBeTruthy();
    expect(screen.queryByText(/has no e-mail|Unknown person/)).toBeNull();
  });

  it('in English too', async () => {
    refusal = jsonResponse({ code: 'validation-error', errors: { 'people.0': ['Camila Rojas has no e-mail address.'] }, reasons: { 'people.0': 'no-email' } }, 400);
    await open('en');
    await choose('Camila Rojas');
    await send();
    expect(await screen.findByText('Camila Rojas has no e-mail address on record.')).toBeTruthy();
  });

  it('an address the server refuses is named under the addresses', async () => {
    refusal = jsonResponse({ code: 'validation-error', detail: 'Invalid body.', errors: { 'emails.0': ['Invalid email address'] } }, 400);
    await open();
    typeAddress('jefa@ejemplo.cl');
    await send();
    expect(await screen.findByText('«jefa@ejemplo.cl» no es una dirección de correo válida.')).toBeTruthy();
    expect(screen.queryByText('Invalid email address')).toBeNull();
  });

  it.each([
    ['es', 409, { code: 'not-submitted', detail: 'Only a submitted execution has a report to send.' }, 'Solo se puede enviar el informe de una ejecución ya enviada.'],
    ['es-MX', 409, { code: 'not-submitted', detail: 'Only a submitted execution has a report to send.' }, 'Solo se puede enviar el reporte de una ejecución ya enviada.'],
    ['es', 404, { code: 'not-found', detail: 'Execution not found.' }, 'Esta ejecución no existe o no puedes verla.'],
    ['es', 503, { code: 'service-unavailable', detail: 'The e-mail could not be sent: try again later.' }, 'No se pudo enviar el correo en este momento. Intenta de nuevo más tarde.'],
    ['en', 503, { code: 'service-unavailable', detail: 'The e-mail could not be sent: try again later.' }, 'The e-mail could not be sent right now. Try again later.'],
    ['es', 400, { code: 'too-many-recipients', detail: 'At most 10 recipients.', max: 10 }, 'Como máximo 10 destinatarios.'],
    ['es', 400, { code: 'recipients-required', detail: 'Choose at least one person or type an address.' }, 'Elige al menos una persona o escribe una dirección.'],
    ['es', 403, { code: 'permission-denied', detail: 'Permission denied.' }, 'No tienes permiso para enviar este informe.'],
    // a code this screen does not know: the server's own text, rather than nothing
    ['es', 418, { code: 'teapot', detail: 'Something only the server knows.' }, 'Something only the server knows.'],
  ] as const)('%s: %i %o → %s', async (lang, status, answer, text) => {
    refusal = jsonResponse(answer, status);
    await open(lang);
    typeAddress('jefa@example.com');
    await send();
    expect((await screen.findByTestId('report-mail-error')).textContent).toBe(text);
    expect(screen.getByTestId('report-mail-form')).toBeTruthy();
  });
});
