// Sharing a category (a writings folder or an ideas category): the data access and the share dialog.

export {
  type Category,
  type CategoryItemType,
  createCategory,
  deleteCategory,
  listCategories,
  renameCategory,
} from './categories-data.ts';
export { ShareDialog } from './share-dialog.tsx';
export { AVATARS_SHOWN, Avatar, SharedAvatars } from './shared-avatars.tsx';
export {
  acceptInvitation,
  asPermission,
  type Collaborator,
  declineInvitation,
  type Invitation,
  leaveCategory,
  listCollaborators,
  listCollaboratorsByCategory,
  listInvitations,
  removeShare,
  shareCategory,
  updateSharePermission,
  watchShares,
} from './sharing-data.ts';
