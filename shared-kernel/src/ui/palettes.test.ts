// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { CONTRAST_REQUIREMENTS, worstContrasts } from './palette-contrast.ts';
import {
  applyPalette,
  COLOR_TOKENS,
  customPalette,
  DEFAULT_PALETTE,
  isPaletteName,
  NAMED_PALETTES,
  PALETTE_GROUPS,
  PALETTES,
} from './palettes.ts';

describe('palette catalogue', () => {
  it('ships every palette of the spec in its group, aurora by default', () => {
    expect(PALETTE_GROUPS).toEqual({
      core: ['slate', 'ocean', 'emerald', 'rose', 'violet', 'amber', 'moss', 'cobalt', 'dusk', 'solar'],
      editor: ['one', 'dracula', 'monokai', 'nord', 'tokyo', 'github'],
      gradient: ['aurora', 'sunset', 'oceanic', 'nebula', 'miami'],
    });
    expect(DEFAULT_PALETTE).toBe('aurora');
    expect(PALETTES.aurora.scheme).toBe('dark');
  });

  it('gives exactly the gradient palettes a gradient', () => {
    const withGradient = NAMED_PALETTES.filter((name) => PALETTES[name].gradient !== undefined);
    expect(withGradient).toEqual([...PALETTE_GROUPS.gradient]);
  });

  it('accepts stored palette names and rejects others', () => {
    expect(isPaletteName('nord')).toBe(true);
    expect(isPaletteName('custom')).toBe(true);
    expect(isPaletteName('solarized')).toBe(false);
    expect(isPaletteName(undefined)).toBe(false);
  });
});

describe('palette contrast', () => {
  it.each(NAMED_PALETTES)('%s keeps text readable on every background it can sit on', (name) => {
    const worst = worstContrasts(PALETTES[name]);
    for (const { token, minimum } of CONTRAST_REQUIREMENTS) {
      expect(worst[token], `${name} ${token}`).toBeGreaterThanOrEqual(minimum);
    }
    expect(worst['accent-contrast'], `${name} accent label`).toBeGreaterThanOrEqual(4.5);
  });
});

describe('custom palette', () => {
  it('fills missing tokens from a light base for a light background', () => {
    const palette = customPalette({ colors: { bg: '#fefefe', accent: '#7c3aed' } });
    expect(palette.scheme).toBe('light');
    expect(palette.colors.text).toBe(PALETTES.slate.colors.text);
    expect(palette.colors['accent-contrast']).toBe('#ffffff');
  });

  it('fills missing tokens from the default for a dark background and picks a dark label on a light accent', () => {
    const palette = customPalette({ colors: { bg: '#101010', accent: '#fde047' } });
    expect(palette.scheme).toBe('dark');
    expect(palette.colors.text).toBe(PALETTES.aurora.colors.text);
    expect(palette.colors['accent-contrast']).toBe('#0b0d12');
  });

  it('drops values that are not hex colours', () => {
    const palette = customPalette({ colors: { accent: 'red; background: url(https://evil.example)' } });
    expect(palette.colors.accent).toBe(PALETTES.aurora.colors.accent);
  });

  it('paints a gradient only when asked', () => {
    expect(customPalette({ colors: {} }).gradient).toBeUndefined();
    expect(customPalette({ colors: { bg: '#101010' }, gradient: true }).gradient?.stops[0]).toBe('#101010');
  });
});

describe('applying a palette', () => {
  it('marks the element with the palette name and leaves colours to tokens.css', () => {
    const element = document.createElement('div');
    applyPalette(element, 'nord');
    expect(element.dataset.palette).toBe('nord');
    expect(element.style.getPropertyValue('--color-bg')).toBe('');
  });

  it('writes custom colours inline and removes them when a shipped palette is chosen again', () => {
    const element = document.createElement('div');
    applyPalette(element, 'custom', { colors: { bg: '#fdfcf8', accent: '#0f766e' } });
    expect(element.dataset.palette).toBe('custom');
    expect(element.style.getPropertyValue('--color-bg')).toBe('#fdfcf8');
    expect(element.style.getPropertyValue('--color-accent')).toBe('#0f766e');
    expect(element.style.getPropertyValue('--gradient')).toBe('none');
    for (const token of COLOR_TOKENS) expect(element.style.getPropertyValue(`--color-${token}`)).not.toBe('');

    applyPalette(element, 'github');
    expect(element.dataset.palette).toBe('github');
    for (const token of COLOR_TOKENS) expect(element.style.getPropertyValue(`--color-${token}`)).toBe('');
  });
});
