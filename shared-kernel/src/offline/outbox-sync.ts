import {
  claimCreates,
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

/** At most this many creates go in one request, and about this much of their JSON. */
const CREATE_BATCH = { entries: 50, characters: 1_000_000 } as const;

/** The server side of each kind of outbox entry, for one area. `id` is the entry's resolved id. */
export interface OutboxSteps<Payload> {
  create(entry: OutboxEntry<Payload>): Promise<void>;
  /**
   * Sends several creates in one request, all or none (an area without it sends each alone). When it
   * throws, each create goes alone with its own answer; one whose row the batch did make (its answer
   * lost) finds that row, as a replayed create does.
   */
  createMany?(entries: readonly OutboxEntry<Payload>[]): Promise<void>;
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
    const entries = await outboxEntries<Payload>(database);
    // A create is the first write of its item, so creates may go together before the rest.
    const created = await createInBatches(entries);
    for (const entry of entries) {
      if (created.has(entry.seq)) continue;
      const id = await resolveId(database, entry.id);
      if (blocked.has(serverIdOf(id))) continue;
      try {
        if (entry.op === 'create') {
          // Sent as it is now (edits folded in since the outbox was read); later edits queue apart.
          const [claimed] = await claimCreates<Payload>(database, [entry.seq]);
          if (claimed) await steps.create(claimed);
        } else if (entry.op === 'update') await steps.update(entry, id);
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

  /**
   * Sends the creates among `entries` in batches, while batches go through; answers the `seq`s sent. A
   * batch refused or failed is left to go alone, each create with its own answer.
   */
  async function createInBatches(entries: readonly OutboxEntry<Payload>[]): Promise<Set<number>> {
    const created = new Set<number>();
    if (!steps.createMany) return created;
    for (const batch of batches(entries.filter((entry) => entry.op === 'create'))) {
      const claimed = await claimCreates<Payload>(database, batch);
      try {
        if (claimed.length > 1) await steps.createMany(claimed);
        else break;
      } catch (error) {
        console.warn(`Sync of ${claimed.length} ${itemLabel}s made here failed; each goes alone`, error);
        break;
      }
      for (const entry of claimed) created.add(entry.seq);
    }
    return created;
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

/** The `seq`s of `creates` in batches of {@link CREATE_BATCH}. */
function batches<Payload>(creates: readonly OutboxEntry<Payload>[]): number[][] {
  const all: number[][] = [];
  let batch: number[] = [];
  let characters = 0;
  for (const entry of creates) {
    const size = JSON.stringify(entry.payload).length;
    if (
      batch.length === CREATE_BATCH.entries ||
      (batch.length > 0 && characters + size > CREATE_BATCH.characters)
    ) {
      all.push(batch);
      batch = [];
      characters = 0;
    }
    batch.push(entry.seq);
    characters += size;
  }
  if (batch.length > 0) all.push(batch);
  return all;
}

/** An outbox sync of one user and area. */
export type GenericOutboxSync = ReturnType<typeof createGenericOutboxSync>;
