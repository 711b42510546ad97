// The settings dialog's texts (issue 16). The spec words the tabs, Send Reset Email and Sign Out; the
// labels and explanations below are the ones a writer expects where it is silent.

/** How many changes would be lost by clearing this device's data. */
function clearRefusedText(count: number): string {
  return count === 1
    ? '1 change is waiting to sync. Go online and let it sync before clearing this device.'
    : `${count} changes are waiting to sync. Go online and let them sync before clearing this device.`;
}

/** A custom colour that fails WCAG AA against the background. */
function contrastWarning({ label, ratio }: { label: string; ratio: number }): string {
  return `${label} has a contrast of ${ratio.toFixed(1)}:1 against the background; WCAG AA needs 4.5:1.`;
}

/** The auto-save interval as the slider reads it out. */
function intervalSeconds(seconds: number): string {
  return `${seconds} s`;
}

/** A build version line of the Advanced tab. */
function buildVersion({ area, version }: { area: string; version: string }): string {
  return `${area}: ${version}`;
}

export const settingsMessages = {
  profile: 'Profile',
  tabs: ['Account', 'Plans', 'Appearance', 'Editor', 'Workspace', 'Notifications', 'Advanced'],
  sendResetEmail: 'Send Reset Email',
  signOut: 'Sign Out',
  account: {
    email: 'Email',
    displayName: 'Display name',
    saveName: 'Save name',
    nameSaved: 'Name saved',
    nameRequired: 'Name is required',
    changeAvatar: 'Change avatar',
    avatarSaved: 'Avatar updated',
    avatarNotImage: 'Choose an image file',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    updatePassword: 'Update password',
    passwordHeading: 'Password',
    resetHint: 'Or get a link by e-mail to choose a new password.',
    signOutHeading: 'Session',
  },
  appearance: {
    palette: 'Colour palette',
    groups: { core: 'Core', editor: 'Editor', gradient: 'Gradient', custom: 'Custom' },
    custom: 'Custom',
    gradient: 'Gradient background',
    font: 'Interface font',
    fonts: { sans: 'Sans', serif: 'Serif', ghost: 'Ghost', random: 'Random' },
    shuffleFont: 'Pick another random font',
    preview: 'Preview',
    previewText: 'The quick brown fox writes a first draft.',
    customColors: {
      bg: 'Background',
      surface: 'Surface',
      text: 'Text',
      'text-muted': 'Muted text',
      accent: 'Accent',
    },
    contrastWarning,
  },
  editor: {
    autoSave: 'Auto-save',
    /** What the switch does in the state it is in. */
    autoSaveOnHint:
      'The writing is saved a moment after you stop typing, and at the interval below while you keep typing.',
    autoSaveOffHint:
      'The writing is saved with Cmd/Ctrl+S and when you leave it. Every keystroke is still kept on this device.',
    interval: 'Save interval',
    intervalSeconds,
    spellCheck: 'Spell check',
    focusMode: 'Focus mode',
    focusModeHint: 'Dims every paragraph but the one you are writing.',
    lineNumbers: 'Line numbers in code blocks',
    tabSize: 'Tab size in code blocks',
  },
  workspace: {
    compactMode: 'Compact mode',
    compactModeHint: 'Denser lists in every panel.',
    soundEffects: 'Sound effects',
    soundEffectsHint: 'A soft chime when the editor timer ends.',
    shortcuts: 'Keyboard shortcuts',
    shortcutActions: {
      save: 'Save, when there are unsaved changes',
      newWriting: 'New writing',
      toggleIdeas: 'Toggle ideas',
      flipDock: 'Dock ideas on the other side',
      toggleChat: 'Toggle chat',
      swapOrder: 'Swap panel order',
      zen: 'Toggle Zen mode',
      search: 'Open search',
      settings: 'Open settings',
    },
  },
  notifications: {
    desktop: 'Desktop notifications',
    desktopHint: 'When the editor timer ends, and when a folder or an ideas category is shared with you.',
    desktopDenied: 'Notifications are blocked for this site in your browser settings.',
    email: 'E-mail notifications',
    mentions: 'Mentions',
    updates: 'Product updates',
    timerEnded: 'Time is up',
    timerEndedBody: 'Your writing session has ended. Take a break?',
    shared: (kind: 'writing' | 'idea') =>
      kind === 'idea' ? 'An ideas category was shared with you' : 'A folder was shared with you',
  },
  advanced: {
    export: 'Export all data',
    exportHint: 'Your ideas, writings and folders as Markdown files plus JSON, in one .zip archive.',
    exporting: 'Exporting…',
    exportFailed: 'Export failed. Try again when you are online.',
    clearLocal: 'Clear local data',
    clearLocalHint:
      'Removes the writings, drafts and preferences kept on this device. Your account keeps everything.',
    clearLocalConfirm: 'Clear the data kept on this device? The page will reload.',
    clearRefused: clearRefusedText,
    deleteAccount: 'Delete account',
    deleteAccountHint: 'Removes your account, your writings, ideas, folders, chats and images for good.',
    deleteAccountConfirm: 'Delete your account and everything in it? This cannot be undone.',
    deleteAccountPassword: 'Your password',
    passwordRequired: 'Password is required',
    deleteAccountFailed: 'Failed to delete account',
    wrongPassword: 'Invalid login credentials',
    versions: 'Build versions',
    buildVersion,
  },
} as const;
