import { messages } from 'shared-kernel';

/** The eight shortcuts of the spec: the keys after Cmd/Ctrl (and Alt), in the order of the spec's table. */
const SHORTCUT_KEYS: readonly { alt: boolean; key: string }[] = [
  { alt: false, key: 'S' },
  { alt: true, key: 'N' },
  { alt: true, key: 'I' },
  { alt: true, key: 'C' },
  { alt: true, key: 'O' },
  { alt: false, key: '\\' },
  { alt: false, key: '/' },
  { alt: false, key: ',' },
];

/** Whether this is an Apple platform, where the shortcuts use ⌘ and ⌥. */
export function isApplePlatform(platform: string = globalThis.navigator?.platform ?? ''): boolean {
  return /Mac|iPhone|iPad|iPod/i.test(platform);
}

/** Each shortcut with its keys as this platform names them (⌘ ⌥ on Apple, Ctrl Alt elsewhere). */
export function shortcutList(apple: boolean = isApplePlatform()): { action: string; keys: string[] }[] {
  const modifier = apple ? '⌘' : 'Ctrl';
  const alt = apple ? '⌥' : 'Alt';
  return SHORTCUT_KEYS.map(({ alt: withAlt, key }, index) => ({
    action: messages.settings.workspace.shortcutActions[index] ?? '',
    keys: withAlt ? [modifier, alt, key] : [modifier, key],
  }));
}
