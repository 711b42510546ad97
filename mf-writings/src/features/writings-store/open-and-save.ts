// Opening a writing (server copy, device copy or draft, whichever is newest) and saving an edit through the device's outbox.
import { isOfflineFailure, type Json, messages, toDataError } from 'shared-kernel';
import {
  LOCAL_ID_PREFIX,
  localWriting,
  type OfflineStore,
  pendingIds,
  rememberServerWritings,
  resolveId,
  writingOfLocal,
} from '../offline-store/index.ts';
import { getWriting, serverSave, type Writing } from '../writings-data/index.ts';
import { connection, runtime } from './store-state.ts';

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
  // The device's copy (a whole document) is read only when it is the one shown.
  const deviceCopy = async () => {
    const local = database ? await localWriting(database, resolved) : undefined;
    return local?.content != null ? writingOfLocal(local) : null;
  };
  let writing = pending.has(resolved) || id.startsWith(LOCAL_ID_PREFIX) ? await deviceCopy() : null;
  if (!writing) {
    try {
      writing = await (early && resolved === id ? early : getWriting({ client, id: resolved }));
    } catch (error) {
      writing = isOfflineFailure(error) ? await deviceCopy() : null;
      if (!writing) throw error;
    }
    // Kept for reading offline; opening need not wait for it (a later read or write of the device's
    // copy is queued behind this write).
    if (writing && database) void rememberServerWritings(database, userId, [writing]).catch(() => {});
  }
  const draft = runtime.state.drafts[id];
  if (!writing || !draft) return writing;
  return { ...writing, title: draft.title, preview: draft.preview, content: draft.content };
}

/**
 * Saves an edit of the editor. It is kept on this device first (so it survives a closed tab or a lost
 * connection), then synced. Answers the server's copy; throws the reason when it is not on the server
 * yet (it stays queued and syncs later). Without an offline store it goes to the server directly, and so
 * does it when the device has no room left for it ({@link saveAroundFullDevice}).
 */
export async function saveWritingEdit({
  id,
  title,
  content,
}: {
  id: string;
  title: string;
  content: Json;
}): Promise<Writing> {
  const { client, userId } = connection();
  const store = await runtime.offline;
  if (!store) return serverSave(client)({ id, title, content });
  const { database } = store;
  const kept = await localWriting(database, await resolveId(database, id));
  const item = runtime.state.items.find((row) => row.id === id);
  const now = new Date().toISOString();
  const queued = store.queue({
    op: 'update',
    id,
    payload: { title, content },
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
      base: kept?.base ?? item?.updated_at ?? null,
    },
  });
  let outcome: Awaited<typeof queued>;
  try {
    outcome = await queued;
  } catch (error) {
    if (toDataError(error).code !== 'storage-full') throw error;
    return saveAroundFullDevice(store, { id, title, content }, error);
  }
  const { synced, failure } = outcome;
  const saved = await localWriting(database, await resolveId(database, id));
  if (!synced || !saved) throw failure?.cause ?? failure ?? new Error(messages.save.failed);
  return writingOfLocal(saved);
}

/**
 * An edit this device has no room to keep goes to the server directly, once nothing of the writing waits
 * in the outbox before it (an older edit synced after it would undo it). Otherwise, and offline, it fails
 * with `full`, the reason the writer is told; the editor keeps the text meanwhile (its exit draft).
 */
async function saveAroundFullDevice(
  store: OfflineStore,
  request: { id: string; title: string; content: Json },
  full: unknown,
): Promise<Writing> {
  await store.flush().catch(() => {});
  const id = await resolveId(store.database, request.id);
  if (id.startsWith(LOCAL_ID_PREFIX) || (await pendingIds(store.database)).has(id)) throw full;
  try {
    return await serverSave(connection().client)({ ...request, id });
  } catch (error) {
    throw isOfflineFailure(error) ? full : error;
  }
}
