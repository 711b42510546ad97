import type { WorkspaceClient } from 'shared-kernel';
import { startOfflineArea } from 'shared-kernel';
import type { Writing, WritingSummary } from '../writings-data/index.ts';
import {
  type LocalDatabase,
  type LocalWriting,
  localDatabaseName,
  type OutboxOp,
  type OutboxPayload,
} from './local-database.ts';
import { writingsSteps } from './outbox-sync.ts';
import type { SyncEvent, SyncFailure } from './sync-steps.ts';

/** A local copy as the list shows it. */
export function summaryOfLocal({ user_id: _user, base: _base, content: _content, ...summary }: LocalWriting) {
  return summary satisfies WritingSummary;
}

/** A local copy as the editor opens it. */
export function writingOfLocal(local: LocalWriting): Writing {
  return { ...summaryOfLocal(local), content: local.content };
}

export interface OfflineStoreOptions {
  client: WorkspaceClient;
  userId: string;
  /** A sync done here or in another tab. */
  onEvent(event: SyncEvent): void;
  /** The number of writes waiting to be synced changed. */
  onPending(count: number): void;
  /** The server refused a queued writing for the tier's monthly limit; it stays here and is retried. */
  onLimitReached?(failure: SyncFailure): void;
}

/**
 * The user's offline store of writings at work: the kernel's offline area (local database, outbox sync
 * one tab at a time, other tabs told, a sync on start, on reconnect and when visible) with the writings'
 * steps. `null` where IndexedDB cannot be opened (the workspace then works online only).
 */
export async function startOfflineStore({
  client,
  userId,
  onEvent,
  onPending,
  onLimitReached = () => {},
}: OfflineStoreOptions) {
  const area = await startOfflineArea<SyncEvent, OutboxPayload>({
    name: localDatabaseName(userId),
    itemStore: 'writings',
    lockName: `writings-outbox:${userId}`,
    itemLabel: 'writing',
    steps: (database, tell) =>
      writingsSteps({ database: database as LocalDatabase, client, userId, onEvent: tell }),
    onEvent,
    onPending,
    onRetry(failure) {
      if (failure.code === 'rate-limited') onLimitReached(failure as SyncFailure);
    },
  });
  if (!area) return null;
  return {
    database: area.database as LocalDatabase,
    /**
     * Keeps a write on this device (local copy and outbox, in one transaction), then tries to sync it.
     * Answers whether it synced, or why not yet; rejects only when it could not be kept (storage full).
     */
    queue: ({
      writing,
      ...write
    }: {
      op: OutboxOp;
      id: string;
      payload?: OutboxPayload;
      writing?: LocalWriting;
    }): Promise<{ synced: boolean; failure: SyncFailure | null }> =>
      area.queue({ ...write, ...(writing ? { item: writing } : {}) }),
    /**
     * Keeps a write on this device like `queue`, and resolves once it is kept: its sync follows, told
     * through the sync events (a refused move by 'move-refused').
     */
    keep: ({
      writing,
      ...write
    }: {
      op: OutboxOp;
      id: string;
      payload?: OutboxPayload;
      writing: LocalWriting;
    }) => area.keep({ ...write, item: writing }),
    flush: area.flush,
    close: area.close,
  };
}

/** The offline store of the signed-in user. */
export type OfflineStore = NonNullable<Awaited<ReturnType<typeof startOfflineStore>>>;
