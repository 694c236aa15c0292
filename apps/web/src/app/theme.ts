import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** Brand teal (spec §1: #44a690) at the primary shade; darker shades carry text on white. */
export const BRAND_COLOR = '#44a690';

const faena: MantineColorsTuple = ['#e7f6f2', '#d5ede6', '#acdacd', '#80c7b3', '#5cb69e', '#4cad96', BRAND_COLOR, '#378f7b', '#2c7767', '#1e5f51'];

const em = (px: number) => `${px / 16}em`;

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
  },
});

/** Text-bearing shades darkened to keep 4.5:1 on white (links, light and outline variants, dimmed text). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-anchor': 'var(--mantine-color-faena-8)',
    // Dark text on the brand teal: hovering lightens (a darker teal would drop below 4.5:1).
    '--mantine-color-faena-filled-hover': 'var(--mantine-color-faena-5)',
    '--mantine-primary-color-filled-hover': 'var(--mantine-color-faena-5)',
    // Light and subtle variants sit on faena-1 (#d5ede6): faena-9 keeps 6:1 there.
    '--mantine-color-faena-light-color': 'var(--mantine-color-faena-9)',
    '--mantine-color-faena-outline': 'var(--mantine-color-faena-8)',
    '--mantine-color-faena-text': 'var(--mantine-color-faena-8)',
    '--mantine-color-dimmed': '#5c636a',
    // Reds that carry text (errors, danger buttons) darkened to 4.5:1 and more.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-red-filled': 'var(--mantine-color-red-9)',
    '--mantine-color-red-filled-hover': '#a51d1d',
    '--mantine-color-red-light-color': 'var(--mantine-color-red-9)',
    '--mantine-color-red-text': 'var(--mantine-color-red-9)',
    // Greens that carry text (a success alert's title, light badges): Mantine's green-9 reaches only 4.4:1 on white.
    '--mantine-color-green-light-color': '#1f6b30',
    '--mantine-color-green-text': '#1f6b30',
  },
  dark: {},
});
