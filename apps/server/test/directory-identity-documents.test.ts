import { describe, expect, it } from 'vitest';
import { foldText, IDENTITY_DOCUMENT_TYPES, isValidIdentityDocument, normalizeIdentityDocument, normalizePhone, normalizeRut, validateIdentityDocument, isValidRut } from '@faena/domain';
import { searchTextOf } from '../src/modules/people/people.repository.ts';

describe('identity documents (spec forms §3, §5)', () => {
  it('lists the nine document types of the person form', () => {
    expect(IDENTITY_DOCUMENT_TYPES).toEqual(['CL_CI', 'PASSPORT', 'PE_DNI', 'CO_CC', 'MX_CURP', 'MX_RFS', 'MX_INE', 'MX_NSS', 'SV_DUI']);
  });

  it('CL_CI is a RUT: check digit, dash optional, dots tolerated, K either case; "Invalid RUT" otherwise', () => {
    for (const rut of ['12345678-5', '123456785', '12.345.678-5', '7775735-k', '7775735-K', '7.775.735-K', ' 11111111-1 ']) {
      expect(validateIdentityDocument('CL_CI', rut), rut).toBeNull();
      expect(isValidRut(rut), rut).toBe(true);
    }
    expect(normalizeIdentityDocument('CL_CI', '12.345.678-5')).toBe('12345678-5');
    expect(normalizeIdentityDocument('CL_CI', '7775735k')).toBe('7775735-K');
    expect(normalizeRut('7.775.735-k')).toBe('7775735-K');
    for (const rut of ['12345678-9', '12345678', '1234567-', 'abc', '', '0-0', '00000000-0', '12345678-55', '123456789-5', '12,345,678-5']) {
      expect(validateIdentityDocument('CL_CI', rut), rut).toBe('Invalid RUT');
    }
  });

  it('checks every other type by its own rule, with "Invalid document number"', () => {
    const valid: Record<string, string[]> = {
      PASSPORT: ['AB123456', 'x1234567', 'P 1234 567'],
      PE_DNI: ['12345678', '1234-5678'],
      CO_CC: ['1020304050', '52123', '79.123.456'],
      MX_CURP: ['GODE561231HDFRRN00', 'gode561231hdfrrn00'],
      MX_RFS: ['GODE561231AB1', 'ABC680524P76'],
      MX_INE: ['GMVLMR80070501M100', '1234567890123', '123456789'],
      MX_NSS: ['12345678903', '1234 5678 903'],
      SV_DUI: ['04155937-7', '041559377'],
    };
    const invalid: Record<string, string[]> = {
      PASSPORT: ['1234', 'AB-12#456', 'X'.repeat(21)],
      PE_DNI: ['1234567', '123456789', 'ABCDEFGH'],
      CO_CC: ['1234', '12345678901', '0123456'],
      MX_CURP: ['GODE561231HDFRRN01', 'GODE561231HDFRRN0', 'G0DE561231HDFRRN00'],
      MX_RFS: ['GODE56123AB1', 'GO1E561231AB1', ''],
      MX_INE: ['12345678', 'GMVLMR80070501Z100'],
      MX_NSS: ['12345678901', '1234567890'],
      SV_DUI: ['04155937-6', '0415593-7'],
    };
    for (const [type, numbers] of Object.entries(valid)) {
      for (const number of numbers) expect(validateIdentityDocument(type as never, number), `${type} ${number}`).toBeNull();
    }
    for (const [type, numbers] of Object.entries(invalid)) {
      for (const number of numbers) {
        expect(isValidIdentityDocument(type as never, number), `${type} ${number}`).toBe(false);
        expect(validateIdentityDocument(type as never, number), `${type} ${number}`).toBe('Invalid document number');
      }
    }
    expect(normalizeIdentityDocument('SV_DUI', '041559377')).toBe('04155937-7');
    expect(normalizeIdentityDocument('PASSPORT', 'p 1234 567')).toBe('P1234567');
    expect(normalizeIdentityDocument('MX_NSS', '1234 5678 903')).toBe('12345678903');
  });

  it('normalises phones as typed (6 to 15 digits, + kept) and refuses anything else', () => {
    expect(normalizePhone('+56 9 1234 5678')).toBe('+56912345678');
    expect(normalizePhone('(2) 2345-6789')).toBe('223456789');
    for (const phone of ['12345', 'tel 123456', '+56 9 1234 5678 ext 2', '1'.repeat(16), '']) expect(normalizePhone(phone), phone).toBeUndefined();
  });

  it('folds text for search and order: accents and case gone, spaces collapsed', () => {
    expect(foldText('  María  José Ñúñez ')).toBe('maria jose nunez');
    // plain ASCII takes the short path, with the same result
    expect(foldText('  Maria\tJOSE  Nunez ')).toBe('maria jose nunez');
    expect(foldText('Ana\u00a0Pérez')).toBe('ana perez');
    const words = searchTextOf({
      name: 'Ñandú Pérez',
      primaryEmail: 'NANDU@Faena.test',
      documents: [{ type: 'CL_CI', number: '12.345.678-K' }],
      phones: [{ number: '+56912345678', label: null }],
    }).split(' ');
    expect(words).toEqual(['nandu', 'perez', 'nandu@faena.test', '12345678k', '12345678']);
  });
});
