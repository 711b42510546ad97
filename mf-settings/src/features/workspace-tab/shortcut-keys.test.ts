import { describe, expect, it } from 'vitest';
import { isApplePlatform, shortcutList } from './shortcut-keys.ts';

describe('the keyboard shortcuts list', () => {
  it('lists all eight with Ctrl and Alt outside Apple platforms', () => {
    const list = shortcutList(false);
    expect(list).toHaveLength(8);
    expect(list[0]).toEqual({ action: 'Save, when there are unsaved changes', keys: ['Ctrl', 'S'] });
    expect(list[1]?.keys).toEqual(['Ctrl', 'Alt', 'N']);
    expect(list[7]).toEqual({ action: 'Open settings', keys: ['Ctrl', ','] });
  });

  it('uses ⌘ and ⌥ on a Mac', () => {
    expect(isApplePlatform('MacIntel')).toBe(true);
    expect(isApplePlatform('Linux x86_64')).toBe(false);
    expect(shortcutList(true)[2]?.keys).toEqual(['⌘', '⌥', 'I']);
  });
});
