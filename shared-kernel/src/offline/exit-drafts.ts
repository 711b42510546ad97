// What the writer typed in the last moments before the page closed or reloaded. An area saves to the
// device asynchronously (IndexedDB, after a pause in typing), and a closing page cuts that short: the
// last words were lost. So when the page is hidden, an area also keeps its unsaved drafts at once in
// localStorage (synchronous, it survives the close), per area, writer and item, until a save of that
// text is in; the next time the item shows on this device, a kept draft that differs from the copy
// shown is shown and saved as the writer's edit. Used by the writings editor and the ideas inbox.
import { serverIdOf } from './local-database.ts';
import { sameJson } from './same-json.ts';

export interface ExitDrafts<Draft> {
  /** Keeps `draft` of item `id` (synchronously), replacing any earlier one. */
  keep(id: string, draft: Draft): void;
  /** The draft kept for item `id` (by its local or server id), if any. */
  find(id: string): Draft | undefined;
  /**
   * Forgets the draft kept for item `id` once `saved` (the text a save just put on the device or the
   * server) is the same, or at once without `saved`. A draft kept after that save started stays.
   */
  forget(id: string, saved?: unknown): void;
  /** The ids of the items with a kept draft (server ids). */
  ids(): string[];
}

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
  const readAll = (): Record<string, Draft> => {
    try {
      const stored = globalThis.localStorage?.getItem(storageKey);
      const parsed: unknown = stored ? JSON.parse(stored) : {};
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, Draft>) : {};
    } catch {
      return {};
    }
  };
  const writeAll = (drafts: Record<string, Draft>) => {
    try {
      if (Object.keys(drafts).length === 0) globalThis.localStorage?.removeItem(storageKey);
      else globalThis.localStorage?.setItem(storageKey, JSON.stringify(drafts));
    } catch (error) {
      // Full or refused storage: the save under way is all that is left, as before drafts were kept.
      console.warn(`[${area}] the unsaved draft could not be kept on exit`, error);
    }
  };
  return {
    keep: (id, draft) => writeAll({ ...readAll(), [serverIdOf(id)]: draft }),
    find: (id) => readAll()[serverIdOf(id)],
    forget(id, saved) {
      const drafts = readAll();
      const kept = drafts[serverIdOf(id)];
      if (kept === undefined || (saved !== undefined && !sameJson(textOf(kept), saved))) return;
      delete drafts[serverIdOf(id)];
      writeAll(drafts);
    },
    ids: () => Object.keys(readAll()),
  };
}
