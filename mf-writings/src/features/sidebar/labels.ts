// Sidebar texts the spec does not word (the catalogue in the kernel holds every text it does).
export const labels = {
  allWritings: 'All writings',
  folders: 'Folders',
  rename: 'Rename',
  renameFolder: 'Rename folder',
  renameWriting: 'Rename writing',
  moveToFolder: 'Move to folder',
  move: 'Move',
  title: 'Title',
  delete: 'Delete',
  moreActions: 'More actions',
  share: 'Share',
  folderName: 'Folder name',
  create: 'Create',
  cancel: 'Cancel',
  dismiss: 'Dismiss',
} as const;
