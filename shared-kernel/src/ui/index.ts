// The kernel's design system: palettes, UI fonts and the colour maths behind their contrast checks.
// The tokens themselves ship as CSS: `shared-kernel/tokens.css`.
export { contrastRatio, isHexColor, parseHexColor, type Rgba } from './color.ts';
export {
  applyUiFont,
  FONT_STACKS,
  isUiFont,
  pickRandomFontStack,
  RANDOM_FONT_STACKS,
  UI_FONTS,
  type UiFont,
} from './fonts.ts';
export { CONTRAST_REQUIREMENTS, worstContrasts } from './palette-contrast.ts';
export {
  applyPalette,
  COLOR_TOKENS,
  type ColorToken,
  type CustomPalette,
  customPalette,
  DEFAULT_PALETTE,
  gradientCss,
  isPaletteName,
  NAMED_PALETTES,
  type NamedPalette,
  PALETTE_GROUPS,
  PALETTES,
  type Palette,
  type PaletteColors,
  type PaletteGradient,
  type PaletteName,
} from './palettes.ts';
