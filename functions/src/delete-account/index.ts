// The public API of the delete-account function.
export { deleteAccount, deleteAccountErrors } from './delete-account.ts';
