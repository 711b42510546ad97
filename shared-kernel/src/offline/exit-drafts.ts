// What the writer typed in the last moments before the page closed or reloaded. An area saves to the
// device asynchronously (IndexedDB, after a pause in typing), and a closing page cuts that short: the
// last words were lost. So when the page is hidden, an area also keeps its unsaved drafts at once in
// localStorage (synchronous, it survives the close), per area, writer and item, until a save of that
// text is in; the next time the item shows on this device, a kept draft that differs from the copy
// shown, and is newer than it, is shown and saved as the writer's edit; one older than it is handed to the
// area to keep beside it, and forgotten only once the area says it is kept. Used by the writings editor
// and the ideas inbox.
import { serverIdOf } from './local-database.ts';
import { sameJson } from './same-json.ts';

export interface ExitDrafts<Draft> {
  /** Keeps `draft` of item `id` (synchronously), replacing any earlier one; false when storage refused it. */
  keep(id: string, draft: Draft): boolean;
  /**
   * The draft kept for item `id` (by its local or server id), if any. With `shownVersion` (the
   * `updated_at` of the copy about to be shown), a draft is stale as `isStale` tells, where it can (it
   * answers `undefined` where it cannot), else when it was kept before that version was saved (from
   * another tab or device, after this page closed): it is not answered, so it never replaces newer
   * text. `keepStale` is handed it to keep its words elsewhere (once, while that is under way), and it
   * is forgotten once `keepStale` answers true; answering false or failing leaves it for the next time
   * the item shows. Without `keepStale`, a stale draft is forgotten.
   */
  find(
    id: string,
    shownVersion?: string,
    keepStale?: (draft: Draft) => boolean | Promise<boolean>,
    isStale?: (draft: Draft) => boolean | undefined,
  ): Draft | undefined;
  /**
   * Forgets the draft kept for item `id` once `saved` (the text a save just put on the device or the
   * server) is the same, or at once without `saved`. A draft kept after that save started stays.
   */
  forget(id: string, saved?: unknown): void;
  /** The ids of the items with a kept draft (server ids). */
  ids(): string[];
}

/** A draft as stored, with when it was kept (ms since the epoch). */
interface Kept<Draft> {
  draft: Draft;
  at: number;
}

/** The stale drafts being kept elsewhere now (`<storage key>/<item id>`): handed over once, not per open. */
const keeping = new Set<string>();

/**
 * The drafts of `area` kept on exit for `userId`. `textOf` is the part of a draft a save is compared
 * with (the whole draft by default).
 */
export function exitDrafts<Draft>(
  area: string,
  userId: string,
  textOf: (draft: Draft) => unknown = (draft) => draft,
): ExitDrafts<Draft> {
  const storageKey = `${area}-exit-drafts:${userId}`;
  const readAll = (): Record<string, Kept<Draft>> => {
    try {
      const stored = globalThis.localStorage?.getItem(storageKey);
      const parsed: unknown = stored ? JSON.parse(stored) : {};
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, Kept<Draft>>) : {};
    } catch {
      return {};
    }
  };
  const writeAll = (drafts: Record<string, Kept<Draft>>): boolean => {
    try {
      if (Object.keys(drafts).length === 0) globalThis.localStorage?.removeItem(storageKey);
      else globalThis.localStorage?.setItem(storageKey, JSON.stringify(drafts));
      return true;
    } catch (error) {
      // Full or refused storage: the save under way is all that is left, as before drafts were kept.
      console.warn(`[${area}] the unsaved draft could not be kept on exit`, error);
      return false;
    }
  };
  const forget = (id: string) => {
    const drafts = readAll();
    delete drafts[serverIdOf(id)];
    writeAll(drafts);
  };
  /** Hands stale draft `kept` of item `key` to `keepStale`; forgets it once kept, unless kept anew since. */
  const handOver = (
    key: string,
    kept: Kept<Draft>,
    keepStale: (draft: Draft) => boolean | Promise<boolean>,
  ) => {
    const token = `${storageKey}/${key}`;
    if (keeping.has(token)) return;
    keeping.add(token);
    Promise.resolve()
      .then(() => keepStale(kept.draft))
      .then(
        (isKept) => {
          if (isKept && readAll()[key]?.at === kept.at) forget(key);
        },
        (error: unknown) =>
          console.warn(`[${area}] the words kept on exit could not be kept elsewhere`, error),
      )
      .finally(() => keeping.delete(token));
  };
  return {
    keep: (id, draft) => writeAll({ ...readAll(), [serverIdOf(id)]: { draft, at: Date.now() } }),
    find(id, shownVersion, keepStale, isStale) {
      const key = serverIdOf(id);
      const kept = readAll()[key];
      if (!kept) return undefined;
      const stale =
        shownVersion !== undefined && (isStale?.(kept.draft) ?? Date.parse(shownVersion) > kept.at);
      if (!stale) return kept.draft;
      if (keepStale) handOver(key, kept, keepStale);
      else forget(key);
      return undefined;
    },
    forget(id, saved) {
      const kept = readAll()[serverIdOf(id)];
      if (kept === undefined || (saved !== undefined && !sameJson(textOf(kept.draft), saved))) return;
      forget(id);
    },
    ids: () => Object.keys(readAll()),
  };
}

/**
 * Calls `listener` once each time the page is hidden: another tab, a reload, a closed tab. Browsers fire
 * `visibilitychange` before `pagehide` when a page closes; `pagehide` counts only where the page was not
 * already hidden, so a closing page keeps and saves its drafts once, not twice.
 */
export function onPageHiding(listener: () => void): () => void {
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') listener();
  };
  const onPageHide = () => {
    if (document.visibilityState !== 'hidden') listener();
  };
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', onPageHide);
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('pagehide', onPageHide);
  };
}
