// The device's offline store shared by the areas: the local database (IndexedDB), the outbox and its
// sync (in order, retried, one tab at a time under a Web Lock), the tabs told of each sync, and the
// drafts kept when a page closes.
export { type ExitDrafts, exitDrafts, onPageHiding } from './exit-drafts.ts';
export { useKeptList, useKeptText } from './kept-text.ts';
export {
  enqueueWrite,
  type FoldPayload,
  type KeptItem,
  LOCAL_ID_PREFIX,
  newLocalId,
  type OfflineDatabase,
  type OfflineTransaction,
  type OutboxEntry,
  type OutboxOp,
  openOfflineDatabase,
  outboxEntries,
  pendingCount,
  pendingIds,
  queuedIdsIn,
  resolveId,
  serverIdOf,
} from './local-database.ts';
export { type OfflineArea, type OfflineAreaOptions, startOfflineArea } from './offline-area.ts';
export {
  createGenericOutboxSync,
  type GenericOutboxSync,
  type GenericOutboxSyncOptions,
  type OutboxSteps,
  RETRY_BASE_MS,
  RETRY_MAX_MS,
} from './outbox-sync.ts';
export { sameJson } from './same-json.ts';
export { asError, checkSynced, isDuplicateInsert, SyncFailure } from './sync-failure.ts';
