/** The UI font choices of the Appearance tab. */
export const UI_FONTS = ['sans', 'serif', 'ghost', 'random'] as const;
export type UiFont = (typeof UI_FONTS)[number];

/** The font stacks behind the fixed choices. All are system fonts: nothing is downloaded. */
export const FONT_STACKS = {
  sans: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  serif: 'Charter, "Bitstream Charter", "Sitka Text", Cambria, Georgia, "Times New Roman", serif',
  /** A quiet typewriter face for ghost-writing sessions. */
  ghost: '"iA Writer Quattro", "IBM Plex Mono", ui-monospace, "SF Mono", Menlo, Consolas, monospace',
  mono: 'ui-monospace, "SF Mono", "Cascadia Code", Menlo, Consolas, "Liberation Mono", monospace',
} as const;

/** The eight stacks `random` picks from; the pick is kept in local preferences. */
export const RANDOM_FONT_STACKS = [
  '"Avenir Next", Avenir, "Segoe UI", "Nunito Sans", sans-serif',
  '"Gill Sans", "Gill Sans MT", Calibri, "Trebuchet MS", sans-serif',
  'Optima, Candara, "Noto Sans", "Lucida Grande", sans-serif',
  '"Trebuchet MS", "Lucida Sans Unicode", "Lucida Grande", Verdana, sans-serif',
  '"Palatino Linotype", Palatino, "Book Antiqua", "URW Palladio L", serif',
  '"Iowan Old Style", "Apple Garamond", Baskerville, "Times New Roman", serif',
  'Georgia, Cambria, "DejaVu Serif", "Times New Roman", serif',
  '"American Typewriter", "Courier Prime", "Courier New", Courier, monospace',
] as const;

/** Picks one of the random stacks. `random` is injectable so tests can choose. */
export function pickRandomFontStack(random: () => number = Math.random): string {
  const index = Math.min(Math.floor(random() * RANDOM_FONT_STACKS.length), RANDOM_FONT_STACKS.length - 1);
  return RANDOM_FONT_STACKS[index] ?? FONT_STACKS.sans;
}

/** Whether a value is a UI font choice (for values read back from local storage). */
export function isUiFont(value: unknown): value is UiFont {
  return (UI_FONTS as readonly unknown[]).includes(value);
}

/**
 * Sets the element's `--font-ui` (and `data-ui-font`) for a font choice. For `random`, the stored
 * stack is reused when it is one of the eight, otherwise a new one is picked.
 * @returns the stack applied, for the caller to store with the choice.
 */
export function applyUiFont(element: HTMLElement, font: UiFont, randomStack?: string): string {
  const stack =
    font === 'random'
      ? randomStack && (RANDOM_FONT_STACKS as readonly string[]).includes(randomStack)
        ? randomStack
        : pickRandomFontStack()
      : FONT_STACKS[font];
  element.dataset.uiFont = font;
  element.style.setProperty('--font-ui', stack);
  return stack;
}
