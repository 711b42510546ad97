// The Appearance tab: palettes, custom colours with their contrast check, gradient, UI font.
export { AppearanceTab } from './appearance-tab.tsx';
export { contrastFailures, WCAG_AA_TEXT } from './custom-palette-rules.ts';
