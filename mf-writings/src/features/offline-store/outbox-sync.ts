// The writings' outbox sync: the kernel's generic sync (order, retries, one tab at a time) with the
// writings' server steps.
import { createGenericOutboxSync, type GenericOutboxSyncOptions, type WorkspaceClient } from 'shared-kernel';
import type { LocalDatabase, OutboxPayload } from './local-database.ts';
import {
  type SyncContext,
  type SyncEvent,
  type SyncFailure,
  syncCreate,
  syncCreates,
  syncRemove,
  syncUpdate,
} from './sync-steps.ts';

export { asError, RETRY_BASE_MS, RETRY_MAX_MS } from 'shared-kernel';

export interface OutboxSyncOptions
  extends Pick<GenericOutboxSyncOptions<OutboxPayload>, 'exclusive' | 'setTimer' | 'clearTimer'> {
  database: LocalDatabase;
  client: WorkspaceClient;
  userId: string;
  /** Told of every synced entry, in order. */
  onEvent(event: SyncEvent): void;
  /** Told once per round that failed; the round is retried after `delayMs`. */
  onRetry?(failure: SyncFailure, delayMs: number): void;
}

/** The writings' server steps over one database, client and user. */
export function writingsSteps(context: SyncContext) {
  return {
    create: (entry: Parameters<typeof syncCreate>[1]) => syncCreate(context, entry),
    createMany: (entries: Parameters<typeof syncCreates>[1]) => syncCreates(context, entries),
    update: (entry: Parameters<typeof syncUpdate>[1], id: string) => syncUpdate(context, entry, id),
    remove: (entry: Parameters<typeof syncRemove>[1], id: string) => syncRemove(context, entry, id),
  };
}

/**
 * Syncs the outbox in order. Create: insert under the local id's uuid (a replay finds the row), map the
 * local id, replace the local copy. Update: resolve the id, send title and content only if the server
 * still has the version the edit was made from; otherwise keep both versions. Delete: remove.
 */
export function createOutboxSync({ database, client, userId, onEvent, ...options }: OutboxSyncOptions) {
  return createGenericOutboxSync<OutboxPayload>({
    database,
    steps: writingsSteps({ database, client, userId, onEvent }),
    lockName: `writings-outbox:${userId}`,
    itemLabel: 'writing',
    ...options,
  });
}

/** The outbox sync of one user. */
export type OutboxSync = ReturnType<typeof createOutboxSync>;
