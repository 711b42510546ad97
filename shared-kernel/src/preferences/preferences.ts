import { useSyncExternalStore } from 'react';
import { BehaviorSubject, type Observable } from 'rxjs';
import { z } from 'zod/mini';
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

/** Changes some preferences, saves them and tells every subscriber (and the other tabs). */
export function updatePreferences(
  change: Partial<Preferences> | ((current: Preferences) => Partial<Preferences>),
): Preferences {
  const current = subject.getValue();
  const next = preferencesSchema.parse({
    ...current,
    ...(typeof change === 'function' ? change(current) : change),
  });
  try {
    globalThis.localStorage?.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify(next));
  } catch (error) {
    console.warn('[preferences] could not save preferences', error);
  }
  subject.next(next);
  return next;
}

function subscribe(onChange: () => void): () => void {
  const subscription = subject.subscribe(onChange);
  return () => subscription.unsubscribe();
}

/** The preferences in a component, re-rendering when they change. */
export function usePreferences(): Preferences {
  return useSyncExternalStore(subscribe, getPreferences, getPreferences);
}
