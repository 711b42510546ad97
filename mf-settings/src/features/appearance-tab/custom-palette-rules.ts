import {
  type ColorToken,
  customPalette,
  DEFAULT_PALETTE,
  isHexColor,
  PALETTES,
  worstContrasts,
} from 'shared-kernel';

/** The colours a writer picks for the custom palette; the rest are derived (shared-kernel customPalette). */
export const CUSTOM_COLOR_TOKENS = [
  'bg',
  'surface',
  'text',
  'text-muted',
  'accent',
] as const satisfies readonly ColorToken[];
export type CustomColorToken = (typeof CUSTOM_COLOR_TOKENS)[number];

/** WCAG AA for normal text. */
export const WCAG_AA_TEXT = 4.5;

/** Tokens that carry text, and so must reach AA on every ground they sit on. */
const TEXT_TOKENS = ['text', 'text-muted', 'accent', 'accent-contrast'] as const;

/** The colour an input shows for a token: the writer's own, or the base palette's. */
export function customColorValue(custom: Readonly<Record<string, string>>, token: CustomColorToken): string {
  const own = custom[token];
  if (own && isHexColor(own)) return own.slice(0, 7);
  return (PALETTES[DEFAULT_PALETTE].colors[token] ?? '#000000').slice(0, 7);
}

/**
 * The text colours of a custom palette that fail WCAG AA (4.5:1) on a background they sit on, with
 * their worst ratio. An empty list means every text reads.
 */
export function contrastFailures(
  custom: Readonly<Record<string, string>>,
  gradient: boolean,
): { token: (typeof TEXT_TOKENS)[number]; ratio: number }[] {
  const worst = worstContrasts(customPalette({ colors: custom, gradient }));
  return TEXT_TOKENS.flatMap((token) => {
    const ratio = worst[token];
    return ratio !== undefined && ratio < WCAG_AA_TEXT ? [{ token, ratio }] : [];
  });
}
