import {
  type OfflineDatabase,
  type OutboxEntry,
  outboxEntries,
  resolveId,
  serverIdOf,
} from './local-database.ts';
import { asError, SyncFailure } from './sync-failure.ts';

/** A retry that failed as a whole (the device's store, the tab lock): the next trigger tries again. */
function logRetryFailure(error: unknown): void {
  console.warn('Sync failed; it will be retried', asError(error));
}

/** Back-off after a failed round: 1 s doubling, capped. */
export const RETRY_BASE_MS = 1_000;
export const RETRY_MAX_MS = 60_000;

/** The server side of each kind of outbox entry, for one area. `id` is the entry's resolved id. */
export interface OutboxSteps<Payload> {
  create(entry: OutboxEntry<Payload>): Promise<void>;
  update(entry: OutboxEntry<Payload>, id: string): Promise<void>;
  remove(entry: OutboxEntry<Payload>, id: string): Promise<void>;
}

export interface GenericOutboxSyncOptions<Payload> {
  database: OfflineDatabase;
  steps: OutboxSteps<Payload>;
  /** The Web Lock shared by the user's tabs, so one tab flushes at a time (`writings-outbox:<user>`). */
  lockName: string;
  /** What the entries are, for the log ('writing', 'idea'). */
  itemLabel: string;
  /** Told once per round that failed; the round is retried after `delayMs`. */
  onRetry?(failure: SyncFailure, delayMs: number): void;
  /**
   * Runs a round with the outbox to itself. By default the Web Lock `lockName`; `run` goes ahead
   * directly where Web Locks do not exist.
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
 * Syncs an outbox in order through the area's steps. A step that fails is retried with back-off; later
 * entries of the same item wait for it, others go on; a network failure ends the round (everything
 * after it would fail the same way).
 */
export function createGenericOutboxSync<Payload>({
  database,
  steps,
  lockName,
  itemLabel,
  onRetry = () => {},
  exclusive = webLock(lockName),
  setTimer = (run, ms) => setTimeout(run, ms),
  clearTimer = (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
}: GenericOutboxSyncOptions<Payload>) {
  let attempts = 0;
  let retryTimer: unknown;
  let running: Promise<void> | null = null;
  let another: Promise<void> | null = null;
  let disposed = false;

  /**
   * One pass over the outbox. Answers whether to go again: everything went through, yet entries are
   * queued (written during the pass, or with edits folded in while on their way).
   */
  async function round(): Promise<boolean> {
    const blocked = new Set<string>();
    let failed: SyncFailure | null = null;
    for (const entry of await outboxEntries<Payload>(database)) {
      const id = await resolveId(database, entry.id);
      if (blocked.has(serverIdOf(id))) continue;
      try {
        if (entry.op === 'create') await steps.create(entry);
        else if (entry.op === 'update') await steps.update(entry, id);
        else await steps.remove(entry, id);
      } catch (error) {
        failed = error instanceof SyncFailure ? error : new SyncFailure(false, error);
        console.warn(`Sync of ${itemLabel} ${entry.id} (${entry.op}) failed; it will be retried`, failed);
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

/** An outbox sync of one user and area. */
export type GenericOutboxSync = ReturnType<typeof createGenericOutboxSync>;
