import { describe, expect, it } from 'vitest';
import type { TPerson } from '@faena/contracts';
import { changesOf, EMPTY_PERSON, firstErrorKey, mapServerErrors, requestOf, validatePerson, valuesOf, type PersonFormValues } from './person-form-model.ts';

const values = (over: Partial<PersonFormValues>): PersonFormValues => ({ ...EMPTY_PERSON, name: 'Ana Pérez', ...over });

describe('person form checks (spec forms §5)', () => {
  it('asks for the name and checks e-mails, phones and each document by its type', () => {
    expect(validatePerson(values({ name: '  ' }))).toEqual({ name: 'This field is required' });
    expect(
      validatePerson(
        values({
          primary_email: 'ana@',
          other_emails: ['bien@faena.test', 'mal'],
          phones: [
            { number: '12', label: '' },
            { number: '+56 9 8765 4321', label: 'móvil' },
          ],
          identity_documents: [
            { type: 'CL_CI', number: '12345678-9' },
            { type: 'CL_CI', number: '12.345.678-5' },
            { type: 'PE_DNI', number: '1234' },
            { type: 'PASSPORT', number: '' },
          ],
        }),
      ),
    ).toEqual({
      primary_email: 'Invalid email',
      'other_emails.1': 'Invalid email',
      'phones.0': 'Invalid phone number',
      'identity_documents.0.number': 'Invalid RUT',
      'identity_documents.2.number': 'Invalid document number',
    });
  });

  it('sends trimmed values, drops blank rows and sends references as ids', () => {
    const body = requestOf(
      values({
        name: ' Ana Pérez ',
        primary_email: ' ana@faena.test ',
        other_emails: ['', ' otra@faena.test'],
        phones: [
          { number: ' ', label: 'x' },
          { number: '+56 9 1', label: ' ' },
        ],
        identity_documents: [
          { type: 'CL_CI', number: ' 12.345.678-5 ' },
          { type: 'PASSPORT', number: '' },
        ],
        company: { value: 'c1', label: 'Transportes Sur' },
        positions: [{ value: 'p1', label: 'Bodeguero' }],
        photo: ['/api/document-manager/v3/upload/abc123/download'],
      }),
    );
    expect(body).toMatchObject({
      name: 'Ana Pérez',
      primary_email: 'ana@faena.test',
      other_emails: ['otra@faena.test'],
      phones: [{ number: '+56 9 1', label: null }],
      identity_documents: [{ type: 'CL_CI', number: '12.345.678-5' }],
      company_id: 'c1',
      position_ids: ['p1'],
      photo_upload_id: 'abc123',
      address: null,
    });
  });

  it("maps the server's field errors onto the rows as shown (blank rows were not sent)", () => {
    const shown = values({
      other_emails: ['', 'otra@faena.test'],
      identity_documents: [
        { type: 'PASSPORT', number: '' },
        { type: 'CL_CI', number: '11111111-1' },
      ],
    });
    expect(
      mapServerErrors(shown, {
        primary_email: { texts: ['Email already in use'], reason: null },
        'other_emails.0': { texts: ['Invalid email'], reason: null },
        'identity_documents.0.number': { texts: ['Identity document already in use'], reason: 'in-use' },
        workspace_ids: { texts: ['Unknown venue: x', 'Unknown venue: y'], reason: 'unknown-reference' },
        positions_added: { texts: ['Unknown position: p'], reason: 'unknown-reference' },
        something_else: { texts: ['Boom'], reason: null },
      }),
    ).toEqual({
      primary_email: 'Email already in use',
      'other_emails.1': 'Invalid email',
      'identity_documents.1.number': 'Identity document already in use',
      workspaces: 'Unknown venue: x Unknown venue: y',
      positions: 'Unknown position: p',
      form: 'Boom',
    });
    expect(firstErrorKey({ workspaces: 'x', 'identity_documents.1.number': 'y', primary_email: 'z' })).toBe('primary_email');
  });

  it('reads a person into the form and back without losing anything', () => {
    const person = {
      id: 'p1',
      passport: 'pp',
      name: 'Ana',
      primary_email: 'ana@faena.test',
      picture: null,
      photo_upload_id: 'u1',
      is_disabled: false,
      has_account: true,
      invited: false,
      origin: 'BUSINESS_PARTNER',
      identity_documents: [{ type: 'CL_CI', number: '12345678-5' }],
      positions: [{ id: 'pos', title: 'Jefe' }],
      created_at: '2025-01-01T00:00:00Z',
      updated_at: '2025-01-01T00:00:00Z',
      roles: ['r'],
      groups: ['g'],
      other_emails: ['b@faena.test'],
      phones: [{ number: '+56911111111', label: null }],
      address: 'Calle 1',
      business_lines: [{ id: 'bl', name: 'Logística' }],
      workspaces: [{ id: 'v', name: 'Bodega' }],
      company: { id: 'c', name: 'Sur' },
      last_sign_in_at: null,
    } satisfies TPerson;
    // the phone reads grouped in the form and goes back as the server keeps it
    expect(valuesOf(person).phones).toEqual([{ number: '+56 9 1111 1111', label: '' }]);
    expect(requestOf(valuesOf(person))).toEqual({
      name: 'Ana',
      primary_email: 'ana@faena.test',
      other_emails: ['b@faena.test'],
      phones: [{ number: '+56911111111', label: null }],
      identity_documents: [{ type: 'CL_CI', number: '12345678-5' }],
      roles: ['r'],
      groups: ['g'],
      address: 'Calle 1',
      origin: 'BUSINESS_PARTNER',
      company_id: 'c',
      business_line_ids: ['bl'],
      workspace_ids: ['v'],
      position_ids: ['pos'],
      photo_upload_id: 'u1',
    });
    // An edit sends only what changed (another editor's changes to other fields stay).
    const initial = valuesOf(person);
    expect(changesOf(initial, initial)).toEqual({});
    expect(changesOf(initial, { ...initial, name: ' Ana María ', phones: [...initial.phones, { number: '', label: '' }] })).toEqual({ name: 'Ana María' });
    expect(changesOf(initial, { ...initial, workspaces: [], address: '' })).toEqual({ workspace_ids: [], address: null });
    // positions go as what was added and taken off (a position given meanwhile elsewhere stays)
    const guard = { value: 'guard', label: 'Guardia' };
    expect(changesOf(initial, { ...initial, positions: [...initial.positions, guard] })).toEqual({ positions_added: ['guard'] });
    expect(changesOf(initial, { ...initial, positions: [guard] })).toEqual({ positions_added: ['guard'], positions_removed: ['pos'] });
    expect(changesOf(initial, { ...initial, positions: [] })).toEqual({ positions_removed: ['pos'] });
  });
});
