/**
 * The browser's own bar over the room display (`<meta name="theme-color">`): an HTML attribute,
 * where a CSS variable cannot go, so the dark theme's page colour is written here once and a
 * test (theme-color.test.ts) keeps it equal to the token (--color-bg of data-theme="dark" in
 * tokens.css).
 */
export const DARK_THEME_COLOR = '#020617';
