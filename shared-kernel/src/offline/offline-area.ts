import { messages } from '../domain/messages.ts';
import { DataError } from '../network/data-error.ts';
import { serverReached$ } from '../network/network-status.ts';
import {
  enqueueWrite,
  type FoldPayload,
  type KeptItem,
  type OfflineDatabase,
  type OutboxOp,
  openOfflineDatabase,
  pendingCount,
} from './local-database.ts';
import { createGenericOutboxSync, type GenericOutboxSyncOptions, type OutboxSteps } from './outbox-sync.ts';
import { asError, SyncFailure } from './sync-failure.ts';

/** What another tab of the same user tells: a sync it did, or that the outbox changed. */
type TabMessage<Event> = { readonly kind: 'synced'; readonly event: Event } | { readonly kind: 'queued' };

export interface OfflineAreaOptions<Event, Payload> {
  /** The database's name, one per area and user (`writings-offline:<user>`). */
  name: string;
  /** The object store of the area's items (`writings`, `ideas`). */
  itemStore: string;
  /** The tabs' Web Lock around a sync round. */
  lockName: string;
  itemLabel: string;
  /** The area's server steps; they tell what they did through `tell`. */
  steps(database: OfflineDatabase, tell: (event: Event) => void): OutboxSteps<Payload>;
  /** A sync done here or in another tab. */
  onEvent(event: Event): void;
  /** The number of writes waiting to be synced changed. */
  onPending(count: number): void;
  /** A sync round failed and will be retried (the area may tell the writer, e.g. of a tier limit). */
  onRetry?(failure: SyncFailure): void;
  /** How a write folds into the item's queued one (by default its fields over the queued one's). */
  foldPayload?: FoldPayload<Payload>;
  /** Replaces the Web Lock, timers (tests). */
  sync?: Pick<GenericOutboxSyncOptions<Payload>, 'exclusive' | 'setTimer' | 'clearTimer'>;
}

/**
 * The channel to the other tabs of this area and user. What they tell before {@link hear} is called is
 * kept and heard then. `null` where BroadcastChannel does not exist.
 */
function openTabChannel<Message>(name: string) {
  if (typeof BroadcastChannel !== 'function') return null;
  const channel = new BroadcastChannel(name);
  const early: Message[] = [];
  channel.onmessage = ({ data }: MessageEvent<Message>) => early.push(data);
  return {
    postMessage: (message: Message) => channel.postMessage(message),
    hear(listener: (message: Message) => void): void {
      channel.onmessage = ({ data }: MessageEvent<Message>) => listener(data);
      for (const message of early.splice(0)) listener(message);
    },
    close: () => channel.close(),
  };
}

/**
 * Runs `flush` when the browser is back online or the tab is shown again, and `onServerReached` when the
 * server answers any request of the kernel's client. Answers the function that stops it.
 */
function syncWhenUseful(flush: () => void, onServerReached: () => void): () => void {
  const flushWhenVisible = () => {
    if (document.visibilityState === 'visible') flush();
  };
  globalThis.addEventListener?.('online', flush);
  globalThis.document?.addEventListener('visibilitychange', flushWhenVisible);
  const reached = serverReached$.subscribe(onServerReached);
  return () => {
    globalThis.removeEventListener?.('online', flush);
    globalThis.document?.removeEventListener('visibilitychange', flushWhenVisible);
    reached.unsubscribe();
  };
}

type AreaWrite<Payload> = { op: OutboxOp; id: string; payload?: Payload; item?: KeptItem };

/**
 * Keeps a write on this device (local copy and outbox, in one transaction); answers its outbox entry's
 * key. A full device is a {@link DataError} `storage-full`, which the writer is told.
 */
async function keepWrite<Payload extends object>(
  database: OfflineDatabase,
  itemStore: string,
  write: AreaWrite<Payload>,
  fold?: FoldPayload<Payload>,
): Promise<number> {
  try {
    return await enqueueWrite(database, itemStore, { ...write, ...(fold ? { fold } : {}) });
  } catch (error) {
    if ((error as { name?: unknown } | null)?.name === 'QuotaExceededError') {
      throw new DataError('storage-full', messages.offline.storageFull, { cause: error });
    }
    throw error;
  }
}

/**
 * An area's offline store at work for one user: the local database, the outbox sync (one tab at a time,
 * under a Web Lock), the other tabs told of every change (BroadcastChannel), and a sync on start, when
 * the connection returns and when the tab becomes visible. `null` where IndexedDB cannot be opened (the
 * area then works online only).
 */
export async function startOfflineArea<Event, Payload extends object>(
  options: OfflineAreaOptions<Event, Payload>,
) {
  const { name, itemStore, onEvent, onPending } = options;
  // A browser without IndexedDB throws at once: that too is the failure handled below.
  const opening = new Promise<OfflineDatabase>((resolve) => resolve(openOfflineDatabase(name, itemStore)));
  // Made while the database opens: a page's first channel takes a while (20 ms on a busy machine), and
  // the area's first page waits for this store.
  const channel = openTabChannel<TabMessage<Event>>(name);
  let database: OfflineDatabase;
  try {
    database = await opening;
  } catch (error) {
    channel?.close();
    console.warn(`The offline store ${name} could not be opened; it works online only`, error);
    return null;
  }
  let lastFailure: SyncFailure | null = null;
  let closed = false;
  // A round still running when the store closes finishes its step; the other tabs are not told then.
  const post = (message: TabMessage<Event>) => {
    if (!closed) channel?.postMessage(message);
  };
  const countPending = () =>
    void pendingCount(database)
      .then(onPending)
      .catch(() => {});
  const tell = (event: Event) => {
    lastFailure = null;
    onEvent(event);
    countPending();
    post({ kind: 'synced', event });
  };
  const sync = createGenericOutboxSync<Payload>({
    database,
    steps: options.steps(database, tell),
    lockName: options.lockName,
    itemLabel: options.itemLabel,
    onRetry(failure) {
      lastFailure = failure;
      options.onRetry?.(failure);
    },
    ...options.sync,
  });
  channel?.hear((message) => {
    if (message.kind === 'synced') onEvent(message.event);
    countPending();
  });
  const flush = () => void sync.flush().catch((error) => console.warn('Sync failed', asError(error)));
  // A server that was down while the device stayed online fires no online event: an answer to another
  // request ends the backoff of an outbox waiting after a network failure.
  const stopTriggers = syncWhenUseful(flush, () => {
    if (!lastFailure?.network) return;
    lastFailure = null;
    flush();
  });
  countPending();
  flush();

  const keepHere = async (write: AreaWrite<Payload>): Promise<number> => {
    const seq = await keepWrite(database, itemStore, write, options.foldPayload);
    post({ kind: 'queued' });
    countPending();
    return seq;
  };

  return {
    database,

    /**
     * Keeps a write on this device (local copy and outbox, in one transaction), then tries to sync it.
     * Resolves once that try is over; answers whether it synced, or the reason it is not yet (a
     * {@link SyncFailure}: offline, or refused and waiting for a retry). Rejects only when the write
     * could not be kept at all (storage full), so the caller can say so.
     */
    async queue(write: AreaWrite<Payload>): Promise<{ synced: boolean; failure: SyncFailure | null }> {
      const seq = await keepHere(write);
      await sync.flush();
      // Synced once its entry has gone, whatever was queued for the item since (in another tab, say).
      const synced = (await database.getKey('outbox', seq)) === undefined;
      return { synced, failure: synced ? null : (lastFailure ?? new SyncFailure(true, null)) };
    },

    /**
     * Keeps a write on this device like {@link queue}, and resolves as soon as it is kept: its sync
     * follows in the background and is told through `onEvent` (a refusal is retried like any other).
     * For writes shown at once whose server answer adds nothing the writer waits for (a move, a delete).
     */
    async keep(write: AreaWrite<Payload>): Promise<void> {
      await keepHere(write);
      flush();
    },

    /** Syncs what is queued now. */
    flush: () => sync.flush(),

    /** Stops syncing and closes the database (sign-out, another user). */
    close(): void {
      closed = true;
      sync.dispose();
      channel?.close();
      stopTriggers();
      database.close();
    },
  };
}

/** An area's offline store of the signed-in user. */
export type OfflineArea<Payload extends object = Record<string, unknown>> = NonNullable<
  Awaited<ReturnType<typeof startOfflineArea<unknown, Payload>>>
>;
