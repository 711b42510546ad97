import type { BusEvent } from 'shared-kernel';

/**
 * The keyboard shortcuts of docs/product.md (Keyboard shortcuts), as the bus events they send. Keys are matched by
 * physical key (`KeyboardEvent.code`): with Alt held, macOS changes `key` (Option+N types "˜").
 */
export const SHORTCUTS: ReadonlyArray<{
  code: string;
  alt: boolean;
  shift: boolean;
  event: BusEvent;
  label: string;
}> = [
  { code: 'KeyS', alt: false, shift: false, event: { type: 'writings.save' }, label: 'Save' },
  { code: 'KeyN', alt: true, shift: false, event: { type: 'writings.new' }, label: 'New writing' },
  {
    code: 'KeyI',
    alt: true,
    shift: false,
    event: { type: 'panels.toggle', panel: 'ideas' },
    label: 'Toggle ideas',
  },
  {
    code: 'KeyI',
    alt: true,
    shift: true,
    event: { type: 'panels.flip-dock' },
    label: 'Dock ideas on the other side',
  },
  {
    code: 'KeyC',
    alt: true,
    shift: false,
    event: { type: 'panels.toggle', panel: 'chat' },
    label: 'Toggle chat',
  },
  { code: 'KeyO', alt: true, shift: false, event: { type: 'panels.swap-order' }, label: 'Swap panel order' },
  { code: 'Backslash', alt: false, shift: false, event: { type: 'zen.toggle' }, label: 'Toggle Zen mode' },
  { code: 'Slash', alt: false, shift: false, event: { type: 'search.open' }, label: 'Open search' },
  { code: 'Comma', alt: false, shift: false, event: { type: 'settings.open' }, label: 'Open settings' },
];

/** Cmd on macOS and iOS, Ctrl elsewhere. */
export function isApplePlatform(platform: string = globalThis.navigator?.platform ?? ''): boolean {
  return /Mac|iPhone|iPad|iPod/i.test(platform);
}

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
