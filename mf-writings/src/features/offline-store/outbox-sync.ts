import type { Json, WorkspaceClient } from 'shared-kernel';
import { WRITING_COLUMNS, type Writing, writingOf } from '../writings-data/index.ts';
import {
  type LocalDatabase,
  type LocalWriting,
  type OutboxEntry,
  outboxEntries,
  resolveId,
  serverIdOf,
} from './local-database.ts';

/** What a sync did, for the store and the other tabs to follow. Ids are as queued (maybe `local_`). */
export type SyncEvent =
  /** A writing made offline is on the server now, under `writing.id`. */
  | { readonly type: 'created'; readonly id: string; readonly writing: Writing }
  /** An edit is on the server. */
  | { readonly type: 'saved'; readonly id: string; readonly writing: Writing }
  | { readonly type: 'deleted'; readonly id: string }
  /**
   * The writing was changed elsewhere since the version the local edit was made from. The local edit is
   * kept in the writing; the other version was saved as `copy`.
   */
  | { readonly type: 'conflict'; readonly id: string; readonly writing: Writing; readonly copy: Writing }
  /**
   * The edit could not go into the writing (deleted elsewhere, or no longer writable): it was kept as
   * `copy` in the user's own writings. `writing` is the server's copy, if the user can still read it.
   */
  | {
      readonly type: 'copied';
      readonly id: string;
      readonly writing: Writing | null;
      readonly copy: Writing;
    };

/** Appended to the title of the version a conflict moves aside. */
export const CONFLICT_COPY_SUFFIX = ' (conflicted copy)';

/** Why an entry could not be synced. `network`: the server was not reached (offline, connection cut). */
export class SyncFailure extends Error {
  constructor(
    readonly network: boolean,
    cause: unknown,
  ) {
    super(network ? 'The server could not be reached' : 'The server refused the write', { cause });
  }
}

/** A supabase-js answer: `status` 0 means the request never got an answer. */
type Answer<T> = { data: T | null; error: { code?: string; message: string } | null; status: number };

/**
 * What a log or a rejection carries: an Error with a message, whatever failed. supabase-js answers a
 * request that failed with a plain `{ message, code }` object, which a console shows as "Object".
 */
export function asError(value: unknown): Error {
  if (value instanceof Error) return value;
  const message = (value as { message?: unknown } | null)?.message;
  return new Error(typeof message === 'string' && message ? message : String(value), { cause: value });
}

/** A retry that failed as a whole (the device's store, the tab lock): the next trigger tries again. */
function logRetryFailure(error: unknown): void {
  console.warn('Sync failed; it will be retried', asError(error));
}

function check<T>({ data, error, status }: Answer<T>): T {
  if (status === 0) throw new SyncFailure(true, error);
  if (error) throw new SyncFailure(false, error);
  return data as T;
}

/** Deep equality of JSON values, ignoring key order (jsonb reorders keys). */
export function sameJson(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) return false;
  if (Array.isArray(left) !== Array.isArray(right)) return false;
  const leftKeys = Object.keys(left);
  const rightKeys = Object.keys(right);
  if (leftKeys.length !== rightKeys.length) return false;
  return leftKeys.every((key) =>
    sameJson((left as Record<string, unknown>)[key], (right as Record<string, unknown>)[key]),
  );
}

/** Back-off after a failed round: 1 s doubling, capped. */
export const RETRY_BASE_MS = 1_000;
export const RETRY_MAX_MS = 60_000;

export interface OutboxSyncOptions {
  database: LocalDatabase;
  client: WorkspaceClient;
  userId: string;
  /** Told of every synced entry, in order. */
  onEvent(event: SyncEvent): void;
  /** Told once per round that failed; the round is retried after `delayMs`. */
  onRetry?(failure: SyncFailure, delayMs: number): void;
  /**
   * Runs a round with the outbox to itself. In the browser a Web Lock shared by the user's tabs, so
   * one tab flushes at a time; `run` goes ahead directly where Web Locks do not exist.
   */
  exclusive?<T>(run: () => Promise<T>): Promise<T>;
  setTimer?(run: () => void, ms: number): unknown;
  clearTimer?(timer: unknown): void;
}

function webLock(name: string) {
  return <T>(run: () => Promise<T>): Promise<T> =>
    globalThis.navigator?.locks ? (globalThis.navigator.locks.request(name, run) as Promise<T>) : run();
}

/**
 * Syncs the outbox in order. Create: insert under the local id's uuid (a replay finds the row), map the
 * local id, replace the local copy. Update: resolve the id, send title and content only if the server
 * still has the version the edit was made from; otherwise keep both versions. Delete: remove. A step
 * that fails is retried with back-off; later entries of the same writing wait for it, others go on; a
 * network failure ends the round (everything after it would fail the same way).
 */
export function createOutboxSync({
  database,
  client,
  userId,
  onEvent,
  onRetry = () => {},
  exclusive = webLock(`writings-outbox:${userId}`),
  setTimer = (run, ms) => setTimeout(run, ms),
  clearTimer = (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
}: OutboxSyncOptions) {
  let attempts = 0;
  let retryTimer: unknown;
  let running: Promise<void> | null = null;
  let another: Promise<void> | null = null;
  let disposed = false;

  async function insertWriting(row: {
    id: string;
    title: string;
    content: Json | null;
    category_id: string | null;
  }): Promise<Writing> {
    return writingOf(
      check(
        await client
          .from('writings')
          .insert({ ...row, user_id: userId })
          .select(WRITING_COLUMNS)
          .single(),
      ),
    );
  }

  async function readWriting(id: string): Promise<Writing | null> {
    const row = check(await client.from('writings').select(WRITING_COLUMNS).eq('id', id).maybeSingle());
    return row ? writingOf(row) : null;
  }

  /** Keeps the server's answer as the local copy's base, and drops the entry unless an edit was folded in since. */
  async function settle(entry: OutboxEntry, writing: Writing, local?: LocalWriting): Promise<void> {
    const transaction = database.transaction(['writings', 'outbox', 'idMap'], 'readwrite');
    const outbox = transaction.objectStore('outbox');
    const writings = transaction.objectStore('writings');
    // An edit folded in meanwhile keeps the entry: it goes in the next round, from this new base.
    if ((await outbox.get(entry.seq))?.rev === entry.rev) await outbox.delete(entry.seq);
    if (entry.id !== writing.id) {
      await transaction.objectStore('idMap').put(writing.id, entry.id);
      await writings.delete(entry.id);
    }
    const kept = (await writings.get(entry.id)) ?? (await writings.get(writing.id)) ?? local;
    await writings.put({
      user_id: userId,
      ...writing,
      // The local copy may hold edits newer than this entry (queued after it): they stay.
      ...(kept ? { title: kept.title, preview: kept.preview, content: kept.content } : {}),
      id: writing.id,
      base: writing.updated_at,
    });
    await transaction.done;
  }

  async function dropEntry(entry: OutboxEntry, id: string, writing: Writing | null): Promise<void> {
    const transaction = database.transaction(['writings', 'outbox'], 'readwrite');
    await transaction.objectStore('outbox').delete(entry.seq);
    const writings = transaction.objectStore('writings');
    if (writing) await writings.put({ user_id: userId, ...writing, base: writing.updated_at });
    else await writings.delete(id);
    await transaction.done;
  }

  async function create(entry: OutboxEntry): Promise<void> {
    const id = serverIdOf(entry.id);
    const local = await database.get('writings', entry.id);
    let writing: Writing | null;
    try {
      writing = await insertWriting({
        id,
        title: entry.payload.title ?? local?.title ?? '',
        content: entry.payload.content ?? local?.content ?? null,
        category_id: entry.payload.category_id ?? null,
      });
    } catch (failure) {
      // The row is there already: an earlier try got through but its answer was lost.
      const duplicate =
        failure instanceof SyncFailure && (failure.cause as { code?: string })?.code === '23505';
      if (!duplicate) throw failure;
      writing = await readWriting(id);
      if (!writing) throw failure;
    }
    await settle(entry, writing, local);
    onEvent({ type: 'created', id: entry.id, writing });
  }

  async function update(entry: OutboxEntry, id: string): Promise<void> {
    const local = await database.get('writings', id);
    const base = local?.base ?? null;
    const { title, content } = entry.payload;
    const changes = {
      ...(title === undefined ? {} : { title }),
      ...(content === undefined ? {} : { content }),
    };
    const sendTo = async (version: string | null) => {
      const query = client.from('writings').update(changes).eq('id', id);
      const rows = check(
        await (version === null ? query : query.eq('updated_at', version)).select(WRITING_COLUMNS),
      );
      return rows[0] ? writingOf(rows[0]) : null;
    };
    const saved = await sendTo(base);
    if (saved) {
      await settle(entry, saved, local);
      onEvent({ type: 'saved', id: entry.id, writing: saved });
      return;
    }
    // Nothing matched: changed elsewhere, deleted, or not writable any more.
    const current = await readWriting(id);
    const own = { title: title ?? local?.title ?? '', content: content ?? local?.content ?? null };
    if (
      current &&
      (current.title === own.title || title === undefined) &&
      sameJson(current.content, own.content)
    ) {
      // Our own earlier try got through and only its answer was lost.
      await settle(entry, current, local);
      onEvent({ type: 'saved', id: entry.id, writing: current });
      return;
    }
    if (current && current.updated_at !== base) {
      const copy = await insertWriting({
        id: crypto.randomUUID(),
        title: `${current.title}${CONFLICT_COPY_SUFFIX}`,
        content: current.content,
        category_id: current.category_id,
      });
      const writing = await sendTo(current.updated_at);
      // Changed once more meanwhile: the next round starts over from the newest version.
      if (!writing) throw new SyncFailure(false, new Error('The writing changed again while syncing'));
      await settle(entry, writing, local);
      onEvent({ type: 'conflict', id: entry.id, writing, copy });
      return;
    }
    // Deleted elsewhere or read-only now: the edit is kept as a writing of the user's own.
    const copy = await insertWriting({
      id: crypto.randomUUID(),
      title: current ? `${own.title}${CONFLICT_COPY_SUFFIX}` : own.title,
      content: own.content,
      category_id: null,
    });
    await dropEntry(entry, id, current);
    onEvent({ type: 'copied', id: entry.id, writing: current, copy });
  }

  async function remove(entry: OutboxEntry, id: string): Promise<void> {
    check(await client.from('writings').delete().eq('id', id));
    await dropEntry(entry, id, null);
    onEvent({ type: 'deleted', id: entry.id });
  }

  /**
   * One pass over the outbox. Answers whether to go again: everything went through, yet entries are
   * queued (written during the pass, or with edits folded in while on their way).
   */
  async function round(): Promise<boolean> {
    const blocked = new Set<string>();
    let failed: SyncFailure | null = null;
    for (const entry of await outboxEntries(database)) {
      const id = await resolveId(database, entry.id);
      if (blocked.has(serverIdOf(id))) continue;
      try {
        if (entry.op === 'create') await create(entry);
        else if (entry.op === 'update') await update(entry, id);
        else await remove(entry, id);
      } catch (error) {
        failed = error instanceof SyncFailure ? error : new SyncFailure(false, error);
        console.warn(`Sync of writing ${entry.id} (${entry.op}) failed; it will be retried`, failed);
        if (failed.network) break;
        blocked.add(serverIdOf(id));
      }
    }
    if (failed) {
      const delayMs = Math.min(RETRY_BASE_MS * 2 ** attempts, RETRY_MAX_MS);
      attempts += 1;
      clearTimer(retryTimer);
      if (!disposed) retryTimer = setTimer(() => void sync.flush().catch(logRetryFailure), delayMs);
      onRetry(failed, delayMs);
      return false;
    }
    attempts = 0;
    return (await database.count('outbox')) > 0;
  }

  const sync = {
    /**
     * Syncs everything queued. A call while a round runs waits for it and one more round (which covers
     * every entry queued before the call); calls made meanwhile share that round.
     */
    flush(): Promise<void> {
      if (disposed) return Promise.resolve();
      if (running) {
        another ??= running.then(() => {
          another = null;
          return sync.flush();
        });
        return another;
      }
      clearTimer(retryTimer);
      running = exclusive(async () => {
        while (!disposed && (await round())) {}
      }).finally(() => {
        running = null;
      });
      return running;
    },

    /** Stops retrying (sign-out, tests). */
    dispose(): void {
      disposed = true;
      clearTimer(retryTimer);
    },
  };
  return sync;
}

/** The outbox sync of one user. */
export type OutboxSync = ReturnType<typeof createOutboxSync>;
