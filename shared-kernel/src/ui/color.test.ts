// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { compositeOver, contrastRatio, isHexColor, parseHexColor } from './color.ts';

describe('colours', () => {
  it('parses short, long and translucent hex colours', () => {
    expect(parseHexColor('#fff')).toEqual({ red: 255, green: 255, blue: 255, alpha: 1 });
    expect(parseHexColor('#0F1626')).toEqual({ red: 15, green: 22, blue: 38, alpha: 1 });
    expect(parseHexColor('#00000080').alpha).toBeCloseTo(128 / 255);
  });

  it('refuses anything that is not a hex colour', () => {
    expect(isHexColor('red')).toBe(false);
    expect(isHexColor('#12345')).toBe(false);
    expect(isHexColor('#fff; background: url(x)')).toBe(false);
    expect(() => parseHexColor('rgb(0 0 0)')).toThrow('Not a hex colour');
  });

  it('measures WCAG contrast: 21 for black on white, 1 for a colour on itself', () => {
    expect(contrastRatio(parseHexColor('#000'), parseHexColor('#fff'))).toBeCloseTo(21);
    expect(contrastRatio(parseHexColor('#767676'), parseHexColor('#fff'))).toBeCloseTo(4.54, 2);
    expect(contrastRatio(parseHexColor('#3a3f55'), parseHexColor('#3a3f55'))).toBe(1);
  });

  it('composites a translucent colour over its backdrop', () => {
    const half = { ...parseHexColor('#ffffff'), alpha: 0.5 };
    expect(compositeOver(half, parseHexColor('#000000'))).toEqual({
      red: 127.5,
      green: 127.5,
      blue: 127.5,
      alpha: 1,
    });
  });
});
