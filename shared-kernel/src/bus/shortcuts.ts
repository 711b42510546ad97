import { messages } from '../domain/messages.ts';
import type { BusEvent } from './events.ts';

/** One keyboard shortcut: Cmd/Ctrl with these keys sends `event` on the bus. */
export interface Shortcut {
  /** The physical key (`KeyboardEvent.code`): with Alt held, macOS changes `key` (Option+N types "˜"). */
  code: string;
  /** The key as it is printed on the keyboard, for the list in Settings. */
  key: string;
  alt: boolean;
  shift: boolean;
  event: BusEvent;
  /** What it does, as Settings lists it. */
  action: string;
}

const actions = messages.settings.workspace.shortcutActions;

/**
 * The keyboard shortcuts of docs/product.md (Keyboard shortcuts), in the order of its table: the shell
 * listens for them (shell/src/features/shortcuts/) and Settings lists them (its Workspace tab).
 */
export const SHORTCUTS: readonly Shortcut[] = [
  {
    code: 'KeyS',
    key: 'S',
    alt: false,
    shift: false,
    event: { type: 'writings.save' },
    action: actions.save,
  },
  {
    code: 'KeyN',
    key: 'N',
    alt: true,
    shift: false,
    event: { type: 'writings.new' },
    action: actions.newWriting,
  },
  {
    code: 'KeyI',
    key: 'I',
    alt: true,
    shift: false,
    event: { type: 'panels.toggle', panel: 'ideas' },
    action: actions.toggleIdeas,
  },
  {
    code: 'KeyI',
    key: 'I',
    alt: true,
    shift: true,
    event: { type: 'panels.flip-dock' },
    action: actions.flipDock,
  },
  {
    code: 'KeyC',
    key: 'C',
    alt: true,
    shift: false,
    event: { type: 'panels.toggle', panel: 'chat' },
    action: actions.toggleChat,
  },
  {
    code: 'KeyO',
    key: 'O',
    alt: true,
    shift: false,
    event: { type: 'panels.swap-order' },
    action: actions.swapOrder,
  },
  {
    code: 'Backslash',
    key: '\\',
    alt: false,
    shift: false,
    event: { type: 'zen.toggle' },
    action: actions.zen,
  },
  {
    code: 'Slash',
    key: '/',
    alt: false,
    shift: false,
    event: { type: 'search.open' },
    action: actions.search,
  },
  {
    code: 'Comma',
    key: ',',
    alt: false,
    shift: false,
    event: { type: 'settings.open' },
    action: actions.settings,
  },
];

/** Whether this is an Apple platform, where the shortcuts take Cmd (⌘) instead of Ctrl, and ⌥ for Alt. */
export function isApplePlatform(platform: string = globalThis.navigator?.platform ?? ''): boolean {
  return /Mac|iPhone|iPad|iPod/i.test(platform);
}

/** The keys of a shortcut as this platform names them: ['⌘', '⌥', '⇧', 'I'], ['Ctrl', 'Alt', 'Shift', 'I']. */
export function shortcutKeys(shortcut: Shortcut, apple: boolean = isApplePlatform()): string[] {
  return [
    apple ? '⌘' : 'Ctrl',
    ...(shortcut.alt ? [apple ? '⌥' : 'Alt'] : []),
    ...(shortcut.shift ? [apple ? '⇧' : 'Shift'] : []),
    shortcut.key,
  ];
}
