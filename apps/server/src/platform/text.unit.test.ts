import { describe, expect, it } from 'vitest';
import { clip } from './text.ts';

describe('clip', () => {
  it('keeps text within the limit and cuts longer text to the limit, ending in an ellipsis', () => {
    expect(clip('Cargo', 5)).toBe('Cargo');
    expect(clip('Cargo Inexistente', 6)).toBe('Cargo…');
    expect(clip('x'.repeat(600), 500)).toHaveLength(500);
  });

  it('counts code points, never splitting one', () => {
    expect(clip('😀😀😀', 3)).toBe('😀😀😀');
    expect(clip('😀😀😀😀', 3)).toBe('😀😀…');
  });
});
