import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { INVALID_DOCUMENT_MESSAGE, INVALID_PHONE_MESSAGE, INVALID_RUT_MESSAGE } from '@faena/domain/identity-documents';
import { HttpError } from '../../../shared/api/http-error.ts';
import { initI18n } from '../../../shared/i18n/i18n.ts';
import { loadRegisteredLocales } from '../../../shared/i18n/bundles.ts';
import { personMessage, refusalText } from './person-messages.ts';

const refused = (status: number, body: Record<string, unknown>) => new HttpError({ status, method: 'POST', url: '/x', body, bodyText: JSON.stringify(body), contentType: 'application/json' });

describe('person messages', () => {
  beforeAll(async () => {
    await initI18n('es');
    await loadRegisteredLocales('es');
  });
  const t = i18next.t.bind(i18next);

  it('says our own check and service texts in the user language; the spec texts stay as they are', async () => {
    expect(personMessage(t, INVALID_DOCUMENT_MESSAGE)).toBe('Número de documento inválido');
    expect(personMessage(t, INVALID_PHONE_MESSAGE)).toBe('Número de teléfono inválido');
    expect(personMessage(t, 'Identity document already in use')).toBe('El documento de identidad ya pertenece a otra persona');
    expect(personMessage(t, 'Unknown venue: 5f0c')).toBe('Alguno de los elementos elegidos ya no existe; revisa la selección.');
    expect(personMessage(t, 'The company module is disabled for this organization.')).toBe('Ese módulo está deshabilitado en la organización.');
    expect(personMessage(t, 'You can only hand out permissions you hold yourself.')).toBe('Solo puedes entregar permisos que tú mismo tienes.');
    for (const spec of [INVALID_RUT_MESSAGE, 'Invalid email', 'Email already in use', 'Something new']) expect(personMessage(t, spec)).toBe(spec);
    await i18next.changeLanguage('en');
    await loadRegisteredLocales('en');
    expect(personMessage(t, INVALID_PHONE_MESSAGE)).toBe('Invalid phone number');
    await i18next.changeLanguage('es');
  });

  it('names the person in a refusal by its reason, and falls back for anything else', () => {
    expect(refusalText(t, refused(409, { code: 'conflict', detail: 'Ana already has an account.', reason: 'has-account' }), 'Ana', 'x')).toBe('Ana ya tiene una cuenta.');
    expect(refusalText(t, refused(409, { code: 'conflict', reason: 'disabled' }), 'Ana', 'x')).toBe('Ana está deshabilitada; habilítala primero.');
    expect(refusalText(t, refused(403, { code: 'user-disabled', detail: 'This user has been disabled.' }), 'Ana', 'x')).toBe('Ana está deshabilitada; habilítala primero.');
    expect(refusalText(t, refused(400, { code: 'bad-request', reason: 'no-account' }), 'Ana', 'x')).toBe('Ana aún no tiene una cuenta: invítala primero.');
    expect(refusalText(t, refused(403, { code: 'operation-not-allowed', reason: 'impersonating' }), 'Ana', 'x')).toBe('Deja de suplantar antes de suplantar a otra persona.');
    expect(refusalText(t, refused(403, { code: 'operation-not-allowed', detail: 'You cannot disable yourself.' }), 'Ana', 'x')).toBe('No puedes deshabilitarte a ti mismo.');
    expect(refusalText(t, new Error('offline'), 'Ana', 'No se pudo')).toBe('No se pudo');
  });
});
