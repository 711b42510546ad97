// biome-ignore-all lint/style/noExcessiveLinesPerFile: a data table, longer than a file should be: the colours of the 21 palettes the product
// ships, each a dozen tokens. The logic is the few functions at the end.
import { contrastRatio, isHexColor, parseHexColor, relativeLuminance } from './color.ts';

/** Palettes by group (docs/product.md, Workspace layout). */
export const PALETTE_GROUPS = {
  core: ['slate', 'ocean', 'emerald', 'rose', 'violet', 'amber', 'moss', 'cobalt', 'dusk', 'solar'],
  editor: ['one', 'dracula', 'monokai', 'nord', 'tokyo', 'github'],
  gradient: ['aurora', 'sunset', 'oceanic', 'nebula', 'miami'],
} as const;

/** A palette shipped with the product. */
export type NamedPalette = (typeof PALETTE_GROUPS)[keyof typeof PALETTE_GROUPS][number];

/** Any palette the user can choose: a shipped one, or `custom` built from their own colours. */
export type PaletteName = NamedPalette | 'custom';

/** Every shipped palette, core first. */
export const NAMED_PALETTES: readonly NamedPalette[] = [
  ...PALETTE_GROUPS.core,
  ...PALETTE_GROUPS.editor,
  ...PALETTE_GROUPS.gradient,
];

/** The palette of a new user and of `:root`. */
export const DEFAULT_PALETTE = 'aurora' satisfies NamedPalette;

/** The colour tokens every palette sets, each as a `--color-<token>` custom property. */
export const COLOR_TOKENS = [
  'bg',
  'surface',
  'surface-2',
  'text',
  'text-muted',
  'border',
  'accent',
  'accent-contrast',
  'danger',
  'success',
  'warning',
] as const;
export type ColorToken = (typeof COLOR_TOKENS)[number];

/** A palette's colours: hex, `#rrggbbaa` where a surface lets the gradient show through. */
export type PaletteColors = Readonly<Record<ColorToken, string>>;

/** A gradient background: linear stops with soft radial glows on top. */
export type PaletteGradient = {
  readonly angle: number;
  readonly stops: readonly string[];
  readonly glows: readonly { readonly at: string; readonly color: string; readonly alpha: number }[];
};

/** A palette: light or dark (for native controls and shadows), colours, and a gradient if it has one. */
export type Palette = {
  readonly scheme: 'light' | 'dark';
  readonly colors: PaletteColors;
  readonly gradient?: PaletteGradient;
};

const darkStatus = { danger: '#ff9595', success: '#4ade80', warning: '#fbbf24' } as const;
const lightStatus = { danger: '#b91c1c', success: '#166534', warning: '#854d0e' } as const;

/**
 * The shipped palettes. Every one keeps body text at AAA contrast (7:1) on its background, muted text
 * and button labels at AA (4.5:1), and accents and status colours visible (3:1); `palettes.test.ts`
 * checks it, gradients included.
 */
export const PALETTES: Readonly<Record<NamedPalette, Palette>> = {
  slate: {
    scheme: 'light',
    colors: {
      bg: '#f6f8fb',
      surface: '#ffffff',
      'surface-2': '#eef2f7',
      text: '#0f172a',
      'text-muted': '#4a5568',
      border: '#d5dce6',
      accent: '#4338ca',
      'accent-contrast': '#ffffff',
      ...lightStatus,
    },
  },
  ocean: {
    scheme: 'dark',
    colors: {
      bg: '#0b1a2a',
      surface: '#10243a',
      'surface-2': '#163049',
      text: '#e6f1fb',
      'text-muted': '#9db4cb',
      border: '#24405c',
      accent: '#38bdf8',
      'accent-contrast': '#04263a',
      ...darkStatus,
    },
  },
  emerald: {
    scheme: 'light',
    colors: {
      bg: '#f3faf6',
      surface: '#ffffff',
      'surface-2': '#e4f3ea',
      text: '#0b2a1c',
      'text-muted': '#3f5f50',
      border: '#cbe2d4',
      accent: '#047857',
      'accent-contrast': '#ffffff',
      ...lightStatus,
    },
  },
  rose: {
    scheme: 'light',
    colors: {
      bg: '#fff7f8',
      surface: '#ffffff',
      'surface-2': '#fdebef',
      text: '#2a1118',
      'text-muted': '#6b4651',
      border: '#f0d2d9',
      accent: '#be123c',
      'accent-contrast': '#ffffff',
      ...lightStatus,
    },
  },
  violet: {
    scheme: 'dark',
    colors: {
      bg: '#141024',
      surface: '#1c1631',
      'surface-2': '#251d40',
      text: '#ece8fb',
      'text-muted': '#a9a0c9',
      border: '#342a55',
      accent: '#a78bfa',
      'accent-contrast': '#1a1033',
      ...darkStatus,
    },
  },
  amber: {
    scheme: 'light',
    colors: {
      bg: '#fcf7ec',
      surface: '#fffdf7',
      'surface-2': '#f5ead2',
      text: '#2b2112',
      'text-muted': '#65563b',
      border: '#e6d8b8',
      accent: '#a34a06',
      'accent-contrast': '#ffffff',
      ...lightStatus,
    },
  },
  moss: {
    scheme: 'dark',
    colors: {
      bg: '#151a12',
      surface: '#1c2318',
      'surface-2': '#252e20',
      text: '#e7ecdf',
      'text-muted': '#a6b096',
      border: '#343f2c',
      accent: '#a3c46c',
      'accent-contrast': '#1a2210',
      ...darkStatus,
    },
  },
  cobalt: {
    scheme: 'dark',
    colors: {
      bg: '#0d1530',
      surface: '#131d3f',
      'surface-2': '#1a264f',
      text: '#e8edff',
      'text-muted': '#a2b0d8',
      border: '#2a3868',
      accent: '#7b98ff',
      'accent-contrast': '#0b1330',
      ...darkStatus,
    },
  },
  dusk: {
    scheme: 'dark',
    colors: {
      bg: '#1d1a26',
      surface: '#252131',
      'surface-2': '#2e293d',
      text: '#f1ebf3',
      'text-muted': '#b5aabc',
      border: '#3d3650',
      accent: '#f4a261',
      'accent-contrast': '#2a1606',
      ...darkStatus,
    },
  },
  solar: {
    scheme: 'light',
    colors: {
      bg: '#fdf6e3',
      surface: '#fffbee',
      'surface-2': '#eee8d5',
      text: '#073642',
      'text-muted': '#4f6369',
      border: '#e0d8bf',
      accent: '#1b5f91',
      'accent-contrast': '#ffffff',
      danger: '#c0322e',
      success: '#4d6300',
      warning: '#8a5300',
    },
  },
  one: {
    scheme: 'dark',
    colors: {
      bg: '#282c34',
      surface: '#2c313a',
      'surface-2': '#333842',
      text: '#dcdfe4',
      'text-muted': '#a0a7b4',
      border: '#3e4451',
      accent: '#61afef',
      'accent-contrast': '#1b1f27',
      danger: '#f0939a',
      success: '#98c379',
      warning: '#e5c07b',
    },
  },
  dracula: {
    scheme: 'dark',
    colors: {
      bg: '#282a36',
      surface: '#2f3241',
      'surface-2': '#383a4a',
      text: '#f8f8f2',
      'text-muted': '#b6bad2',
      border: '#44475a',
      accent: '#bd93f9',
      'accent-contrast': '#21222c',
      danger: '#ff8080',
      success: '#50fa7b',
      warning: '#f1fa8c',
    },
  },
  monokai: {
    scheme: 'dark',
    colors: {
      bg: '#272822',
      surface: '#2e2f29',
      'surface-2': '#383932',
      text: '#f8f8f2',
      'text-muted': '#b8b59e',
      border: '#49483e',
      accent: '#66d9ef',
      'accent-contrast': '#1e1f1a',
      danger: '#ff7aa8',
      success: '#a6e22e',
      warning: '#e6db74',
    },
  },
  nord: {
    scheme: 'dark',
    colors: {
      bg: '#2e3440',
      surface: '#343b49',
      'surface-2': '#3b4252',
      text: '#eceff4',
      'text-muted': '#c0c8d6',
      border: '#4c566a',
      accent: '#88c0d0',
      'accent-contrast': '#242933',
      danger: '#f0a0a8',
      success: '#b5cf9f',
      warning: '#ebcb8b',
    },
  },
  tokyo: {
    scheme: 'dark',
    colors: {
      bg: '#1a1b26',
      surface: '#1f2335',
      'surface-2': '#24283b',
      text: '#c0caf5',
      'text-muted': '#9099c2',
      border: '#2f3549',
      accent: '#7aa2f7',
      'accent-contrast': '#16161e',
      danger: '#f7768e',
      success: '#9ece6a',
      warning: '#e0af68',
    },
  },
  github: {
    scheme: 'light',
    colors: {
      bg: '#ffffff',
      surface: '#f6f8fa',
      'surface-2': '#eaeef2',
      text: '#1f2328',
      'text-muted': '#59636e',
      border: '#d1d9e0',
      accent: '#0550ae',
      'accent-contrast': '#ffffff',
      danger: '#cf222e',
      success: '#116329',
      warning: '#7d4e00',
    },
  },
  aurora: {
    scheme: 'dark',
    colors: {
      bg: '#0f1626',
      surface: '#151d31e6',
      'surface-2': '#1c2640e6',
      text: '#e6eaf5',
      'text-muted': '#a3adc6',
      border: '#2a3552',
      accent: '#5eead4',
      'accent-contrast': '#062a26',
      ...darkStatus,
    },
    gradient: {
      angle: 160,
      stops: ['#0b1220', '#101b2f', '#171633'],
      glows: [
        { at: '15% 0%', color: '#2dd4bf', alpha: 0.16 },
        { at: '85% 5%', color: '#a78bfa', alpha: 0.18 },
        { at: '50% 100%', color: '#38bdf8', alpha: 0.08 },
      ],
    },
  },
  sunset: {
    scheme: 'dark',
    colors: {
      bg: '#241222',
      surface: '#2b1628e6',
      'surface-2': '#361c31e6',
      text: '#fbeee8',
      'text-muted': '#d2b5b0',
      border: '#4a2a40',
      accent: '#fb923c',
      'accent-contrast': '#2a1205',
      ...darkStatus,
    },
    gradient: {
      angle: 160,
      stops: ['#1f1020', '#2a1424', '#3a1a24'],
      glows: [
        { at: '80% 0%', color: '#fb923c', alpha: 0.18 },
        { at: '10% 100%', color: '#f472b6', alpha: 0.14 },
      ],
    },
  },
  oceanic: {
    scheme: 'dark',
    colors: {
      bg: '#061c28',
      surface: '#0a2533e6',
      'surface-2': '#0f2f40e6',
      text: '#e0f4f8',
      'text-muted': '#97bac4',
      border: '#1b4255',
      accent: '#22d3ee',
      'accent-contrast': '#03222b',
      ...darkStatus,
    },
    gradient: {
      angle: 160,
      stops: ['#04161f', '#072230', '#0a2a3d'],
      glows: [
        { at: '20% 0%', color: '#22d3ee', alpha: 0.14 },
        { at: '90% 90%', color: '#3b82f6', alpha: 0.12 },
      ],
    },
  },
  nebula: {
    scheme: 'dark',
    colors: {
      bg: '#140d29',
      surface: '#1b1234e6',
      'surface-2': '#241842e6',
      text: '#f1eafe',
      'text-muted': '#b9a8d6',
      border: '#382a5c',
      accent: '#c084fc',
      'accent-contrast': '#1d0b33',
      ...darkStatus,
    },
    gradient: {
      angle: 150,
      stops: ['#0e0a1f', '#1a0f33', '#26103a'],
      glows: [
        { at: '75% 10%', color: '#c084fc', alpha: 0.18 },
        { at: '15% 85%', color: '#f472b6', alpha: 0.12 },
      ],
    },
  },
  miami: {
    scheme: 'dark',
    colors: {
      bg: '#1a1136',
      surface: '#21153fe6',
      'surface-2': '#2b1b4de6',
      text: '#fdf0fb',
      'text-muted': '#c8b1d1',
      border: '#43295f',
      accent: '#f472b6',
      'accent-contrast': '#2b0a1f',
      ...darkStatus,
    },
    gradient: {
      angle: 135,
      stops: ['#140f2b', '#1f1240', '#2a0f3f'],
      glows: [
        { at: '85% 0%', color: '#f472b6', alpha: 0.2 },
        { at: '10% 90%', color: '#22d3ee', alpha: 0.16 },
      ],
    },
  },
};

/** Whether a name is a palette the user can choose (for values read back from local storage). */
export function isPaletteName(value: unknown): value is PaletteName {
  return value === 'custom' || (NAMED_PALETTES as readonly unknown[]).includes(value);
}

function alphaHex(alpha: number): string {
  return Math.round(alpha * 255)
    .toString(16)
    .padStart(2, '0');
}

/** The CSS `background-image` of a gradient: its glows over its linear stops. */
export function gradientCss(gradient: PaletteGradient): string {
  const glows = gradient.glows.map(
    (glow) => `radial-gradient(ellipse at ${glow.at}, ${glow.color}${alphaHex(glow.alpha)}, transparent 60%)`,
  );
  return [...glows, `linear-gradient(${gradient.angle}deg, ${gradient.stops.join(', ')})`].join(', ');
}

/** The user's own colours; tokens left out come from a shipped palette of the same lightness. */
export type CustomPalette = {
  readonly colors: Partial<Record<ColorToken, string>>;
  /** Paint the background as a soft gradient from `bg` to `surface-2`. */
  readonly gradient?: boolean;
};

const DARK_INK = '#0b0d12';
const LIGHT_INK = '#ffffff';

/**
 * Builds the full palette for custom colours. Non-hex values are dropped (they reach inline styles).
 * The base is `slate` for a light background and the default for a dark one, and a missing
 * `accent-contrast` is whichever of near-black or white reads better on the accent.
 */
export function customPalette(custom: CustomPalette): Palette {
  const chosen = Object.fromEntries(
    Object.entries(custom.colors).filter(
      (entry): entry is [ColorToken, string] => typeof entry[1] === 'string' && isHexColor(entry[1]),
    ),
  ) as Partial<Record<ColorToken, string>>;
  const isLight = chosen.bg !== undefined && relativeLuminance(parseHexColor(chosen.bg)) > 0.4;
  const base = PALETTES[isLight ? 'slate' : DEFAULT_PALETTE];
  const colors = { ...base.colors, ...chosen };
  if (chosen.accent && !chosen['accent-contrast']) {
    const accent = parseHexColor(chosen.accent);
    colors['accent-contrast'] =
      contrastRatio(accent, parseHexColor(DARK_INK)) >= contrastRatio(accent, parseHexColor(LIGHT_INK))
        ? DARK_INK
        : LIGHT_INK;
  }
  return {
    scheme: isLight ? 'light' : 'dark',
    colors,
    ...(custom.gradient
      ? { gradient: { angle: 160, stops: [colors.bg, colors['surface-2']], glows: [] } }
      : {}),
  };
}

/** The custom properties one palette sets, in a stable order. */
export function paletteProperties(palette: Palette): [property: string, value: string][] {
  return [
    ['color-scheme', palette.scheme],
    ...COLOR_TOKENS.map((token): [string, string] => [`--color-${token}`, palette.colors[token]]),
    ['--gradient', palette.gradient ? gradientCss(palette.gradient) : 'none'],
    ['--shadow-color', palette.scheme === 'dark' ? '0 0% 0%' : '220 40% 20%'],
    ['--shadow-strength', palette.scheme === 'dark' ? '0.45' : '0.12'],
  ];
}

/**
 * Applies a palette to an element (usually `document.documentElement`) by setting `data-palette`,
 * which `tokens.css` styles. `custom` writes its colours as inline custom properties instead; choosing
 * a shipped palette again removes them.
 */
export function applyPalette(element: HTMLElement, name: PaletteName, custom?: CustomPalette): void {
  element.dataset.palette = name;
  const inline = name === 'custom' ? paletteProperties(customPalette(custom ?? { colors: {} })) : [];
  for (const [property] of paletteProperties(PALETTES[DEFAULT_PALETTE]))
    element.style.removeProperty(property);
  for (const [property, value] of inline) element.style.setProperty(property, value);
}
