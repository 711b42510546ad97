/** An sRGB colour with alpha, channels 0..255 and alpha 0..1. */
export type Rgba = {
  readonly red: number;
  readonly green: number;
  readonly blue: number;
  readonly alpha: number;
};

const HEX_COLOR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** Whether a text is a CSS hex colour (#rgb, #rgba, #rrggbb or #rrggbbaa). */
export function isHexColor(value: string): boolean {
  return HEX_COLOR.test(value);
}

/** Parses a CSS hex colour; throws on anything else. */
export function parseHexColor(value: string): Rgba {
  if (!isHexColor(value)) throw new Error(`Not a hex colour: ${value}`);
  const digits = value.slice(1);
  const full = digits.length <= 4 ? [...digits].map((digit) => digit + digit).join('') : digits;
  const channel = (index: number) => Number.parseInt(full.slice(index * 2, index * 2 + 2), 16);
  return {
    red: channel(0),
    green: channel(1),
    blue: channel(2),
    alpha: full.length === 8 ? channel(3) / 255 : 1,
  };
}

/** A translucent colour painted over an opaque backdrop: the colour the eye sees. */
export function compositeOver(color: Rgba, backdrop: Rgba): Rgba {
  const mix = (top: number, bottom: number) => top * color.alpha + bottom * (1 - color.alpha);
  return {
    red: mix(color.red, backdrop.red),
    green: mix(color.green, backdrop.green),
    blue: mix(color.blue, backdrop.blue),
    alpha: 1,
  };
}

/** WCAG 2 relative luminance of an opaque colour. */
export function relativeLuminance(color: Rgba): number {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.040_45 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue);
}

/** WCAG 2 contrast ratio of two opaque colours, from 1 to 21. */
export function contrastRatio(first: Rgba, second: Rgba): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (lighter + 0.05) / (darker + 0.05);
}
