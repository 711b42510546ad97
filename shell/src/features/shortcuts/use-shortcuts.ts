import { useEffect } from 'react';
import type { EventBus } from 'shared-kernel';
import { shortcutFor } from './shortcuts.ts';

/**
 * Turns the shortcut keys into bus events wherever the focus is, the editor included. The listener runs
 * in the capture phase, before any area sees the key, and swallows only the exact shortcut combinations,
 * so every other key (the editor's own included) passes untouched.
 */
export function useShortcuts(bus: EventBus): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const shortcut = shortcutFor(event);
      if (!shortcut) return;
      event.preventDefault();
      event.stopPropagation();
      bus.emit(shortcut);
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [bus]);
}
