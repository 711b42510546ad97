// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { shortcutFor } from './shortcuts.ts';

const press = (
  code: string,
  modifiers: Partial<Record<'altKey' | 'shiftKey' | 'metaKey' | 'ctrlKey', boolean>> = {},
) => ({
  code,
  altKey: false,
  shiftKey: false,
  metaKey: false,
  ctrlKey: false,
  ...modifiers,
});

describe('keyboard shortcuts', () => {
  it.each([
    ['KeyS', {}, { type: 'writings.save' }],
    ['KeyN', { altKey: true }, { type: 'writings.new' }],
    ['KeyI', { altKey: true }, { type: 'panels.toggle', panel: 'ideas' }],
    ['KeyI', { altKey: true, shiftKey: true }, { type: 'panels.flip-dock' }],
    ['KeyC', { altKey: true }, { type: 'panels.toggle', panel: 'chat' }],
    ['KeyO', { altKey: true }, { type: 'panels.swap-order' }],
    ['Backslash', {}, { type: 'zen.toggle' }],
    ['Slash', {}, { type: 'search.open' }],
    ['Comma', {}, { type: 'settings.open' }],
  ])('maps Ctrl+%s %o to its action off macOS, and Cmd on macOS', (code, modifiers, event) => {
    expect(shortcutFor(press(code, { ...modifiers, ctrlKey: true }), false)).toEqual(event);
    expect(shortcutFor(press(code, { ...modifiers, metaKey: true }), true)).toEqual(event);
  });

  it('ignores the other modifier and plain keys', () => {
    expect(shortcutFor(press('KeyS', { metaKey: true }), false)).toBeNull();
    expect(shortcutFor(press('KeyS', { ctrlKey: true }), true)).toBeNull();
    expect(shortcutFor(press('KeyS'), false)).toBeNull();
  });

  it('leaves the editor its own combinations (Ctrl+B, Ctrl+Alt+S, Ctrl+Shift+S)', () => {
    expect(shortcutFor(press('KeyB', { ctrlKey: true }), false)).toBeNull();
    expect(shortcutFor(press('KeyS', { ctrlKey: true, altKey: true }), false)).toBeNull();
    expect(shortcutFor(press('KeyS', { ctrlKey: true, shiftKey: true }), false)).toBeNull();
  });
});
