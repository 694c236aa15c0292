import { describe, expect, it } from 'vitest';
import { searchTerms, wordStartRanges } from './search-highlight.ts';

const marked = (text: string, search: string, words: 'name' | 'title' = 'name') =>
  wordStartRanges(text, searchTerms(search), words)
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
