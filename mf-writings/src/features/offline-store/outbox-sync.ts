import type { WorkspaceClient } from 'shared-kernel';
import { type LocalDatabase, outboxEntries, resolveId, serverIdOf } from './local-database.ts';
import {
  type SyncContext,
  type SyncEvent,
  SyncFailure,
  syncCreate,
  syncRemove,
  syncUpdate,
} from './sync-steps.ts';

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
  const context: SyncContext = { database, client, userId, onEvent };

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
        if (entry.op === 'create') await syncCreate(context, entry);
        else if (entry.op === 'update') await syncUpdate(context, entry, id);
        else await syncRemove(context, entry, id);
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
