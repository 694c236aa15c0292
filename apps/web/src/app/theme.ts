import { createTheme, darken, DEFAULT_THEME, luminance, mergeThemeOverrides, type CSSVariablesResolver, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Brand teal (spec §1: #44a690) at the primary shade; darker shades carry text on white. */
export const BRAND_COLOR = '#44a690';

const faena: MantineColorsTuple = ['#e7f6f2', '#d5ede6', '#acdacd', '#80c7b3', '#5cb69e', '#4cad96', BRAND_COLOR, '#378f7b', '#2c7767', '#1e5f51'];

const em = (px: number) => `${px / 16}em`;

// Mantine's own 220 px of options
const OPTIONS_SCROLL = { defaultProps: { withScrollArea: false }, styles: { options: { maxHeight: 'calc(13.75rem * var(--mantine-scale))', overflowY: 'auto' } } } as const;

export const theme = createTheme({
  primaryColor: 'faena',
  primaryShade: 6,
  colors: { faena },
  // Text on the brand teal is dark (7:1); white on #44a690 would only reach 3:1.
  autoContrast: true,
  luminanceThreshold: 0.3,
  black: '#1b2623',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif', fontWeight: '650' },
  defaultRadius: 'md',
  // Spec §9: sm 576, md 768, lg 992, xl 1200, xxl 1400 px.
  breakpoints: { xs: em(480), sm: em(576), md: em(768), lg: em(992), xl: em(1200), xxl: em(1400) },
  focusRing: 'auto',
  cursorType: 'pointer',
  components: {
    // Sizes sm 500, md 650, lg 800 px: see global.css (Mantine declares them on the modal root).
    Modal: { defaultProps: { size: 'md', centered: true }, styles: { title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } } },
    // Links inside text must not rely on colour alone (WCAG 1.4.1).
    Anchor: { defaultProps: { underline: 'always' } },
    // No hidden focus placeholder inside the menu (axe: a menu holds menu items only); opening
    // a menu focuses its first item, as the WAI-ARIA menu button pattern has it.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A select's options scroll in their own list, not in a scroll area nested inside it: the
    // list is the combobox's popup (focus stays in the box, arrows move through the options),
    // which a scrollable area inside it is not (axe: scrollable-region-focusable).
    Select: OPTIONS_SCROLL,
    MultiSelect: OPTIONS_SCROLL,
    Autocomplete: OPTIONS_SCROLL,
    TagsInput: OPTIONS_SCROLL,
  },
});

/** The theme with what it says in the reader's language: every modal's and drawer's close button is named (axe: button-name). */
export function useLocalisedTheme(): MantineThemeOverride {
  const { t } = useTranslation();
  const close = t('common.close');
  return useMemo(() => {
    const closeButtonProps = { 'aria-label': close };
    return mergeThemeOverrides(theme, { components: { Modal: { defaultProps: { closeButtonProps } }, Drawer: { defaultProps: { closeButtonProps } } } });
  }, [close]);
}

/** WCAG contrast ratio of two colours. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Normal text needs 4.5:1 (WCAG 1.4.3); a little more leaves room for rounding. */
const TEXT_CONTRAST = 4.6;

/**
 * The shade of a palette colour that carries text: the lightest of shades 7–9 that keeps 4.5:1
 * both on white (outline badges, coloured text) and on its light background (shade 1: light
 * badges and alerts), else shade 9 darkened until it does. Mantine's own (shade 9 on shade 1 for
 * light variants, shade 6 for outlines) stay under 4.5:1 for teal, green, lime, yellow, orange,
 * cyan, gray and more.
 */
export function textShade(shades: MantineColorsTuple): string {
  const readable = (color: string) => contrastRatio(color, '#ffffff') >= TEXT_CONTRAST && contrastRatio(color, shades[1]) >= TEXT_CONTRAST;
  const shade = [shades[7], shades[8], shades[9]].find(readable);
  if (shade) return shade;
  for (let amount = 0.05; amount < 1; amount += 0.05) {
    const darker = darken(shades[9], amount);
    if (readable(darker)) return darker;
  }
  return '#000000';
}

/** Every palette colour's text-bearing variables (light and outline variants, `c="…"` text) at {@link textShade}, worked out once. */
const TEXT_VARIABLES: Record<string, string> = Object.fromEntries(
  Object.entries({ ...DEFAULT_THEME.colors, faena })
    .filter(([name]) => name !== 'dark')
    .flatMap(([name, shades]) => {
      const text = textShade(shades);
      return ['light-color', 'outline', 'text'].map((variable) => [`--mantine-color-${name}-${variable}`, text]);
    }),
);

/** Text-bearing shades darkened to keep 4.5:1 on white and on light backgrounds (links, light and outline variants, dimmed text). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    ...TEXT_VARIABLES,
    // links keep 4.5:1 on the light brand background too (a selected row of a list)
    '--mantine-color-anchor': 'var(--mantine-color-faena-text)',
    // Dark text on the brand teal: hovering lightens (a darker teal would drop below 4.5:1).
    '--mantine-color-faena-filled-hover': 'var(--mantine-color-faena-5)',
    '--mantine-primary-color-filled-hover': 'var(--mantine-color-faena-5)',
    '--mantine-color-dimmed': '#5c636a',
    // Reds that fill (errors, danger buttons) darkened to 4.5:1 and more under white text.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-red-filled': 'var(--mantine-color-red-9)',
    '--mantine-color-red-filled-hover': '#a51d1d',
  },
  dark: {},
});
