import { type BusEvent, isApplePlatform, SHORTCUTS } from 'shared-kernel';

/** The bus event a key press stands for, or null when it is none of the shortcuts. */
export function shortcutFor(
  event: Pick<KeyboardEvent, 'code' | 'altKey' | 'shiftKey' | 'metaKey' | 'ctrlKey'>,
  apple: boolean = isApplePlatform(),
): BusEvent | null {
  const mod = apple ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
  if (!mod) return null;
  const match = SHORTCUTS.find(
    (shortcut) =>
      shortcut.code === event.code && shortcut.alt === event.altKey && shortcut.shift === event.shiftKey,
  );
  return match?.event ?? null;
}
