// The device's store of one area and user (IndexedDB, version 1): the items kept for offline use (one
// object store named by the area), the outbox of queued writes, the id map (local id -> server id) and a
// meta store. Generic over the item; each area keeps its own database (`writings-offline:<user>`, ...).
import { type IDBPDatabase, type IDBPTransaction, openDB } from 'idb';

/** Ids of items made on this device that the server has not seen yet may begin with this. */
export const LOCAL_ID_PREFIX = 'local_';

/** The server id an item will have: a local id's uuid is reused, so a replayed create finds its row. */
export function serverIdOf(id: string): string {
  return id.startsWith(LOCAL_ID_PREFIX) ? id.slice(LOCAL_ID_PREFIX.length) : id;
}

/** A new local id (`local_<uuid>`). */
export function newLocalId(): string {
  return `${LOCAL_ID_PREFIX}${crypto.randomUUID()}`;
}

/** What an outbox entry asks the server to do. */
export type OutboxOp = 'create' | 'update' | 'delete';

/** One queued write, synced in `seq` order. */
export type OutboxEntry<Payload = Record<string, unknown>> = {
  readonly seq: number;
  readonly op: OutboxOp;
  /** The item's id as it was when queued (a `local_` id is resolved through the id map). */
  readonly id: string;
  readonly payload: Payload;
  /** When it was queued (ms since the epoch). */
  readonly ts: number;
  /**
   * Bumped each time a later edit is folded into this entry, so a sync that sent an older payload leaves
   * the entry for the next round instead of dropping the newer edit.
   */
  readonly rev: number;
  /**
   * Set on a create as the sync starts sending it. Until then an update folds into the create, which
   * sends the item as it is by then; after, an update is queued on its own, since a create on its way (or
   * replayed after its answer was lost, which finds the row it made) would not carry it.
   */
  readonly sent?: boolean;
  /**
   * Set on an update queued apart from the item's queued writes, none of which it was typed on from
   * ({@link FoldPayload}): the version it was made from, which it is sent from. The item's other writes
   * go from its copy's `base` ({@link KeptItem}).
   */
  readonly base?: string | null;
};

/**
 * An item as the device keeps it. `base` is the server's `updated_at` of the version the local copy was
 * made from (`null` for an item the server has never had): an update is sent only if the server still
 * has that version, so a newer edit made elsewhere is never overwritten silently.
 */
export type KeptItem = { readonly id: string; readonly base: string | null };

/**
 * An area's offline database. Its object stores are named at run time (the area's item store), so it is
 * typed loosely here; each area narrows it with its own schema.
 */
// biome-ignore lint/suspicious/noExplicitAny: the item store's name and type are the area's
export type OfflineDatabase = IDBPDatabase<any>;

/** Opens (creating on first use) an area's offline database with its item store, outbox, id map and meta. */
export function openOfflineDatabase(name: string, itemStore: string): Promise<OfflineDatabase> {
  return openDB(name, 1, {
    upgrade(database) {
      database.createObjectStore(itemStore, { keyPath: 'id' });
      const outbox = database.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
      outbox.createIndex('id', 'id');
      database.createObjectStore('idMap');
      database.createObjectStore('meta');
    },
  });
}

/** The queued entries, oldest first. */
export function outboxEntries<Payload>(database: OfflineDatabase): Promise<OutboxEntry<Payload>[]> {
  return database.getAll('outbox');
}

/** How many writes wait to be synced. */
export function pendingCount(database: OfflineDatabase): Promise<number> {
  return database.count('outbox');
}

/** A transaction of an area's offline database over at least its outbox and id map. */
// biome-ignore lint/suspicious/noExplicitAny: typed loosely, as OfflineDatabase
export type OfflineTransaction = IDBPTransaction<any, any, IDBTransactionMode>;

/**
 * The ids of items with writes waiting to be synced, read in `transaction` (over 'outbox' and 'idMap'):
 * each as queued and, for an item made on this device whose create has synced since, its server id too.
 * Its later writes stay queued under the local id, while its copy (and the list, and the editor) know it
 * by the server id.
 */
export async function queuedIdsIn(transaction: OfflineTransaction): Promise<Set<string>> {
  // Keys of the index only: the entries' payloads (whole documents) are never read for this.
  const ids = new Set<string>();
  let cursor = await transaction.objectStore('outbox').index('id').openKeyCursor();
  while (cursor) {
    ids.add(cursor.key as string);
    cursor = await cursor.continue();
  }
  const idMap = transaction.objectStore('idMap');
  for (const id of [...ids]) {
    const mapped = id.startsWith(LOCAL_ID_PREFIX) ? ((await idMap.get(id)) as string | undefined) : undefined;
    if (mapped) ids.add(mapped);
  }
  return ids;
}

/** The ids of items with writes waiting to be synced ({@link queuedIdsIn}). */
export function pendingIds(database: OfflineDatabase): Promise<Set<string>> {
  return queuedIdsIn(database.transaction(['outbox', 'idMap']));
}

/** The server id a queued id stands for: mapped once its create has synced, else itself. */
export async function resolveId(database: OfflineDatabase, id: string): Promise<string> {
  return (await database.get('idMap', id)) ?? id;
}

/**
 * Marks the creates queued as `seqs` sent (`sent`) and answers them as they are at that moment, with
 * every edit folded into them so far; those no longer queued are left out. The sync sends what this
 * answers.
 */
export async function claimCreates<Payload>(
  database: OfflineDatabase,
  seqs: readonly number[],
): Promise<OutboxEntry<Payload>[]> {
  const transaction = database.transaction('outbox', 'readwrite');
  const claimed: OutboxEntry<Payload>[] = [];
  for (const seq of seqs) {
    const entry = (await transaction.store.get(seq)) as OutboxEntry<Payload> | undefined;
    if (!entry) continue;
    if (!entry.sent) await transaction.store.put({ ...entry, sent: true });
    claimed.push({ ...entry, sent: true });
  }
  await transaction.done;
  return claimed;
}

/**
 * The base of an item's queued write once another write is folded into it (`kept`: the queued one's;
 * `folded`: the one made from the version the new write's text was built on). The older of the two: a
 * tab's later edit goes on from a version no older than its first one, so the first unsynced edit fixes
 * it; but the browser's tabs share the outbox, and a tab whose text was built on an older version (it
 * was offline while another tab saved) must not be sent as if made from the newer one, or it would
 * overwrite the other tab's words without a conflict. `null` (never on the server) keeps `kept`.
 */
function foldedBase(kept: string | null, folded: string | null): string | null {
  return kept !== null && folded !== null && folded < kept ? folded : kept;
}

/**
 * How a write's payload folds into one of the item's queued writes: the payload that entry then holds,
 * or `null` where the write does not go on from it (another tab's edit, typed over an older text): then
 * it is queued apart, with its own base, so the sync merges the two rather than one replacing the other.
 */
export type FoldPayload<Payload> = (queued: Payload, next: Payload) => Payload | null;

/** Whether a later update of the item may fold into `entry`: an update, or a create not sent yet. */
const takesUpdates = (entry: OutboxEntry<unknown>) =>
  entry.op === 'update' || (entry.op === 'create' && !entry.sent);

/**
 * The entry an update folds into, with the payload it then holds: the latest of the item's queued
 * updates, and its create while that is not sent yet ({@link claimCreates}), that `fold` takes it into.
 */
function foldTarget<Payload>(
  queued: readonly OutboxEntry<Payload>[],
  payload: Payload,
  fold: FoldPayload<Payload>,
): { entry: OutboxEntry<Payload>; payload: Payload } | null {
  for (const entry of queued.filter(takesUpdates).reverse()) {
    const folded = fold(entry.payload, payload);
    if (folded !== null) return { entry, payload: folded };
  }
  return null;
}

/**
 * Queues a write and keeps the item's local copy in one transaction: a write is either queued with its
 * copy or not at all. An update folds into the item's queued update, or into its create while that is
 * not sent yet ({@link claimCreates}), so the outbox holds one write per item, and the copy's base stays
 * the oldest version an unsynced edit was made from ({@link foldedBase}); one the area's `fold` keeps
 * apart is queued with its own base. A delete drops the item's queued updates (the delete follows its
 * create, if that is still queued).
 * Answers the key (`seq`) of the entry that holds the write: it has synced once that entry is gone.
 */
export async function enqueueWrite<Payload extends object>(
  database: OfflineDatabase,
  itemStore: string,
  {
    op,
    id: queuedId,
    payload = {} as Payload,
    item,
    now = Date.now(),
    fold = (queued, next) => ({ ...queued, ...next }),
  }: {
    op: OutboxOp;
    id: string;
    payload?: Payload;
    /** The item's local copy after this write (`undefined` for a delete). */
    item?: KeptItem;
    now?: number;
    /** How the payload folds into the item's queued one (by default its fields over the queued one's). */
    fold?: FoldPayload<Payload>;
  },
): Promise<number> {
  const transaction = database.transaction([itemStore, 'outbox', 'idMap'], 'readwrite');
  const items = transaction.objectStore(itemStore);
  const outbox = transaction.objectStore('outbox');
  // An item made offline may have synced meanwhile (in another tab): its writes go to its server id.
  const id = ((await transaction.objectStore('idMap').get(queuedId)) as string | undefined) ?? queuedId;
  const queued = (await outbox.index('id').getAll(id)) as OutboxEntry<Payload>[];
  const target = op === 'update' ? foldTarget(queued, payload, fold) : null;
  // An update none of the item's queued writes takes goes from the version it was made from.
  const apart = op === 'update' && !target && queued.some(takesUpdates);
  let seq: number;
  if (target) {
    seq = target.entry.seq;
    await outbox.put({ ...target.entry, payload: target.payload, ts: now, rev: target.entry.rev + 1 });
  } else {
    if (op === 'delete') {
      for (const entry of queued) if (entry.op === 'update') await outbox.delete(entry.seq);
    }
    // The key path fills in `seq`.
    const entry = { op, id, payload, ts: now, rev: 0, ...(apart ? { base: item?.base ?? null } : {}) };
    seq = (await outbox.add(entry)) as number;
  }
  if (op === 'delete') await items.delete(id);
  else if (item) {
    // A write queued under another id (made offline and synced, or kept as a copy) is made from the
    // version this device keeps under the new one.
    const kept =
      queued.length > 0 || id !== queuedId ? ((await items.get(id)) as KeptItem | undefined) : undefined;
    const base = kept && (id === queuedId && !apart ? foldedBase(kept.base, item.base) : kept.base);
    await items.put({ ...item, id, ...(kept ? { base } : {}) });
  }
  await transaction.done;
  return seq;
}
