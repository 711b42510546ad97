// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { editorWidth } from './layout.ts';

describe('editor width', () => {
  it('fills the layout in Zen mode whatever is open', () => {
    expect(editorWidth({ zen: true, leftOpen: true, rightOpen: true })).toBe(100);
  });

  it('narrows to 48 with both side areas open and 76 with one', () => {
    expect(editorWidth({ zen: false, leftOpen: true, rightOpen: true })).toBe(48);
    expect(editorWidth({ zen: false, leftOpen: true, rightOpen: false })).toBe(76);
    expect(editorWidth({ zen: false, leftOpen: false, rightOpen: true })).toBe(76);
  });

  it('fills the layout with no side area open', () => {
    expect(editorWidth({ zen: false, leftOpen: false, rightOpen: false })).toBe(100);
  });
});
