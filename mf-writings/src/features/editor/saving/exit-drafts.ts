// What the writer typed in the last moments before the page closed or reloaded. A save writes to the
// device asynchronously (IndexedDB, after a 750 ms pause in typing), and a closing page cuts that short:
// the last words were lost. So when the page is hidden, the open writing's unsaved draft is also kept
// at once in localStorage (synchronous, it survives the close), one entry per writer and writing, until
// a save of that text is in. The next time the writing opens on this device, a kept draft that differs
// from the copy opened is shown and saved as the writer's edit (writing-editor-hooks.ts).
import type { Json } from 'shared-kernel';
import { sameJson, serverIdOf } from '../../offline-store/index.ts';

/** A draft kept on exit: the title and content the editor held. */
export interface ExitDraft {
  title: string;
  content: Json;
}

const storageKey = (userId: string) => `writings-exit-drafts:${userId}`;

function readAll(userId: string): Record<string, ExitDraft> {
  try {
    const stored = globalThis.localStorage?.getItem(storageKey(userId));
    const parsed: unknown = stored ? JSON.parse(stored) : {};
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, ExitDraft>) : {};
  } catch {
    return {};
  }
}

function writeAll(userId: string, drafts: Record<string, ExitDraft>): void {
  try {
    if (Object.keys(drafts).length === 0) globalThis.localStorage?.removeItem(storageKey(userId));
    else globalThis.localStorage?.setItem(storageKey(userId), JSON.stringify(drafts));
  } catch (error) {
    // Full or refused storage: the save under way is all that is left, as before drafts were kept.
    console.warn('[writings] the unsaved draft could not be kept on exit', error);
  }
}

/** Keeps `draft` of writing `id` (synchronously), replacing any earlier one. */
export function keepExitDraft(userId: string, id: string, draft: ExitDraft): void {
  writeAll(userId, { ...readAll(userId), [serverIdOf(id)]: { title: draft.title, content: draft.content } });
}

/** The draft kept on exit for writing `id` (by its local or server id), if any. */
export function exitDraftOf(userId: string, id: string): ExitDraft | undefined {
  return readAll(userId)[serverIdOf(id)];
}

/**
 * Forgets the draft kept for writing `id` once `saved` (the content a save just put on the device or the
 * server) is the same text, or at once without `saved`. A draft kept after that save started stays.
 */
export function forgetExitDraft(userId: string, id: string, saved?: Json): void {
  const drafts = readAll(userId);
  const kept = drafts[serverIdOf(id)];
  if (!kept || (saved !== undefined && !sameJson(kept.content, saved))) return;
  delete drafts[serverIdOf(id)];
  writeAll(userId, drafts);
}
