// The writings store: the one state both parcels of mf-writings share (they come from one remote
// container, so this module is loaded once per page). CONTRACT with the editor helper: only add exports.
export { listFolders } from './folders-data.ts';
export { mergeRefetched } from './merge.ts';
export { onRetitleRequest, type RetitleOpenWriting, withTitle } from './retitle.ts';
export type { Folder, SharedUser, Writing, WritingDraft, WritingSummary } from './types.ts';
export { useWritingsConnection } from './use-writings-connection.ts';
export {
  createWriting,
  deleteWriting,
  getWriting,
  listWritings,
  moveWritings,
  renameWriting,
  saveWriting,
  serverSave,
} from './writings-data.ts';
export {
  addFolder,
  applyLocalEdit,
  COPY_FRESH_FOR_MS,
  clickWriting,
  connectWritingsStore,
  createAndSelect,
  currentFolderPermission,
  disconnectWritingsStore,
  dismissNotice,
  getWritingsState,
  isCurrentCopy,
  isUnsaved,
  type ListStatus,
  leaveFolder,
  loadFirstPage,
  loadMore,
  loadWriting,
  markSaved,
  markUnsaved,
  moveWritingsToFolder,
  moveWritingsToFolderNamed,
  onWritingsSynced,
  refetchAndMerge,
  refreshFolders,
  removeFolder,
  removeWriting,
  renameFolderTo,
  renameWritingTo,
  saveWritingEdit,
  selectedFolder,
  selectFolder,
  selectWriting,
  useWritingsStore,
  type WritingsState,
} from './writings-store.ts';
