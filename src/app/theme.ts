import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

// product.md §9 brand colours: primary blue, error red, grey, orange accent.
const brandBlue: MantineColorsTuple = [
  '#e6f2ff',
  '#cde0ff',
  '#9bbfff',
  '#649cfd',
  '#387efc',
  '#1b6bfc',
  '#0061fd',
  '#0051e2',
  '#0048cb',
  '#003db3',
];
const accentOrange: MantineColorsTuple = [
  '#fff4e1',
  '#ffe8cc',
  '#fed09b',
  '#fdb766',
  '#fca13a',
  '#fc931d',
  '#fc8c0c',
  '#e17900',
  '#c86a00',
  '#af5a00',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand: brandBlue, accent: accentOrange },
  // Montserrat, then the CJK fonts of the page's language: the stacks, chosen by <html lang>, are in fonts.css.
  fontFamily: 'var(--portal-font-family)',
  headings: { fontFamily: 'var(--portal-font-family)', fontWeight: '600' },
  defaultRadius: 'md',
  // product.md §9 breakpoints: 576 is "mobile"; 740, 1000 and 1500 drive the shell's content width.
  breakpoints: { xs: '36em', sm: '46.25em', md: '62.5em', lg: '75em', xl: '93.75em' },
});

/**
 * Mantine's dimmed text is gray.6, 3.3:1 on white: below the 4.5:1 that small text needs (the footer, the password
 * rules). gray.7 is the palette's first grey that passes.
 *
 * A filled red button (every confirmation of something permanent: Delete, Revoke, Remove, Clear Data) takes the
 * primary shade, red.7: white on it is 3.8:1. red.8 is 4.5:1 and its hover, red.9, 5.5:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-red-filled': 'var(--mantine-color-red-8)',
    '--mantine-color-red-filled-hover': 'var(--mantine-color-red-9)',
  },
  dark: {},
});

/** The spec's mobile breakpoint, for the few places that must know it in pixels (carried query params). */
export const MOBILE_MAX_WIDTH = 576;
