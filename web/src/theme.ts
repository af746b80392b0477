import { createTheme, type InputProps, type MantineColorsTuple, type MantineTheme } from '@mantine/core';

// Portico brand: a confident learning blue with a teal accent; rounded, friendly, legible.
const brand: MantineColorsTuple = [
  '#eaf2ff',
  '#d3e2fe',
  '#a6c4fb',
  '#75a4f8',
  '#4d88f5',
  '#3477f4',
  '#1c64f2',
  '#0f54d8',
  '#034ac2',
  '#003fab',
];

const fontFamily =
  "Inter, 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

const ERROR_TEXT = 'var(--mantine-color-red-8)';

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 6, dark: 4 },
  colors: { brand },
  fontFamily,
  headings: { fontFamily, fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { shadow: 'xs' } },
    // A field's error text and the text typed into a refused field in red.8: Mantine's red.6 on
    // white is 3.3:1, below WCAG AA's 4.5:1 (axe color-contrast).
    InputWrapper: { styles: { error: { color: ERROR_TEXT } } },
    Input: {
      styles: (_theme: MantineTheme, props: InputProps) =>
        props.error ? { wrapper: { '--input-color': ERROR_TEXT, '--input-placeholder-color': ERROR_TEXT } } : {},
    },
  },
});
