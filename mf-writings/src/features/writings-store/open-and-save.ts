// Opening a writing (server copy, device copy or draft, whichever is newest) and saving an edit through the device's outbox.
import { isOfflineFailure, type Json, messages, toDataError, type WritingText } from 'shared-kernel';
import {
  LOCAL_ID_PREFIX,
  localWriting,
  type OfflineStore,
  pendingIds,
  queuedText,
  rememberServerWritings,
  resolveId,
  sameJson,
  writingOfLocal,
} from '../offline-store/index.ts';
import { getWriting, serverSave, type Writing } from '../writings-data/index.ts';
import { markUnsaved } from './drafts.ts';
import { connection, runtime } from './store-state.ts';
import {
  baseOf,
  baseTextOf,
  landedRow,
  opened,
  readAt,
  savedAgainSince,
  sending,
  type WriteIds,
} from './tab-versions.ts';

/** The title and content of a writing, as a merge takes them. */
const textOf = ({ title, content }: { title: string; content: Json | null }): WritingText => ({
  title,
  content,
});

/** A copy fetched earlier is used for this long; later someone may have edited the writing meanwhile. */
export const COPY_FRESH_FOR_MS = 15_000;

/**
 * Whether a copy of a writing fetched at `fetchedAt` may still be shown: fresh, and not older than the
 * version the list knows of (a save finished after it was read).
 */
export function isCurrentCopy(writing: Writing, fetchedAt: number): boolean {
  const listed = runtime.state.items.find((item) => item.id === writing.id);
  return Date.now() - fetchedAt < COPY_FRESH_FOR_MS && !(listed && listed.updated_at > writing.updated_at);
}

/**
 * A writing with its content for the editor: the server's (kept on this device for reading offline), or
 * this device's copy when it has unsynced writes or the server cannot be reached. A local draft wins
 * over both, so an unsaved edit is never replaced by an older copy.
 */
export async function loadWriting(id: string): Promise<Writing | null> {
  const { client, userId } = connection();
  // The server's copy (the one fetched beside the list, when it is still the newest the list knows of)
  // is asked for while this device's outbox is read: opening waits for one of the two, not both.
  // (A writing made here offline has no server copy under this id.)
  const copies = await runtime.listedCopies;
  const listed = copies.get(id);
  copies.delete(id);
  const early = id.startsWith(LOCAL_ID_PREFIX)
    ? null
    : listed && isCurrentCopy(listed.writing, listed.at)
      ? Promise.resolve(listed.writing)
      : getWriting({ client, id });
  early?.catch(() => {}); // answered below, unless this device's copy wins
  const database = (await runtime.offline)?.database;
  const [resolved, pending] = database
    ? await Promise.all([resolveId(database, id), pendingIds(database)])
    : [id, new Set<string>()];
  const queuedHere = pending.has(resolved) || id.startsWith(LOCAL_ID_PREFIX);
  // The server version the copy shown is built on (a device copy's is the one its edits were made from),
  // and its text when known.
  let version: string | null = null;
  let versionText: WritingText | undefined;
  // The device's copy (a whole document) is read only when it is the one shown.
  const deviceCopy = async () => {
    const local = database ? await localWriting(database, resolved) : undefined;
    version = local?.base ?? null;
    versionText = local?.baseText ?? (local && !queuedHere ? textOf(local) : undefined);
    return local?.content != null ? writingOfLocal(local) : null;
  };
  let writing = queuedHere ? await deviceCopy() : null;
  if (!writing) {
    try {
      writing = await (early && resolved === id ? early : getWriting({ client, id: resolved }));
      version = writing?.updated_at ?? null;
      versionText = writing ? textOf(writing) : undefined;
    } catch (error) {
      writing = isOfflineFailure(error) ? await deviceCopy() : null;
      if (!writing) throw error;
    }
    // Kept for reading offline; opening need not wait for it (a later read or write of the device's
    // copy is queued behind this write).
    if (writing && database) void rememberServerWritings(database, userId, [writing]).catch(() => {});
  }
  const draft = runtime.state.drafts[id];
  // Text typed here and not saved yet (a draft, or a keystroke while this was fetched) stays built on the
  // version it was typed over.
  const typedOver = draft !== undefined || runtime.state.unsaved.has(id);
  if (writing && (!typedOver || baseOf(id) === undefined)) readAt(id, version, versionText);
  const queued = writing && queuedHere && database ? await queuedText(database, [id, resolved]) : undefined;
  if (writing && !typedOver)
    opened(id, queued && { content: writing.content, writeId: queued.payload.writeId });
  // Its text waits to sync (after a reload too, refused for the plan's limit, say): not Saved until then.
  if (queued) markUnsaved(id);
  if (!writing || !draft) return writing;
  return { ...writing, title: draft.title, preview: draft.preview, content: draft.content };
}

type EditRequest = { id: string; title: string; content: Json };

/** How often a save is sent again when other tabs' saves keep taking its place in the outbox. */
const RESEND_ATTEMPTS = 5;

/**
 * Saves an edit of a writing, the editor's or one made outside it (a rename from the list). It is kept on
 * this device first (so it survives a closed tab or a lost connection), then synced. Answers the server's
 * copy; throws the reason when it is not on the server yet (it stays queued and syncs later). Without an
 * offline store it goes to the server directly, and so does it when the device has no room left for it
 * ({@link saveAroundFullDevice}).
 */
export async function saveWritingEdit(
  request: EditRequest,
  {
    carriedOn = true,
  }: {
    /**
     * This tab's later saves of the writing are built on this text: the editor's own (its document goes
     * on), and one made outside the editor whose text is put in the tab's drafts first (`applyLocalEdit`),
     * which the editor lays over the writing when it opens it. False for a text the editor does not hold.
     */
    carriedOn?: boolean;
  } = {},
): Promise<Writing> {
  const store = await runtime.offline;
  if (!store) return serverSave(connection().client)(request);
  const { database } = store;
  const text = sending(request.id, request.content);
  for (let attempt = 1; ; attempt += 1) {
    let outcome: Awaited<ReturnType<OfflineStore['queue']>>;
    try {
      outcome = await queueEdit(store, request, text);
    } catch (error) {
      if (toDataError(error).code !== 'storage-full') throw error;
      return saveAroundFullDevice(store, request, error);
    }
    // The sync (run here, or in another tab and told here) put this very text on the server. Another
    // tab's save may have been queued since, even into the same outbox entry, so neither the outbox nor
    // the device's copy is a test of it.
    const arrived = landedRow(request.id, request.content);
    if (arrived) return arrived;
    const { synced, failure } = outcome;
    if (!synced) throw failure?.cause ?? failure ?? new Error(messages.save.failed);
    const saved = await localWriting(database, await resolveId(database, request.id));
    if (!saved) throw new Error(messages.save.failed);
    // A save queued after this one took its place in the outbox and went instead. A newer save of this
    // tab is built on this text (the editor's, after keys typed on the writing's copy were saved: see
    // `carriedOn`): it carries it on, and this one is not sent again over it (it was, and the server lost
    // the newer words while the tab said Saved). Another tab's save: this text goes again, checked
    // against its own version (both are kept if they differ). Again each time that happens (the other
    // tab may save more than once meanwhile); never reported as saved while the server has another text:
    // after the last try it fails, and stays unsaved.
    if (!sameJson(saved.content, request.content)) {
      if (carriedOn && savedAgainSince(request.id, text.writeId)) return writingOfLocal(saved);
      if (attempt < RESEND_ATTEMPTS) continue;
      throw new Error(messages.save.failed);
    }
    readAt(request.id, saved.base, saved.baseText ?? textOf(saved));
    return writingOfLocal(saved);
  }
}

/** Keeps the edit on this device (the local copy and its outbox entry) and tries to sync it. */
async function queueEdit(store: OfflineStore, { id, title, content }: EditRequest, text: WriteIds) {
  const { userId } = connection();
  const kept = await localWriting(store.database, await resolveId(store.database, id));
  const item = runtime.state.items.find((row) => row.id === id);
  const now = new Date().toISOString();
  // The version this tab's text is built on, not the device copy's (another tab may have saved since),
  // and its text, for a merge if the server has another version by the time this edit syncs.
  const base = baseOf(id);
  const baseText = base !== undefined ? baseTextOf(id) : kept?.baseText;
  return store.queue({
    op: 'update',
    id,
    payload: { title, content, ...text },
    writing: {
      user_id: kept?.user_id ?? userId,
      id,
      title,
      preview: runtime.state.drafts[id]?.preview ?? item?.preview ?? kept?.preview ?? '',
      content,
      category: item?.category ?? kept?.category ?? null,
      category_id: item?.category_id ?? kept?.category_id ?? null,
      created_at: item?.created_at ?? kept?.created_at ?? now,
      updated_at: now,
      base: base !== undefined ? base : (kept?.base ?? item?.updated_at ?? null),
      ...(baseText ? { baseText } : {}),
    },
  });
}

/**
 * An edit this device has no room to keep goes to the server directly, once nothing of the writing waits
 * in the outbox before it (an older edit synced after it would undo it). Otherwise, and offline, it fails
 * with `full`, the reason the writer is told; the editor keeps the text meanwhile (its exit draft).
 */
async function saveAroundFullDevice(
  store: OfflineStore,
  request: EditRequest,
  full: unknown,
): Promise<Writing> {
  await store.flush().catch(() => {});
  const id = await resolveId(store.database, request.id);
  if (id.startsWith(LOCAL_ID_PREFIX) || (await pendingIds(store.database)).has(id)) throw full;
  try {
    const saved = await serverSave(connection().client)({ ...request, id });
    readAt(request.id, saved.updated_at, textOf(saved));
    return saved;
  } catch (error) {
    throw isOfflineFailure(error) ? full : error;
  }
}
