import { compositeOver, contrastRatio, parseHexColor, type Rgba } from './color.ts';
import type { ColorToken, Palette } from './palettes.ts';

/** Minimum contrast each token needs against the backgrounds it sits on. */
export const CONTRAST_REQUIREMENTS: readonly { token: ColorToken; minimum: number }[] = [
  // A writer reads body text all day: AAA.
  { token: 'text', minimum: 7 },
  // Secondary text, links, and error, success and warning texts: AA for normal text.
  { token: 'text-muted', minimum: 4.5 },
  { token: 'accent', minimum: 4.5 },
  { token: 'danger', minimum: 4.5 },
  { token: 'success', minimum: 4.5 },
  { token: 'warning', minimum: 4.5 },
];

/**
 * Every opaque colour the page background can show: `bg`, and for a gradient each stop alone and
 * under each glow at full strength.
 */
export function backdrops(palette: Palette): Rgba[] {
  const bg = parseHexColor(palette.colors.bg);
  if (!palette.gradient) return [bg];
  const stops = palette.gradient.stops.map(parseHexColor);
  const glowed = stops.flatMap(
    (stop) =>
      palette.gradient?.glows.map((glow) =>
        compositeOver({ ...parseHexColor(glow.color), alpha: glow.alpha }, stop),
      ) ?? [],
  );
  return [bg, ...stops, ...glowed];
}

/** The opaque colours text can sit on: every backdrop, and each (possibly translucent) surface over it. */
export function textGrounds(palette: Palette): Rgba[] {
  const surfaces = [palette.colors.surface, palette.colors['surface-2']].map(parseHexColor);
  return backdrops(palette).flatMap((backdrop) => [
    backdrop,
    ...surfaces.map((surface) => compositeOver(surface, backdrop)),
  ]);
}

/** The lowest contrast of a token over all its grounds, and of the accent's label on the accent. */
export function worstContrasts(palette: Palette): Record<string, number> {
  const grounds = textGrounds(palette);
  const worst = Object.fromEntries(
    CONTRAST_REQUIREMENTS.map(({ token }) => {
      const color = parseHexColor(palette.colors[token]);
      return [token, Math.min(...grounds.map((ground) => contrastRatio(color, ground)))];
    }),
  );
  worst['accent-contrast'] = contrastRatio(
    parseHexColor(palette.colors['accent-contrast']),
    parseHexColor(palette.colors.accent),
  );
  return worst;
}
