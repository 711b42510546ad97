import { describe, expect, it } from 'vitest';
import { isApplePlatform, SHORTCUTS, shortcutKeys } from './shortcuts.ts';

describe('the keyboard shortcuts', () => {
  it('are the nine of docs/product.md, with the keys this platform names', () => {
    const listed = SHORTCUTS.map((shortcut) => [shortcut.action, shortcutKeys(shortcut, false).join('+')]);
    expect(listed).toEqual([
      ['Save, when there are unsaved changes', 'Ctrl+S'],
      ['New writing', 'Ctrl+Alt+N'],
      ['Toggle ideas', 'Ctrl+Alt+I'],
      ['Dock ideas on the other side', 'Ctrl+Alt+Shift+I'],
      ['Toggle chat', 'Ctrl+Alt+C'],
      ['Swap panel order', 'Ctrl+Alt+O'],
      ['Toggle Zen mode', 'Ctrl+\\'],
      ['Open search', 'Ctrl+/'],
      ['Open settings', 'Ctrl+,'],
    ]);
  });

  it('take ⌘, ⌥ and ⇧ on Apple platforms', () => {
    expect(isApplePlatform('MacIntel')).toBe(true);
    expect(isApplePlatform('iPhone')).toBe(true);
    expect(isApplePlatform('Linux x86_64')).toBe(false);
    expect(isApplePlatform('Win32')).toBe(false);
    expect(SHORTCUTS.map((shortcut) => shortcutKeys(shortcut, true).join(''))).toContain('⌘⌥⇧I');
  });
});
