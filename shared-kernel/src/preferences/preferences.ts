import { useSyncExternalStore } from 'react';
import { BehaviorSubject, type Observable } from 'rxjs';
import { z } from '../contracts/zod.ts';
import { AUTO_SAVE_INTERVAL_SECONDS, DEFAULT_TAB_SIZE, TAB_SIZES } from '../domain/constants.ts';
import { UI_FONTS } from '../ui/fonts.ts';
import { DEFAULT_PALETTE, NAMED_PALETTES } from '../ui/palettes.ts';

/** The localStorage key of the preferences (one JSON object, shared by every area of the page). */
export const PREFERENCES_STORAGE_KEY = 'workspace.preferences';

const paletteNames = [...NAMED_PALETTES, 'custom'] as const;

/**
 * Local preferences (docs/product.md, Workspace layout): appearance and how the side panels are arranged. Kept in this
 * browser only. Every field has a default, so a missing or damaged entry never breaks the page.
 */
export const preferencesSchema = z.object({
  palette: z.catch(z.enum(paletteNames), DEFAULT_PALETTE),
  customPalette: z.catch(z.record(z.string(), z.string()), {}),
  gradient: z.catch(z.boolean(), true),
  uiFont: z.catch(z.enum(UI_FONTS), 'sans'),
  /** The stack the 'random' font picked, kept so it does not change on every load. */
  randomFontStack: z.catch(z.optional(z.string()), undefined),
  /** Which of the two side panels comes first when they are stacked. */
  panelOrder: z.catch(z.enum(['ideas-first', 'chat-first']), 'ideas-first'),
  /** Which side of the editor the ideas panel is docked on. */
  ideasDock: z.catch(z.enum(['left', 'right']), 'right'),
  ideasOpen: z.catch(z.boolean(), true),
  chatOpen: z.catch(z.boolean(), true),
  // Editor settings (issue 16: the editor honours each one).
  /** Save to the server on its own after each pause in typing; off saves on Cmd/Ctrl+S and leaving. */
  autoSave: z.catch(z.boolean(), true),
  /** Auto-save's longest wait, in seconds, while the writer keeps typing without a pause. */
  autoSaveIntervalSeconds: z.catch(
    z
      .int()
      .check(
        z.gte(AUTO_SAVE_INTERVAL_SECONDS.min),
        z.lte(AUTO_SAVE_INTERVAL_SECONDS.max),
        z.multipleOf(AUTO_SAVE_INTERVAL_SECONDS.step),
      ),
    AUTO_SAVE_INTERVAL_SECONDS.default,
  ),
  spellCheck: z.catch(z.boolean(), true),
  /** Dims every paragraph but the one being written. */
  focusMode: z.catch(z.boolean(), false),
  /** Line numbers in code blocks (past the spec's 8 lines). */
  lineNumbers: z.catch(z.boolean(), true),
  tabSize: z.catch(z.literal(TAB_SIZES), DEFAULT_TAB_SIZE),
  // Workspace and notification settings.
  /** Denser lists in every area. */
  compactMode: z.catch(z.boolean(), false),
  soundEffects: z.catch(z.boolean(), true),
  desktopNotifications: z.catch(z.boolean(), false),
  emailNotifications: z.catch(z.boolean(), true),
  mentionNotifications: z.catch(z.boolean(), true),
  updateNotifications: z.catch(z.boolean(), false),
  /** When a synced preference last changed on this device (ms), to tell which copy is newer. */
  syncedChangedAt: z.catch(z.number(), 0),
});
export type Preferences = z.infer<typeof preferencesSchema>;

const DEFAULTS: Preferences = preferencesSchema.parse({});

function readStored(): Preferences {
  try {
    const raw = globalThis.localStorage?.getItem(PREFERENCES_STORAGE_KEY);
    return raw ? preferencesSchema.parse({ ...DEFAULTS, ...JSON.parse(raw) }) : DEFAULTS;
  } catch (error) {
    // Local-storage failures are logged and otherwise ignored (docs/product.md, Messages).
    console.warn('[preferences] could not read stored preferences', error);
    return DEFAULTS;
  }
}

const subject = new BehaviorSubject<Preferences>(readStored());

// Another tab changed them: follow, so every tab shows the same arrangement and theme.
globalThis.addEventListener?.('storage', (event: StorageEvent) => {
  if (event.key === PREFERENCES_STORAGE_KEY) subject.next(readStored());
});

/** The current preferences. */
export function getPreferences(): Preferences {
  return subject.getValue();
}

/** Every change of the preferences, starting with the current ones. */
export const preferences$: Observable<Preferences> = subject.asObservable();

/**
 * Changes some preferences, saves them and tells every subscriber (and the other tabs). A change that
 * changes nothing (a panel opened that is open) is neither saved nor told, so nothing re-renders for it.
 */
export function updatePreferences(
  change: Partial<Preferences> | ((current: Preferences) => Partial<Preferences>),
): Preferences {
  const current = subject.getValue();
  const changed = typeof change === 'function' ? change(current) : change;
  const same = (Object.keys(changed) as (keyof Preferences)[]).every((key) => changed[key] === current[key]);
  if (same) return current;
  const touchesSynced = SYNCED_PREFERENCE_KEYS.some((key) => key in changed && changed[key] !== current[key]);
  const next = preferencesSchema.parse({
    ...current,
    ...(touchesSynced ? { syncedChangedAt: Date.now() } : {}),
    ...changed,
  });
  try {
    globalThis.localStorage?.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify(next));
  } catch (error) {
    console.warn('[preferences] could not save preferences', error);
  }
  subject.next(next);
  return next;
}

/**
 * The preferences a writer expects to follow them to another device (appearance and the editor), kept
 * in the user's metadata as well as on the device.
 */
export const SYNCED_PREFERENCE_KEYS = [
  'palette',
  'customPalette',
  'gradient',
  'uiFont',
  'randomFontStack',
  'autoSave',
  'autoSaveIntervalSeconds',
  'spellCheck',
  'focusMode',
  'lineNumbers',
  'tabSize',
] as const satisfies readonly (keyof Preferences)[];

/** The part of the preferences kept in the user's metadata, with when it last changed. */
export type SyncedPreferences = Partial<Preferences> & { syncedChangedAt: number };

/** The part of the preferences that is kept in the user's metadata (`user_metadata.preferences`). */
export function syncedPreferences(preferences: Preferences): SyncedPreferences {
  return {
    ...Object.fromEntries(SYNCED_PREFERENCE_KEYS.map((key) => [key, preferences[key]])),
    syncedChangedAt: preferences.syncedChangedAt,
  };
}

/**
 * Takes the synced part from the user's metadata (`user_metadata.preferences`, written by another
 * device) when it changed after this device's copy: only the synced keys, each checked by the schema,
 * so damaged metadata changes nothing it should not.
 * @returns whether anything was taken.
 */
export function adoptSyncedPreferences(metadata: unknown): boolean {
  const stored = (metadata as { preferences?: unknown } | null | undefined)?.preferences;
  if (typeof stored !== 'object' || stored === null) return false;
  const changedAt = (stored as { syncedChangedAt?: unknown }).syncedChangedAt;
  if (typeof changedAt !== 'number' || changedAt <= getPreferences().syncedChangedAt) return false;
  const picked = Object.fromEntries(
    SYNCED_PREFERENCE_KEYS.filter((key) => key in stored).map((key) => [key, (stored as never)[key]]),
  );
  updatePreferences({ ...(picked as Partial<Preferences>), syncedChangedAt: changedAt });
  return true;
}

function subscribe(onChange: () => void): () => void {
  const subscription = subject.subscribe(onChange);
  return () => subscription.unsubscribe();
}

/** The preferences in a component, re-rendering when they change. */
export function usePreferences(): Preferences {
  return useSyncExternalStore(subscribe, getPreferences, getPreferences);
}
