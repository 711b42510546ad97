import { LOADING_MOTION_DELAY_MS } from '../domain/constants.ts';
import { FONT_STACKS } from './fonts.ts';
import { DEFAULT_PALETTE, NAMED_PALETTES, PALETTES, paletteProperties } from './palettes.ts';

/** Tokens shared by every palette: spacing, radii, type, shadows, layers. */
const SHARED_TOKENS: [property: string, value: string][] = [
  ['--space-1', '4px'],
  ['--space-2', '8px'],
  ['--space-3', '12px'],
  ['--space-4', '16px'],
  ['--space-5', '24px'],
  ['--space-6', '32px'],
  ['--space-7', '48px'],
  ['--space-8', '64px'],
  ['--radius-sm', '4px'],
  ['--radius-md', '8px'],
  ['--radius-lg', '12px'],
  ['--radius-xl', '16px'],
  ['--radius-full', '9999px'],
  ['--font-sans', FONT_STACKS.sans],
  ['--font-serif', FONT_STACKS.serif],
  ['--font-ghost', FONT_STACKS.ghost],
  ['--font-mono', FONT_STACKS.mono],
  ['--font-ui', 'var(--font-sans)'],
  ['--font-editor', 'var(--font-serif)'],
  ['--font-size-sm', '0.875rem'],
  ['--font-size-md', '1rem'],
  ['--font-size-lg', '1.125rem'],
  ['--font-size-editor', '1.125rem'],
  ['--line-height-ui', '1.45'],
  ['--line-height-editor', '1.7'],
  ['--shadow-sm', '0 1px 2px hsl(var(--shadow-color) / calc(var(--shadow-strength) * 0.6))'],
  [
    '--shadow-md',
    '0 2px 4px hsl(var(--shadow-color) / calc(var(--shadow-strength) * 0.4)), 0 6px 16px hsl(var(--shadow-color) / calc(var(--shadow-strength) * 0.5))',
  ],
  [
    '--shadow-lg',
    '0 4px 8px hsl(var(--shadow-color) / calc(var(--shadow-strength) * 0.4)), 0 16px 40px hsl(var(--shadow-color) / var(--shadow-strength))',
  ],
  ['--focus-ring', '0 0 0 2px var(--color-bg), 0 0 0 4px var(--color-accent)'],
  ['--z-base', '0'],
  ['--z-raised', '10'],
  ['--z-dropdown', '1000'],
  ['--z-sticky', '1100'],
  ['--z-overlay', '1200'],
  ['--z-modal', '1300'],
  ['--z-popover', '1400'],
  ['--z-toast', '1500'],
  ['--z-break-screen', '1600'],
  ['--z-splash', '1700'],
  ['--loading-motion-delay', `${LOADING_MOTION_DELAY_MS}ms`],
];

/** Splits a value at its top-level commas (not those inside parentheses). */
function topLevelItems(value: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < value.length; index++) {
    const character = value[index];
    if (character === '(') depth++;
    else if (character === ')') depth--;
    else if (character === ',' && depth === 0) {
      items.push(value.slice(start, index).trim());
      start = index + 1;
    }
  }
  return [...items, value.slice(start).trim()];
}

/** Biome's CSS line width: a longer comma list goes one item per line, as `biome format` would write it. */
const LINE_WIDTH = 110;

function declaration(property: string, value: string): string {
  const line = `  ${property}: ${value};`;
  const items = topLevelItems(value);
  if (line.length <= LINE_WIDTH || items.length === 1) return line;
  return `  ${property}:\n${items.map((item) => `    ${item}`).join(',\n')};`;
}

function block(selector: string, properties: [string, string][]): string {
  return `${selector} {\n${properties.map(([property, value]) => declaration(property, value)).join('\n')}\n}\n`;
}

/**
 * The text of `tokens.css`: `:root` holds the shared tokens and the default palette, then one
 * `[data-palette]` block per shipped palette. `tokens.css` is this output, kept in sync by a file
 * snapshot test (`vitest -u` rewrites it).
 */
export function renderTokensCss(): string {
  const header =
    '/* Design tokens of the writers workspace. Generated from palettes.ts, fonts.ts and tokens-css.ts:\n' +
    '   edit those, then run `pnpm exec vitest run shared-kernel/src/ui --update` to rewrite this file. */\n';
  const root = block(`:root,\n[data-palette="${DEFAULT_PALETTE}"]`, [
    ...SHARED_TOKENS,
    ...paletteProperties(PALETTES[DEFAULT_PALETTE]),
  ]);
  const palettes = NAMED_PALETTES.filter((name) => name !== DEFAULT_PALETTE).map((name) =>
    block(`[data-palette="${name}"]`, paletteProperties(PALETTES[name])),
  );
  return [header, root, ...palettes].join('\n');
}
