// The writings' side of the device's store: the kernel's offline database (outbox, id map, meta) with
// a `writings` item store, and what only writings need (their local copies, list reads, remembering).
import type { DBSchema, IDBPDatabase } from 'idb';
import type { WritingText } from 'shared-kernel';
import {
  enqueueWrite,
  type Json,
  type OutboxEntry as KernelOutboxEntry,
  type OutboxOp,
  openOfflineDatabase,
  outboxEntries as queuedEntries,
  queuedIdsIn,
} from 'shared-kernel';
import type { Folder, Writing, WritingSummary } from '../writings-data/index.ts';

export { LOCAL_ID_PREFIX, newLocalId, pendingCount, pendingIds, resolveId, serverIdOf } from 'shared-kernel';
export type { OutboxOp };

/** A writing as this device keeps it: the server's copy, or a newer local one waiting in the outbox. */
export type LocalWriting = WritingSummary & {
  readonly user_id: string;
  /** `null` when only the list's summary was seen (the content was never loaded here). */
  readonly content: Json | null;
  /**
   * The server's `updated_at` of the version the local content was made from (`null` for a writing the
   * server has never had). An update is sent only if the server still has that version, so a newer
   * edit made elsewhere is never overwritten silently.
   */
  readonly base: string | null;
  /**
   * The title and content of version `base`, as the tab that made the local edit knew them: an edit meets
   * a newer version by a three-way merge from it (sync-steps.ts). Absent when the local copy is that very
   * version (nothing waits to sync), or when it is not known (then the two versions are kept whole).
   */
  readonly baseText?: WritingText;
};

/** The fields a create or an update sends. */
export type OutboxPayload = {
  readonly title?: string;
  readonly content?: Json;
  readonly category?: string | null;
  readonly category_id?: string | null;
  /**
   * An edit's text: a fresh id per save, and the id of the text it was typed over (as the tab that made
   * it knew it). The sync tells by them whether an edit folded into an entry on its way to the server
   * goes on from the text sent (sync-steps.ts).
   */
  readonly writeId?: string;
  readonly continues?: string | null;
};

/** One queued write of a writing, synced in `seq` order. */
export type OutboxEntry = KernelOutboxEntry<OutboxPayload>;

interface OfflineSchema extends DBSchema {
  writings: { key: string; value: LocalWriting };
  outbox: { key: number; value: OutboxEntry; indexes: { id: string } };
  idMap: { key: string; value: string };
  meta: { key: string; value: unknown };
}

/** The local offline store of one user: writings, outbox, id map and meta (database version 1). */
export type LocalDatabase = IDBPDatabase<OfflineSchema>;

/** The database's name: one per user, so two people on one browser never see each other's writings. */
export function localDatabaseName(userId: string): string {
  return `writings-offline:${userId}`;
}

/** Opens (creating on first use) the user's local offline store. */
export function openLocalDatabase(userId: string): Promise<LocalDatabase> {
  return openOfflineDatabase(localDatabaseName(userId), 'writings') as Promise<LocalDatabase>;
}

/** The queued entries, oldest first. */
export function outboxEntries(database: LocalDatabase): Promise<OutboxEntry[]> {
  return queuedEntries<OutboxPayload>(database);
}

/** Whether an entry carries text of its writing (a create, or an edit), not a move alone. */
export const carriesText = (entry: OutboxEntry) =>
  entry.op === 'create' || entry.payload.title !== undefined || entry.payload.content !== undefined;

/** The last write carrying text of the writing under any of `ids`, when one waits in the outbox. */
export async function queuedText(
  database: LocalDatabase,
  ids: readonly string[],
): Promise<OutboxEntry | undefined> {
  let last: OutboxEntry | undefined;
  for (const id of new Set(ids)) {
    for (const entry of await database.getAllFromIndex('outbox', 'id', id)) {
      if (carriesText(entry) && (!last || entry.seq > last.seq)) last = entry;
    }
  }
  return last;
}

/** The local copy of a writing, if this device has one. */
export function localWriting(database: LocalDatabase, id: string): Promise<LocalWriting | undefined> {
  return database.get('writings', id);
}

/**
 * The writings of a list read while the server cannot be reached: the user's own (no folder) or a
 * folder's, newest change first, the first `offset + limit` of them (the caller keeps what it lacks).
 */
export async function listLocalWritings(
  database: LocalDatabase,
  {
    userId,
    folderId,
    offset,
    limit,
  }: { userId: string; folderId: string | null; offset: number; limit: number },
): Promise<LocalWriting[]> {
  const all = await database.getAll('writings');
  return all
    .filter((writing) => (folderId === null ? writing.user_id === userId : writing.category_id === folderId))
    .sort((left, right) =>
      left.updated_at < right.updated_at ? 1 : left.updated_at > right.updated_at ? -1 : 0,
    )
    .slice(0, offset + limit);
}

/**
 * Keeps what the server answered, for reading offline later. A writing with queued writes keeps its
 * local copy; a loaded writing (with content) replaces the cached one and becomes the base of later
 * edits, unless the device keeps a newer version already (another tab's); a list summary only fills in
 * writings not kept yet, or whose content was never loaded.
 */
export async function rememberServerWritings(
  database: LocalDatabase,
  userId: string,
  rows: readonly (Writing | WritingSummary)[],
): Promise<void> {
  const keptHere = keptByThisTab(database);
  const unkept = rows.filter((row) => {
    const known = keptHere.get(row.id);
    return !known?.content || ('content' in row && known.version !== row.updated_at);
  });
  if (unkept.length === 0) return;
  const transaction = database.transaction(['writings', 'outbox', 'idMap'], 'readwrite');
  const writings = transaction.objectStore('writings');
  // A writing made here whose create has synced has its later edits queued under its local id.
  const queued = await queuedIdsIn(transaction);
  const learned = new Map<string, KeptVersion>();
  await Promise.all(
    unkept.map(async (row) => {
      if (queued.has(row.id)) return;
      const loaded = 'content' in row;
      const kept = await writings.get(row.id);
      // What the device keeps stays when it is as good: the content of a writing the list only summarises,
      // and a newer version another tab kept meanwhile (an answer older than it, to a request made before
      // it, never takes its place).
      const newer = kept?.base != null && kept.base > row.updated_at;
      const keptContent = kept?.content != null;
      if (kept && (loaded ? keptContent && newer : keptContent || newer)) {
        learned.set(row.id, { version: kept.base, content: keptContent });
        return;
      }
      await writings.put({
        user_id: kept?.user_id ?? userId,
        ...row,
        content: loaded ? row.content : null,
        base: row.updated_at,
      });
      learned.set(row.id, { version: row.updated_at, content: loaded });
    }),
  );
  await transaction.done;
  for (const [id, version] of learned) keptHere.set(id, version);
}

/**
 * What this tab has kept of each writing: the server version, and whether with its content. A writing
 * listed or opened again is then not read back from the device only to be written again as it is: reading
 * a kept 100,000-word writing costs tens of milliseconds of the page's main thread, on every list refresh
 * and every opening. Only what this tab's own transactions kept (or found kept) is known here: whenever
 * the server answers a version of a writing this tab does not know it kept, the device's copy is read
 * again, and written unless it is newer (another tab kept it meanwhile).
 */
const keptByTab = new WeakMap<LocalDatabase, Map<string, KeptVersion>>();
type KeptVersion = { version: string | null; content: boolean };

function keptByThisTab(database: LocalDatabase): Map<string, KeptVersion> {
  const kept = keptByTab.get(database) ?? new Map<string, KeptVersion>();
  keptByTab.set(database, kept);
  return kept;
}

/**
 * Queues a write and keeps the writing's local copy in one transaction (the kernel's `enqueueWrite`: an
 * update folds into the writing's queued update; a delete drops its queued updates).
 */
export function enqueue(
  database: LocalDatabase,
  {
    writing,
    ...write
  }: {
    op: OutboxOp;
    id: string;
    payload?: OutboxPayload;
    /** The writing's local copy after this write (`undefined` for a delete). */
    writing?: LocalWriting;
    now?: number;
  },
): Promise<number> {
  return enqueueWrite(database, 'writings', { ...write, ...(writing ? { item: writing } : {}) });
}

/** Keeps the folder list last seen, for a reload without a connection. */
export async function keepFolders(database: LocalDatabase, folders: readonly Folder[]): Promise<void> {
  await database.put('meta', folders, 'folders');
}

/** The folder list last seen on this device, if any. */
export async function keptFolders(database: LocalDatabase): Promise<Folder[] | null> {
  return ((await database.get('meta', 'folders')) as Folder[] | undefined) ?? null;
}
