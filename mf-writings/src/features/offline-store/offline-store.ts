import { DataError, messages, type WorkspaceClient } from 'shared-kernel';
import type { Writing, WritingSummary } from '../writings-data/index.ts';
import {
  enqueue,
  type LocalDatabase,
  type LocalWriting,
  localDatabaseName,
  type OutboxOp,
  type OutboxPayload,
  openLocalDatabase,
  pendingCount,
  pendingIds,
  resolveId,
} from './local-database.ts';
import { asError, createOutboxSync } from './outbox-sync.ts';
import { type SyncEvent, SyncFailure } from './sync-steps.ts';

/** A local copy as the list shows it. */
export function summaryOfLocal({ user_id: _user, base: _base, content: _content, ...summary }: LocalWriting) {
  return summary satisfies WritingSummary;
}

/** A local copy as the editor opens it. */
export function writingOfLocal(local: LocalWriting): Writing {
  return { ...summaryOfLocal(local), content: local.content };
}

/** What another tab of the same user tells: a sync it did, or that the outbox changed. */
type TabMessage = { readonly kind: 'synced'; readonly event: SyncEvent } | { readonly kind: 'queued' };

export interface OfflineStoreOptions {
  client: WorkspaceClient;
  userId: string;
  /** A sync done here or in another tab. */
  onEvent(event: SyncEvent): void;
  /** The number of writes waiting to be synced changed. */
  onPending(count: number): void;
  /**
   * A write was refused for the tier's limit (documents per month). It stays on this device and is
   * tried again (it goes through once the limit resets or the plan is upgraded).
   */
  onLimitReached?(failure: SyncFailure): void;
}

/**
 * The user's offline store at work: the local database, the outbox sync (one tab at a time, under a
 * Web Lock), the other tabs told of every change (BroadcastChannel), and a sync on start, when the
 * connection returns and when the tab becomes visible. `null` where IndexedDB cannot be opened (the
 * workspace then works online only).
 */
export async function startOfflineStore({
  client,
  userId,
  onEvent,
  onPending,
  onLimitReached = () => {},
}: OfflineStoreOptions) {
  let database: LocalDatabase;
  try {
    database = await openLocalDatabase(userId);
  } catch (error) {
    console.warn('The offline store could not be opened; writings work online only', error);
    return null;
  }
  const channel =
    typeof BroadcastChannel === 'function' ? new BroadcastChannel(localDatabaseName(userId)) : null;
  let lastFailure: SyncFailure | null = null;
  const countPending = () =>
    void pendingCount(database)
      .then(onPending)
      .catch(() => {});
  const sync = createOutboxSync({
    database,
    client,
    userId,
    onEvent(event) {
      lastFailure = null;
      onEvent(event);
      countPending();
      channel?.postMessage({ kind: 'synced', event } satisfies TabMessage);
    },
    onRetry(failure) {
      lastFailure = failure;
      if (failure.code === 'rate-limited') onLimitReached(failure);
    },
  });
  if (channel) {
    channel.onmessage = ({ data }: MessageEvent<TabMessage>) => {
      if (data.kind === 'synced') onEvent(data.event);
      countPending();
    };
  }
  const flush = () => void sync.flush().catch((error) => console.warn('Sync failed', asError(error)));
  const flushWhenVisible = () => {
    if (document.visibilityState === 'visible') flush();
  };
  globalThis.addEventListener?.('online', flush);
  globalThis.document?.addEventListener('visibilitychange', flushWhenVisible);
  countPending();
  flush();

  return {
    database,

    /**
     * Keeps a write on this device (local copy and outbox, in one transaction), then tries to sync it.
     * Resolves once the write is safe here; answers the server's copy once synced, or the reason it is
     * not yet (a {@link SyncFailure}: offline, or refused and waiting for a retry). Rejects only when
     * the write could not be kept at all (storage full), so the caller can say so.
     */
    async queue(write: {
      op: OutboxOp;
      id: string;
      payload?: OutboxPayload;
      writing?: LocalWriting;
    }): Promise<{ synced: boolean; failure: SyncFailure | null }> {
      try {
        await enqueue(database, write);
      } catch (error) {
        if ((error as { name?: unknown } | null)?.name === 'QuotaExceededError') {
          throw new DataError('storage-full', messages.offline.storageFull, { cause: error });
        }
        throw error;
      }
      channel?.postMessage({ kind: 'queued' } satisfies TabMessage);
      countPending();
      await sync.flush();
      const id = await resolveId(database, write.id);
      const pending = await pendingIds(database);
      const synced = !pending.has(id) && !pending.has(write.id);
      return { synced, failure: synced ? null : (lastFailure ?? new SyncFailure(true, null)) };
    },

    /** Syncs what is queued now. */
    flush: () => sync.flush(),

    /** Stops syncing and closes the database (sign-out, another user). */
    close(): void {
      sync.dispose();
      channel?.close();
      globalThis.removeEventListener?.('online', flush);
      globalThis.document?.removeEventListener('visibilitychange', flushWhenVisible);
      database.close();
    },
  };
}

/** The offline store of the signed-in user. */
export type OfflineStore = NonNullable<Awaited<ReturnType<typeof startOfflineStore>>>;
