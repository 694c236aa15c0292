import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, cssVariablesResolver, textShade, theme } from './theme.ts';

const palette = { ...DEFAULT_THEME.colors, ...theme.colors };
const variables = cssVariablesResolver({ ...DEFAULT_THEME, ...theme } as never).light;

describe('text-bearing colours keep 4.5:1 (WCAG 1.4.3)', () => {
  it('knows the contrast of black on white and of a colour on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#44a690', '#44a690')).toBe(1);
  });

  for (const [name, shades] of Object.entries(palette)) {
    if (name === 'dark' || !shades) continue;
    it(`${name}: light badges on shade 1, outline badges and text on white`, () => {
      const text = variables[`--mantine-color-${name}-light-color`]!;
      expect(contrastRatio(text, shades[1])).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(text, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(variables[`--mantine-color-${name}-outline`]).toBe(text);
      expect(variables[`--mantine-color-${name}-text`]).toBe(text);
    });
  }

  it('keeps a shade of the palette where one is dark enough, and darkens shade 9 where none is', () => {
    expect(textShade(DEFAULT_THEME.colors.gray)).toBe(DEFAULT_THEME.colors.gray[7]);
    expect(textShade(DEFAULT_THEME.colors.blue)).toBe(DEFAULT_THEME.colors.blue[9]);
    const yellow = textShade(DEFAULT_THEME.colors.yellow);
    expect(DEFAULT_THEME.colors.yellow).not.toContain(yellow);
    expect(contrastRatio(yellow, DEFAULT_THEME.colors.yellow[1])).toBeGreaterThanOrEqual(4.5);
  });
});
