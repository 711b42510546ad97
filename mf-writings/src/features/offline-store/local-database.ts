import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { Json } from 'shared-kernel';
import type { Writing, WritingSummary } from '../writings-data/index.ts';

/** Ids of writings made on this device that the server has not seen yet begin with this. */
export const LOCAL_ID_PREFIX = 'local_';

/** The server id a writing will have: a local id's uuid is reused, so a replayed create finds its row. */
export function serverIdOf(id: string): string {
  return id.startsWith(LOCAL_ID_PREFIX) ? id.slice(LOCAL_ID_PREFIX.length) : id;
}

/** A new local id (`local_<uuid>`). */
export function newLocalId(): string {
  return `${LOCAL_ID_PREFIX}${crypto.randomUUID()}`;
}

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
};

/** What an outbox entry asks the server to do. */
export type OutboxOp = 'create' | 'update' | 'delete';

/** The fields a create or an update sends. */
export type OutboxPayload = {
  readonly title?: string;
  readonly content?: Json;
  readonly category?: string | null;
  readonly category_id?: string | null;
};

/** One queued write, synced in `seq` order. */
export type OutboxEntry = {
  readonly seq: number;
  readonly op: OutboxOp;
  /** The writing's id as it was when queued (a `local_` id is resolved through the id map). */
  readonly id: string;
  readonly payload: OutboxPayload;
  /** When it was queued (ms since the epoch). */
  readonly ts: number;
  /**
   * Bumped each time a later edit is folded into this entry, so a sync that sent an older payload leaves
   * the entry for the next round instead of dropping the newer edit.
   */
  readonly rev: number;
};

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
  return openDB<OfflineSchema>(localDatabaseName(userId), 1, {
    upgrade(database) {
      database.createObjectStore('writings', { keyPath: 'id' });
      const outbox = database.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
      outbox.createIndex('id', 'id');
      database.createObjectStore('idMap');
      database.createObjectStore('meta');
    },
  });
}

/** The queued entries, oldest first. */
export function outboxEntries(database: LocalDatabase): Promise<OutboxEntry[]> {
  return database.getAll('outbox');
}

/** How many writes wait to be synced. */
export function pendingCount(database: LocalDatabase): Promise<number> {
  return database.count('outbox');
}

/** The ids (as queued) of writings with writes waiting to be synced. */
export async function pendingIds(database: LocalDatabase): Promise<Set<string>> {
  // Keys of the index only: the entries' payloads (whole documents) are never read for this.
  const ids = new Set<string>();
  let cursor = await database.transaction('outbox').store.index('id').openKeyCursor();
  while (cursor) {
    ids.add(cursor.key);
    cursor = await cursor.continue();
  }
  return ids;
}

/** The server id a queued id stands for: mapped once its create has synced, else itself. */
export async function resolveId(database: LocalDatabase, id: string): Promise<string> {
  return (await database.get('idMap', id)) ?? id;
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
 * edits; a list summary only fills in writings not kept yet, or whose content was never loaded.
 */
export async function rememberServerWritings(
  database: LocalDatabase,
  userId: string,
  rows: readonly (Writing | WritingSummary)[],
): Promise<void> {
  const transaction = database.transaction(['writings', 'outbox'], 'readwrite');
  const writings = transaction.objectStore('writings');
  const queued = transaction.objectStore('outbox').index('id');
  await Promise.all(
    rows.map(async (row) => {
      if ((await queued.count(row.id)) > 0) return;
      const loaded = 'content' in row;
      const kept = await writings.get(row.id);
      if (!loaded && kept?.content != null) return;
      await writings.put({
        user_id: kept?.user_id ?? userId,
        ...row,
        content: loaded ? row.content : null,
        base: row.updated_at,
      });
    }),
  );
  await transaction.done;
}

/**
 * Queues a write and keeps the writing's local copy in one transaction: a write is either queued with
 * its copy or not at all. An update folds into the writing's queued update, if any, so the outbox holds
 * one update per writing, and the copy's base stays the version the first unsynced edit was made from.
 * A delete drops the writing's queued updates (the delete follows its create, if that is still queued).
 */
export async function enqueue(
  database: LocalDatabase,
  {
    op,
    id: queuedId,
    payload = {},
    writing,
    now = Date.now(),
  }: {
    op: OutboxOp;
    id: string;
    payload?: OutboxPayload;
    /** The writing's local copy after this write (`undefined` for a delete). */
    writing?: LocalWriting;
    now?: number;
  },
): Promise<void> {
  const transaction = database.transaction(['writings', 'outbox', 'idMap'], 'readwrite');
  const writings = transaction.objectStore('writings');
  const outbox = transaction.objectStore('outbox');
  // A writing made offline may have synced meanwhile (in another tab): its writes go to its server id.
  const id = (await transaction.objectStore('idMap').get(queuedId)) ?? queuedId;
  const queued = await outbox.index('id').getAll(id);
  const queuedUpdate = queued.find((entry) => entry.op === 'update');
  if (op === 'update' && queuedUpdate) {
    await outbox.put({
      ...queuedUpdate,
      payload: { ...queuedUpdate.payload, ...payload },
      ts: now,
      rev: queuedUpdate.rev + 1,
    });
  } else {
    if (op === 'delete') {
      for (const entry of queued) if (entry.op === 'update') await outbox.delete(entry.seq);
    }
    // The key path fills in `seq`.
    await outbox.add({ op, id, payload, ts: now, rev: 0 } as OutboxEntry);
  }
  if (op === 'delete') await writings.delete(id);
  else if (writing) {
    // The first unsynced edit fixes the base; later ones keep it.
    const kept = queued.length > 0 ? await writings.get(id) : undefined;
    await writings.put({ ...writing, id, ...(kept ? { base: kept.base } : {}) });
  }
  await transaction.done;
}
