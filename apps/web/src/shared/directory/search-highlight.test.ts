import { describe, expect, it } from 'vitest';
import { parsePersonSearch } from '@faena/domain/person-search';
import { matchedFirst, wordStartRanges, type MarkedKind } from './search-highlight.ts';

const marked = (text: string, search: string, words: MarkedKind = 'name') =>
  wordStartRanges(text, parsePersonSearch(search), words)
    .map(({ start, end }) => text.slice(start, end))
    .join('|');

describe('wordStartRanges', () => {
  it('marks where a term starts a word, without case or accents, in the text as written', () => {
    expect(marked('Ñandú Pérez Gutiérrez', 'nandu')).toBe('Ñandú');
    expect(marked('Ñandú Pérez Gutiérrez', 'PER gut')).toBe('Pér|Gut');
    expect(marked('Ñandú Pérez Gutiérrez', 'ez')).toBe('');
    expect(marked('José  Ángel', 'angel')).toBe('Ángel');
  });

  it('splits a title at signs, as the search does, and a name at spaces only', () => {
    expect(marked('Jefa de Bodega (Turno Noche)', 'turno noche', 'title')).toBe('Turno|Noche');
    expect(marked('Cajero Tienda 12', 'tienda 12', 'title')).toBe('Tienda|12');
    expect(marked('María-José Rojas', 'jose')).toBe('');
    expect(marked('Operario Bodega/Despacho', 'desp', 'title')).toBe('Desp');
  });

  it('takes single letters as the start of the name, and overlapping terms as one stretch', () => {
    expect(marked('Ana Bodega', 'a')).toBe('A');
    expect(marked('Ana Bodega', 'b')).toBe('');
    expect(marked('Bodeguero', 'bod bodeg')).toBe('Bodeg');
    expect(marked('Ana', 'ana@faena.test')).toBe('');
    expect(marked('Ana', '')).toBe('');
  });

  it('keeps characters outside the basic plane whole', () => {
    expect(marked('🙂 Ana', 'ana')).toBe('Ana');
  });
});

describe('wordStartRanges of e-mails and documents', () => {
  it('marks the start of an e-mail only', () => {
    expect(marked('ana.rojas@faena.test', 'ana.ro', 'email')).toBe('ana.ro');
    expect(marked('ana.rojas@faena.test', 'rojas', 'email')).toBe('');
    expect(marked('Ana.Rojas@Faena.test', 'ana', 'email')).toBe('Ana');
  });

  it('marks a document number however the search writes it, across its dots and dash', () => {
    expect(marked('18614887-8', '18614887', 'document')).toBe('18614887');
    expect(marked('18614887-8', '18.614.887-8', 'document')).toBe('18614887-8');
    expect(marked('18614887-8', '18 614 887-8', 'document')).toBe('18614887-8');
    expect(marked('7775735-K', '7775735k', 'document')).toBe('7775735-K');
    expect(marked('V2845173', 'v284', 'document')).toBe('V284');
    expect(marked('18614887-8', '614887', 'document')).toBe('');
    // a name's word does not mark a number
    expect(marked('18614887-8', 'ana', 'document')).toBe('');
  });
});

describe('wordStartRanges of phones', () => {
  it('marks the start of the last 8 digits, or the whole number typed whole', () => {
    expect(marked('+56 2 2441 0000', '2441', 'phone')).toBe('2441');
    expect(marked('+56 2 2441 0000', '24410', 'phone')).toBe('2441 0');
    expect(marked('+56 2 2441 0000', '+56 2 2441 0000', 'phone')).toBe('56 2 2441 0000');
    expect(marked('+56 2 2441 0000', '56', 'phone')).toBe('');
    expect(marked('+56 2 2441 0000', 'ana', 'phone')).toBe('');
  });
});

describe('matchedFirst', () => {
  it('puts what the search matched first, each group in its own order', () => {
    const item = (name: string, matched: boolean) => ({ name, ranges: matched ? [{ start: 0, end: 1 }] : [] });
    const items = [item('Cajera', false), item('Bodeguera', true), item('Guardia', false), item('Jefa de Bodega', true)];
    expect(matchedFirst(items).map((x) => x.name)).toEqual(['Bodeguera', 'Jefa de Bodega', 'Cajera', 'Guardia']);
    expect(matchedFirst([item('Cajera', false)]).map((x) => x.name)).toEqual(['Cajera']);
  });
});
