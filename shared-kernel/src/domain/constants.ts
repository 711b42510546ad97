/**
 * Business constants of the product (docs/product.md, Where the rules live), written once so every area agrees.
 * Durations are in milliseconds, lengths in characters, sizes in bytes unless the name says otherwise.
 */

/** Writings fetched per page of the writings list (also the number fetched by search). */
export const WRITINGS_PAGE_SIZE = 20;

/** Ideas fetched per page of the ideas list. */
export const IDEAS_PAGE_SIZE = 20;

/** The next page loads when the list is scrolled within this many pixels of its bottom. */
export const LOAD_MORE_THRESHOLD_PX = 120;

/** Delay after the last keystroke before the editor's debounced change callback fires. */
export const CONTENT_SAVE_DEBOUNCE_MS = 750;

/** Delay after selecting a writing before its previous and next neighbours are prefetched. */
export const PREFETCH_DELAY_MS = 200;

/** Delay after a chat config change before it is saved to the user's metadata. */
export const CHAT_CONFIG_SAVE_DELAY_MS = 400;

/** Delay after a settings change before the preferences that follow the writer are saved to their metadata. */
export const PREFERENCES_SYNC_DELAY_MS = 400;

/**
 * How long changes wait to sync before the note saying so shows: a change the server takes at once
 * never flashes the note (nor moves the list under it).
 */
export const PENDING_SYNC_NOTE_DELAY_MS = 1000;

/** Characters shown in an idea preview (and in a search result snippet). */
export const IDEA_PREVIEW_LENGTH = 140;

/** Characters shown in a writing preview in the writings list. */
export const WRITING_PREVIEW_LENGTH = 120;

/** Characters of an idea's content used as its title. */
export const IDEA_TITLE_LENGTH = 60;

/** Characters kept of each chat context item (and of the dropped open document). */
export const CONTEXT_ITEM_MAX_LENGTH = 4000;

/** Characters of a search result snippet. */
export const SEARCH_SNIPPET_LENGTH = 140;

/** Search results shown at most. */
export const SEARCH_MAX_RESULTS = 100;

/** Writings fetched by the search overlay. */
export const SEARCH_WRITINGS_FETCHED = 20;

/** Attempts of the auth gate's session check before a network failure is taken as being offline. */
export const AUTH_CHECK_ATTEMPTS = 3;

/** First back-off of the auth check after a network failure; it doubles after each attempt. */
export const AUTH_CHECK_BACKOFF_MS = 1000;

/** Cap of the auth check's doubling back-off. */
export const AUTH_CHECK_BACKOFF_CAP_MS = 5000;

/**
 * Wait before retrying the auth check after the given failed attempt (1-based): 1 s, 2 s, 4 s, then
 * capped at 5 s.
 */
export function authCheckBackoffMs(failedAttempt: number): number {
  return Math.min(AUTH_CHECK_BACKOFF_MS * 2 ** (failedAttempt - 1), AUTH_CHECK_BACKOFF_CAP_MS);
}

/** The loading screen ends after this long even if loading has not reported completion. */
export const LOADING_FAILSAFE_MS = 8000;

/**
 * Loading placeholders (skeletons, the splash's mark) keep still for this long, and a splash up for less
 * hides at once instead of fading: a load this quick shows no motion. Each animated frame costs the page
 * (in a software-composited Chromium, 30-70 ms of a returning load), and a shimmer seen for a blink is
 * only a flicker. The CSS reads it as `--loading-motion-delay` (tokens.css).
 */
export const LOADING_MOTION_DELAY_MS = 1000;

/** Messages kept per chat in the local chat cache (the most recent ones). */
export const CHAT_CACHE_MESSAGES_PER_CHAT = 50;

/** Recent chats kept in the local chat cache. */
export const CHAT_CACHE_RECENT_CHATS = 10;

/** Storage budget of the local chat cache: 5 MB. */
export const CHAT_CACHE_BUDGET_BYTES = 5 * 1024 * 1024;

/** Auto-save interval slider of the Editor settings, in seconds (kept in the preferences). */
export const AUTO_SAVE_INTERVAL_SECONDS = { min: 5, max: 120, step: 5, default: 30 } as const;

/** Tab size options of the Editor settings. */
export const TAB_SIZES = [2, 4, 8] as const;

/** Default tab size. */
export const DEFAULT_TAB_SIZE = 4;

/** Break screen timings. */
export const BREAK_SCREEN = {
  /** The clock ticks every second. */
  clockTickMs: 1000,
  /** The writing joke appears after this delay. */
  jokeDelayMs: 500,
  /** A new bouncing icon appears this often. */
  iconIntervalMs: 30_000,
  /** Bouncing icons shown at most. */
  maxIcons: 120,
  /** After a key or click the screen closes after this delay. */
  exitDelayMs: 700,
  /** The welcome-back message shows this long. */
  welcomeMessageMs: 1600,
} as const;

/** The editor timer counts down from this many minutes. */
export const EDITOR_TIMER_MINUTES = 15;

/** The editor footer clock refreshes this often. */
export const FOOTER_CLOCK_TICK_MS = 60_000;

/** Chat composer maximum height before it scrolls. */
export const COMPOSER_MAX_HEIGHT_PX = 120;

/** Code blocks longer than this many lines collapse (to {@link CODE_BLOCK_COLLAPSED_MAX_HEIGHT}). */
export const CODE_BLOCK_COLLAPSE_LINES = 30;

/** Maximum height of a collapsed code block. */
export const CODE_BLOCK_COLLAPSED_MAX_HEIGHT = '20rem';

/** Code blocks longer than this many lines show line numbers. */
export const CODE_BLOCK_LINE_NUMBERS_AFTER = 8;

/** Sizes of the resizable workspace panels, in percent of the layout width. */
export const PANEL_SIZES = {
  main: { default: 28, min: 24 },
  editor: { min: 34 },
  right: { default: 24, min: 18 },
} as const;

/** Editor widths, in percent of the layout width (see `editorWidth`). */
export const EDITOR_WIDTHS = { zen: 100, bothSidesOpen: 48, oneSideOpen: 76, noSideOpen: 100 } as const;

/** Long writings are edited as groups of this many top-level blocks (mf-writings, block-groups.ts). */
export const BLOCK_GROUP_SIZE = 100;

/**
 * A rough height in px of a block of `textLength` characters not yet laid out, so the scrollbar of a long
 * writing is about right before each group off screen is.
 */
export function estimatedBlockHeight(textLength: number): number {
  return 30 * Math.max(1, Math.ceil(textLength / 70)) + 18;
}

/**
 * The storage bucket of pasted images and profile pictures: public (shown by URL), each user's files
 * under `<user id>/`, which only they may write.
 */
export const FILES_BUCKET = 'photo-clips';

/** The largest image the bucket takes (its `file_size_limit`, migration 20261122000400), and the text that says so. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const IMAGE_TOO_LARGE = 'Image is larger than 10 MB';
