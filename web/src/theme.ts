import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

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

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 6, dark: 4 },
  colors: { brand },
  fontFamily,
  headings: { fontFamily, fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // A person who asks their system for less motion gets dialogs and menus without their fade
  // (WCAG 2.3.3); the accessibility sweep asks for it, so axe reads each state at full opacity.
  respectReducedMotion: true,
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { shadow: 'xs' } },
    // spec account §9: a modal is 600 wide unless it says otherwise, its backdrop in after 100 ms.
    Modal: { defaultProps: { size: 600, transitionProps: { duration: 100 } } },
  },
});

/**
 * Mantine's `dimmed` text (gray.6 on white, 3.3:1) is below WCAG AA's 4.5:1, and the pages use it for
 * intros, hints and the footer; gray.7 reads as secondary and passes (axe-core color-contrast).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Field errors (the message and the text typed into a refused field) in red.8: Mantine's red.6
    // on white is 3.3:1, red.8 4.5:1 (axe-core color-contrast on /security/2fa).
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    // Light-variant text (shade 6 on a 10 % tint of itself: 2.3 to 4.4:1) darkened to 4.5:1, and
    // white on a filled red button (3.3:1 on red.6) on red.8: on every page, the public ones and
    // the dialogs and toasts drawn outside the account shell too (issue 34: axe on the error page,
    // the device sign-out confirmation).
    '--mantine-color-brand-light-color': 'var(--mantine-color-brand-8)',
    '--mantine-primary-color-light-color': 'var(--mantine-color-brand-8)',
    '--mantine-color-red-light-color': 'var(--mantine-color-red-9)',
    '--mantine-color-teal-light-color': 'var(--mantine-color-teal-9)',
    '--mantine-color-orange-light-color': '#b8450d',
    '--mantine-color-gray-light-color': 'var(--mantine-color-gray-7)',
    '--mantine-color-red-filled': 'var(--mantine-color-red-8)',
    '--mantine-color-red-filled-hover': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
