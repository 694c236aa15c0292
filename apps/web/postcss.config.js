// Mantine's PostCSS preset: rem()/em() functions, light-dark() and the mixins its components expect.
// Breakpoints are written as plain media queries in em (sm 36em=576px, md 48em, lg 62em=992px, xl 75em, xxl 87.5em).
export default {
  plugins: {
    'postcss-preset-mantine': {},
  },
};
