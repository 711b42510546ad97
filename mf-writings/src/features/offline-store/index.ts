// The writings' offline store: the local database (IndexedDB), the outbox and its sync.
export {
  keepFolders,
  keptFolders,
  LOCAL_ID_PREFIX,
  type LocalWriting,
  listLocalWritings,
  localWriting,
  newLocalId,
  pendingIds,
  queuedText,
  rememberServerWritings,
  resolveId,
  serverIdOf,
} from './local-database.ts';
export {
  type OfflineStore,
  startOfflineStore,
  summaryOfLocal,
  writingOfLocal,
} from './offline-store.ts';
export { asError } from './outbox-sync.ts';
export { CONFLICT_COPY_SUFFIX, type SyncEvent, SyncFailure, sameJson } from './sync-steps.ts';
