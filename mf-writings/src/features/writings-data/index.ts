// Data access for writings and folders: typed rows and the queries behind them, used by the store and by
// the offline store (which keeps and syncs the same rows).
export { createFolder, deleteFolder, listFolders, renameFolder } from './folders-data.ts';
export type { Folder, ListPageRequest, Writing, WritingDraft, WritingSummary } from './types.ts';
export {
  createWriting,
  deleteWriting,
  getWriting,
  listFirstWritings,
  listWritings,
  moveWritings,
  renameWriting,
  saveWriting,
  serverSave,
  summaryOf,
  WRITING_COLUMNS,
  writingOf,
} from './writings-data.ts';
