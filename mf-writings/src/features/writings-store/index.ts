// The writings store: the one state both parcels of mf-writings share (they come from one remote
// container, so this module is loaded once per page). Its modules each hold one concern over the state
// object of store-state.ts.
export type { Folder, Writing, WritingDraft, WritingSummary } from '../writings-data/index.ts';
export { connectWritingsStore, disconnectWritingsStore } from './connection.ts';
export { applyLocalEdit, isUnsaved, markSaved, markUnsaved } from './drafts.ts';
export {
  addFolder,
  currentFolderPermission,
  leaveFolder,
  refreshFolders,
  removeFolder,
  renameFolderTo,
  selectedFolder,
  selectFolder,
} from './folders.ts';
export { loadFirstPage, loadMore, refetchAndMerge } from './list-paging.ts';
export { mergeRefetched } from './merge.ts';
export { moveWritingsToFolder, moveWritingsToFolderNamed } from './moves.ts';
export { COPY_FRESH_FOR_MS, isCurrentCopy, loadWriting, saveWritingEdit } from './open-and-save.ts';
export { onRetitleRequest, type RetitleOpenWriting, withTitle } from './retitle.ts';
export { clickWriting, openWriting, selectWriting } from './selection.ts';
export {
  dismissNotice,
  getWritingsState,
  type ListStatus,
  useWritingsStore,
  type WritingsState,
} from './store-state.ts';
export { onWritingsSynced } from './sync-events.ts';
export { baseOf, baseTextOf, isMergedRow, syncedFromHere } from './tab-versions.ts';
export { useWritingsConnection } from './use-writings-connection.ts';
export {
  createAndSelect,
  keepDraftAsCopy,
  keepDraftTypedOver,
  onWritingRemoved,
  removeWriting,
  renameWritingTo,
  saveEditOutsideEditor,
} from './writing-actions.ts';
