import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { INVALID_DOCUMENT_MESSAGE, INVALID_PHONE_MESSAGE, INVALID_RUT_MESSAGE } from '@faena/domain/identity-documents';
import { HttpError } from '../../../shared/api/http-error.ts';
import { initI18n } from '../../../shared/i18n/i18n.ts';
import { loadRegisteredLocales } from '../../../shared/i18n/bundles.ts';
import { checkMessage, refusalText, serverFieldMessage } from './person-messages.ts';

const refused = (status: number, body: Record<string, unknown>) => new HttpError({ status, method: 'POST', url: '/x', body, bodyText: JSON.stringify(body), contentType: 'application/json' });

describe('person messages', () => {
  beforeAll(async () => {
    await initI18n('es');
    await loadRegisteredLocales('es');
  });
  const t = i18next.t.bind(i18next);

  it('says the shared checks in the user language; the spec texts stay as they are', async () => {
    expect(checkMessage(t, INVALID_DOCUMENT_MESSAGE)).toBe('Número de documento inválido');
    expect(checkMessage(t, INVALID_PHONE_MESSAGE)).toBe('Número de teléfono inválido');
    for (const spec of [INVALID_RUT_MESSAGE, 'Invalid email', 'Email already in use', 'Something new']) expect(checkMessage(t, spec)).toBe(spec);
    await i18next.changeLanguage('en');
    await loadRegisteredLocales('en');
    expect(checkMessage(t, INVALID_PHONE_MESSAGE)).toBe('Invalid phone number');
    await i18next.changeLanguage('es');
  });

  it('says a server field error by its reason, not by its English text', () => {
    expect(serverFieldMessage(t, { texts: ['Identity document already in use'], reason: 'in-use' })).toBe('El documento de identidad ya pertenece a otra persona');
    expect(serverFieldMessage(t, { texts: ['Unknown venue: 5f0c', 'Unknown venue: 77aa'], reason: 'unknown-reference' })).toBe('Alguno de los elementos elegidos ya no existe; revisa la selección.');
    expect(serverFieldMessage(t, { texts: ['The company module is disabled for this organization.'], reason: 'module-disabled' })).toBe('Ese módulo está deshabilitado en la organización.');
    expect(serverFieldMessage(t, { texts: ['anything at all'], reason: 'not-an-image' })).toBe('La foto debe ser una imagen PNG, JPEG o GIF.');
    // no reason: a spec text or a shared check's text, as the form would say it
    expect(serverFieldMessage(t, { texts: ['Email already in use'], reason: null })).toBe('Email already in use');
    expect(serverFieldMessage(t, { texts: [INVALID_DOCUMENT_MESSAGE], reason: null })).toBe('Número de documento inválido');
  });

  it('names the person in a refusal by its reason, and falls back for anything else', () => {
    expect(refusalText(t, refused(409, { code: 'conflict', detail: 'Ana already has an account.', reason: 'has-account' }), 'Ana', 'x')).toBe('Ana ya tiene una cuenta.');
    expect(refusalText(t, refused(409, { code: 'conflict', reason: 'disabled' }), 'Ana', 'x')).toBe('Ana está deshabilitada; habilítala primero.');
    expect(refusalText(t, refused(403, { code: 'user-disabled', detail: 'This user has been disabled.' }), 'Ana', 'x')).toBe('Ana está deshabilitada; habilítala primero.');
    expect(refusalText(t, refused(400, { code: 'bad-request', reason: 'no-account' }), 'Ana', 'x')).toBe('Ana aún no tiene una cuenta: invítala primero.');
    expect(refusalText(t, refused(403, { code: 'operation-not-allowed', reason: 'impersonating' }), 'Ana', 'x')).toBe('Deja de suplantar antes de suplantar a otra persona.');
    expect(refusalText(t, refused(403, { code: 'operation-not-allowed', detail: 'You cannot disable yourself.', reason: 'disable-self' }), 'Ana', 'x')).toBe('No puedes deshabilitarte a ti mismo.');
    expect(refusalText(t, refused(403, { code: 'permission-denied', required: ['MANAGE_WF'], reason: 'beyond-own' }), 'Ana', 'x')).toBe('Solo puedes entregar permisos que tú mismo tienes.');
    expect(refusalText(t, refused(400, { code: 'validation-error', errors: { primary_email: ['The person has no e-mail to invite.'] }, reasons: { primary_email: 'no-email' } }), 'Ana', 'x')).toBe(
      'La persona no tiene un correo al cual invitarla.',
    );
    // an English detail without a reason is not shown to a Spanish reader
    expect(refusalText(t, refused(403, { code: 'operation-not-allowed', detail: 'Something the server says.' }), 'Ana', 'No se pudo')).toBe('No se pudo');
    expect(refusalText(t, new Error('offline'), 'Ana', 'No se pudo')).toBe('No se pudo');
  });
});
