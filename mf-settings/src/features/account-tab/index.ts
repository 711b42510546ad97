// The Account tab: identity, password, reset e-mail and sign out.
export {
  type AccountOutcome,
  changePassword,
  RESET_PASSWORD_PATH,
  sendResetEmail,
  signOut,
  updateDisplayName,
  uploadAvatar,
} from './account-data.ts';
export { AccountTab } from './account-tab.tsx';
