// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { applyUiFont, FONT_STACKS, isUiFont, pickRandomFontStack, RANDOM_FONT_STACKS } from './fonts.ts';

describe('UI fonts', () => {
  it('offers eight distinct random stacks', () => {
    expect(new Set(RANDOM_FONT_STACKS).size).toBe(8);
  });

  it('picks every random stack across the range of the random source', () => {
    const picks = RANDOM_FONT_STACKS.map((_, index) => pickRandomFontStack(() => index / 8));
    expect(picks).toEqual([...RANDOM_FONT_STACKS]);
    expect(pickRandomFontStack(() => 0.999_999)).toBe(RANDOM_FONT_STACKS[7]);
  });

  it('sets the UI font variable for a fixed choice', () => {
    const element = document.createElement('div');
    expect(applyUiFont(element, 'serif')).toBe(FONT_STACKS.serif);
    expect(element.dataset.uiFont).toBe('serif');
    expect(element.style.getPropertyValue('--font-ui')).toBe(FONT_STACKS.serif);
  });

  it('keeps a stored random stack and replaces an unknown one', () => {
    const element = document.createElement('div');
    const stored = RANDOM_FONT_STACKS[3];
    expect(applyUiFont(element, 'random', stored)).toBe(stored);
    const replaced = applyUiFont(element, 'random', 'Comic Sans MS');
    expect(RANDOM_FONT_STACKS).toContain(replaced);
    expect(element.style.getPropertyValue('--font-ui')).toBe(replaced);
  });

  it('recognises stored font choices', () => {
    expect(isUiFont('ghost')).toBe(true);
    expect(isUiFont('mono')).toBe(false);
  });
});
