import { format } from 'date-fns';
import { navigatorOnline, toDataError } from '../network/data-error.ts';
import { settingsMessages } from './settings-messages.ts';
import type { RateLimitKind } from './tiers.ts';

/** The wording of each rate-limited kind inside the rate limit alert. */
const RATE_LIMIT_KIND_WORDS: Readonly<Record<RateLimitKind, string>> = {
  apiCalls: 'API calls',
  documents: 'documents',
  chatMessages: 'chat messages',
};

/** Error for sharing with an e-mail address that belongs to no user. */
export function noUserWithEmail(email: string): string {
  return `No user found with email: ${email}`;
}

/**
 * The rate limit alert (shown with an Upgrade button), in the spec's words for the daily limits, the
 * reset a short local time such as "12:00 AM". Documents are counted per month (the spec's own limits
 * table): 'daily' and a time alone would tell the writer a wrong reset, so theirs says 'monthly' and the
 * day it resets ("Jan 1, 2027, 12:00 AM"). Not in the spec: a correction of its template.
 */
export function rateLimitReached({ kind, resetsAt }: { kind: RateLimitKind; resetsAt: Date }): string {
  const monthly = kind === 'documents';
  return `You've reached your ${monthly ? 'monthly' : 'daily'} limit for ${RATE_LIMIT_KIND_WORDS[kind]}. Resets ${monthly ? `on ${format(resetsAt, 'PPp')}` : `at ${format(resetsAt, 'p')}`}.`;
}

/** A failed function call whose response carried no `error` field. */
export function httpError(status: number, text: string): string {
  return `HTTP ${status}: ${text}`;
}

/** Pricing dialog body when a premium feature was asked for. */
export function premiumFeature(feature: string): string {
  return `${feature} is a premium feature. Upgrade to unlock full access.`;
}

/** How many changes wait on this device to be synced (not in the spec: the offline issue asks for a count). */
export function pendingSyncText(count: number): string {
  return count === 1 ? '1 change waiting to sync' : `${count} changes waiting to sync`;
}

/** Asked before signing out while changes wait to sync (not in the spec: the offline issue asks for a warning). */
export function unsyncedSignOutText(count: number): string {
  return `${pendingSyncText(count)}: they have not reached the server yet. They stay on this device and sync the next time you sign in here. Sign out anyway?`;
}

/** A sync found the writing changed elsewhere: both versions are kept, and the writer is told which is which. */
export function syncConflictText({ title, copy }: { title: string; copy: string }): string {
  return `"${title}" was also changed elsewhere. Your version is kept; the other one is saved as "${copy}".`;
}

/** Words kept when a page closed, found older than a save made after them elsewhere: kept beside it. */
export function draftKeptAsCopyText({ title, copy }: { title: string; copy: string }): string {
  return `"${title}" was saved elsewhere after your last words in it were typed. They are kept as "${copy}".`;
}

/** A synced edit could not go into its writing (deleted elsewhere, or no longer writable). */
export function syncKeptAsCopyText({ copy }: { copy: string }): string {
  return `Your changes could not be saved into their writing (deleted, or no longer shared with you), so they are kept as "${copy}".`;
}

/** The chat error banner. */
export function chatError(message: string): string {
  return `Error: ${message}`;
}

/** Drag label when moving writings: the count, or the single writing's title. */
export function writingsDragLabel({ count, title }: { count: number; title: string }): string {
  return count === 1 ? `Writing: ${title}` : `${count} writings`;
}

/**
 * Every user-visible text of the product (docs/product.md, Where the rules live; failure texts under Messages),
 * grouped by area. Areas show these and never spell a text themselves, so each is written and tested once.
 */
export const messages = {
  auth: {
    notAuthenticated: 'User not authenticated',
    loadingTagline: 'create something awesome',
    signedOut: 'Signed out successfully',
    signOutFailed: 'Failed to sign out',
  },
  errorScreen: {
    title: 'Something went wrong',
    body: 'An unexpected error occurred. This might be due to a browser extension or network issue.',
    tryAgain: 'Try Again',
    reload: 'Reload Page',
  },
  editor: {
    empty: 'Select or create a writing',
    /** Under `empty`, for a writer signed in: makes a writing (what the sidebar's New does). */
    newWriting: 'New writing',
    replaceImage: 'Replace image',
    deleteImage: 'Delete image',
    editorMenu: 'Editor menu',
    insertImage: 'Insert image',
    save: 'Save',
    saving: 'Saving…',
    unsaved: 'Unsaved changes',
    saved: 'Saved',
    loading: 'Loading writing',
  },
  writings: {
    /** The phone's Writings tab, and its way back from the open writing to the list. */
    title: 'Writings',
    newWriting: 'New',
    search: 'Search',
    newFolder: 'New Folder',
    untitled: 'Untitled',
    empty: 'No writings yet',
    loadingMore: 'Loading more writings...',
    scrollForMore: 'Scroll to load more',
    end: 'End of writings',
    moveFailed: 'Failed to move writing',
    dragLabel: writingsDragLabel,
  },
  ideas: {
    title: 'Ideas',
    untitled: 'Untitled',
    empty: 'No ideas yet',
    composerPlaceholder: 'Capture a thought',
    end: 'End of ideas',
    // Texts the spec does not word (issue 14).
    loadingMore: 'Loading more ideas...',
    all: 'All',
    categories: 'Categories',
    newCategory: 'New category',
    renameCategory: 'Rename category',
    categoryName: 'Category name',
    share: 'Share',
    rename: 'Rename',
    delete: 'Delete',
    leave: 'Leave',
    create: 'Create',
    cancel: 'Cancel',
    dismiss: 'Dismiss',
    moveTo: 'Move to',
    uncategorized: 'Uncategorized',
    askAi: 'Ask AI',
    moveFailed: 'Failed to move ideas',
    deleteFailed: 'Failed to delete ideas',
    clearSelection: 'Clear selection',
    /** How many the confirmation deletes (it said only 'Delete ideas?'). */
    deleteIdeas: (count: number) => (count === 1 ? 'Delete 1 idea?' : `Delete ${count} ideas?`),
    selectedCount: (count: number) => `${count} selected`,
    captureFailed: 'The idea could not be saved. It is kept on this device and will be tried again.',
    /** An edit that synced over a version saved elsewhere meanwhile (another tab, say): both are kept. */
    changedElsewhere: (title: string) =>
      `"${title}" was also changed elsewhere. Both versions are kept: the other one is now an idea of its own.`,
    list: 'Ideas',
    /** The captures made before the inbox was ready, shown above the box until they are ideas. */
    waiting: 'Captured, not yet saved',
    editIdea: 'Edit idea',
    dateGroups: {
      today: 'Today',
      yesterday: 'Yesterday',
      earlierThisWeek: 'Earlier this week',
      lastWeek: 'Last week',
      earlierThisMonth: 'Earlier this month',
    },
  },
  chat: {
    title: 'Chat',
    newChat: 'New chat',
    history: 'History',
    defaultSessionTitle: 'New Chat',
    readyTitle: 'Ready to chat!',
    readyBody: "Ask me anything about your ideas, writings, or just start a conversation. I'm here to help!",
    send: 'Send',
    stopGenerating: 'Stop generating',
    retry: 'Retry',
    error: chatError,
    empty: 'No chats yet',
    voiceUnsupported: 'Voice not supported',
    confirmDelete: 'Delete this chat?',
    // Beyond the spec's texts: the composer, the selector, context, sources, history actions.
    composerPlaceholder: 'Ask about your ideas and writings…',
    voiceInput: 'Voice input',
    stopListening: 'Stop listening',
    model: 'Model',
    contextIdeas: 'Ideas',
    contextDocument: 'Open document',
    contextWritings: 'Writings',
    contextWebSearch: 'Web search',
    webSearchUnavailable: 'Web search is off: no search service is configured on the server (SEARXNG_URL).',
    modelUnavailable: 'Not configured on this server',
    noModelConfigured:
      'No AI model is connected, so answers come from your notes alone. To connect one, set a model key on the server (see the README).',
    removeContext: 'Remove',
    askAi: 'Ask AI',
    whatTheModelSaw: 'What the model saw',
    copy: 'Copy',
    copied: 'Copied',
    rename: 'Rename',
    pin: 'Pin',
    unpin: 'Unpin',
    delete: 'Delete',
    cancel: 'Cancel',
    renameTitle: 'Rename chat',
    pinned: 'Pinned',
    dropHere: 'Drop to add to the chat',
    // The server's answers.
    unknownModel: 'Unknown model',
    badRequest: 'Invalid chat request',
    limitReached: 'Daily chat message limit reached',
    failed: 'The answer failed. Please try again.',
    notYourChat: 'This chat belongs to another account',
    notesOnlyIntro: 'No AI model is connected, so here is what your notes say about this:',
    notesOnlyNothing:
      'No AI model is connected, and none of your ideas or writings match this question. Try other words, or connect a model (see the README).',
    notesOnlyHint: 'Connect an AI model (see the README) for written answers built from these notes.',
  },
  categories: {
    notFound: 'Category not found',
    nameRequired: 'Category name is required',
    confirmDeleteCategory: 'Delete category? Ideas will be uncategorized.',
    confirmDeleteFolder: 'Delete folder? Writings will be unassigned.',
    readOnlyCreate: 'This folder is read-only. You cannot create here.',
    noWriteAccess: 'You do not have write access to that folder.',
  },
  sharing: {
    onlyOwnerCanShare: 'You can only share categories you own',
    noUserWithEmail,
    shareFailed: 'Failed to share folder',
    // Not in the spec: sharing with one's own e-mail said only 'Failed to share folder'.
    cannotShareWithYourself: "That is your own e-mail: share with someone else's.",
    updatePermissionFailed: 'Failed to update permission',
    removeShareFailed: 'Failed to remove share',
    noCollaborators: 'No collaborators yet',
    sharedBadge: 'Shared',
    readSuffix: '(read)',
    editAccess: 'Edit access',
    viewOnly: 'View only',
    leave: 'Leave',
    // Not in the spec: a share is an invitation its recipient accepts or declines (issue 10).
    invitations: 'Invitations',
    // The recipient is told what is shared: a folder of writings, or a category of ideas (it shows in the
    // ideas panel, not among the folders beside the invitation).
    invitedBy: (owner: string, name: string, kind: 'writing' | 'idea') =>
      kind === 'idea'
        ? `${owner} shared the ideas category “${name}” with you`
        : `${owner} shared the folder “${name}” with you`,
    accept: 'Accept',
    decline: 'Decline',
    pending: 'Pending',
    acceptFailed: 'Failed to accept invitation',
    declineFailed: 'Failed to decline invitation',
  },
  // Sidebar texts the spec does not word.
  sidebar: {
    allWritings: 'All writings',
    folders: 'Folders',
    rename: 'Rename',
    renameFolder: 'Rename folder',
    renameWriting: 'Rename writing',
    moveToFolder: 'Move to folder',
    move: 'Move',
    title: 'Title',
    delete: 'Delete',
    // Not worded by the spec, which asks no confirmation for a writing (docs/product.md, Writings).
    confirmDeleteWriting: (title: string) => `Delete “${title}”? It cannot be undone.`,
    moreActions: 'More actions',
    share: 'Share',
    folderName: 'Folder name',
    create: 'Create',
    cancel: 'Cancel',
    dismiss: 'Dismiss',
  },
  search: {
    placeholder: 'Search writings and ideas…',
    noResults: 'No results',
  },
  offline: {
    badge: 'Offline',
    note: "You're offline — changes will sync when back online.",
    backOnline: 'Back online',
    // Not in the spec: a quota error when a change cannot be kept on the device.
    storageFull: 'This device is out of storage space: your latest changes could not be kept offline.',
    // Not in the spec: an action that is not kept on the device (folders, sharing) tried offline.
    needsConnection: "You're offline. Try again when you're back online.",
  },
  save: {
    offline: "No internet connection. Your changes are saved locally and will sync when you're back online.",
    sessionExpired: 'Session expired. Please sign in again.',
    noPermission: "You don't have permission to edit this document.",
    failed: 'Failed to save. Your changes are preserved locally.',
  },
  password: {
    mismatch: 'Passwords do not match',
    tooShort: 'Password must be at least 6 characters',
    updated: 'Password updated successfully',
  },
  resetEmail: {
    noEmail: 'No email on account',
    sent: 'Reset email sent',
  },
  checkout: {
    alreadyFree: 'You are already on the Free plan',
    priceNotFound: 'Price configuration not found. Please contact support.',
    chatUpgradeFailed: 'Failed to start upgrade. Please try again.',
    workspaceCheckoutFailed: 'Failed to start checkout. Please try again.',
    sessionFailed: 'Failed to create checkout session',
  },
  pricing: {
    titles: {
      'rate-limit': 'Rate Limit Reached',
      'premium-feature': 'Premium Feature',
      upgrade: 'Upgrade Your Plan',
    },
    rateLimitBody: "You've reached your daily limit. Upgrade to continue using AI features.",
    premiumFeature,
    rateLimitReached,
    upgrade: 'Upgrade',
    monthly: 'Monthly',
    yearly: 'Yearly',
    saveBadge: 'Save up to 17%',
    moneyBackGuarantee: '30-day money-back guarantee',
    cancelAnytime: 'Cancel anytime',
    popular: 'Popular',
    currentPlan: 'Current plan',
    choose: (plan: string) => `Choose ${plan}`,
    redirecting: 'Redirecting to checkout…',
    perMonth: '/month',
    perYear: '/year',
    yearlySaving: (dollars: number) => `Save $${dollars} a year`,
  },
  plans: {
    renews: (date: string) => `Renews on ${date}`,
    ends: (date: string) => `Ends on ${date}`,
    usage: 'Usage',
    apiCallsToday: 'API calls today',
    chatMessagesToday: 'Chat messages today',
    documentsThisMonth: 'Documents this month',
    unlimited: 'Unlimited',
    manage: 'Manage subscription',
    activating: 'Payment received. Your plan is activating…',
    activated: (plan: string) => `You're now on ${plan}.`,
    checkoutSucceeded: 'Thanks! Your payment went through.',
    checkoutCanceled: 'Checkout canceled. Nothing was charged.',
    loadFailed: 'Your plan could not be loaded.',
  },
  settings: settingsMessages,
  functions: {
    httpError,
  },
  limits: {
    apiCallsReached: 'Daily API call limit reached',
  },
  exportWriting: {
    markdown: 'Download as Markdown',
    html: 'Download as HTML',
    badRequest: 'Expected a writing id and a format (markdown or html)',
    notFound: 'Writing not found',
    failed: 'Failed to export the writing',
  },
} as const;

/**
 * Maps a failed save to what the user is told. The unsaved mark stays in every case.
 * `online` defaults to the browser's view (`navigator.onLine`); outside a browser it counts as online.
 */
export function saveErrorMessage(
  error: unknown,
  { online = navigatorOnline() ?? true }: { online?: boolean } = {},
): string {
  const { code } = toDataError(error);
  // Not even kept on the device: saying 'saved locally' would be a lie.
  if (code === 'storage-full') return messages.offline.storageFull;
  if (!online) return messages.save.offline;
  if (code === 'session-expired') return messages.save.sessionExpired;
  if (code === 'permission-denied') return messages.save.noPermission;
  return messages.save.failed;
}
