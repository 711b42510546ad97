// The ideas store's one state object: what the panel renders (`state`) and the bookkeeping of its actions
// (the connection, counters that drop stale answers, pending saves). One store per mounted panel and
// signed-in user, made by createIdeasStore: no module-level singleton.
import { DataError, messages, type WorkspaceClient } from 'shared-kernel';
import type { Idea, IdeaCategory } from '../ideas-data/index.ts';
import type { IdeaWrites } from './idea-writes.ts';

/** Where the list's loading is: 'loading' is the first page, 'loading-more' a later one. */
export type ListStatus = 'idle' | 'loading' | 'loading-more' | 'ready' | 'error';

/** Everything the panel shows about the ideas. */
export type IdeasState = {
  readonly items: readonly Idea[];
  readonly status: ListStatus;
  readonly hasMore: boolean;
  readonly categories: readonly IdeaCategory[];
  /** The chosen category; `null` is All (the user's own ideas). */
  readonly selectedCategoryId: string | null;
  readonly selectedIds: ReadonlySet<string>;
  /** Where a Shift-click range starts. */
  readonly anchorId: string | null;
  /** The idea open for editing in place. */
  readonly expandedId: string | null;
  /** Ideas with local edits the server does not have yet. */
  readonly unsaved: ReadonlySet<string>;
  /** The idea scrolled to and highlighted (chosen in search), until the next click. */
  readonly highlightId: string | null;
  /** Whether the list's realtime subscription is joined. */
  readonly live: boolean;
  /** The last failure to tell the writer (a text of the spec), until dismissed. */
  readonly notice: string | null;
  /** Writes kept on this device waiting to be synced. */
  readonly pending: number;
};

export const initialIdeasState: IdeasState = {
  items: [],
  status: 'idle',
  hasMore: false,
  categories: [],
  selectedCategoryId: null,
  selectedIds: new Set(),
  anchorId: null,
  expandedId: null,
  unsaved: new Set(),
  highlightId: null,
  live: false,
  notice: null,
  pending: 0,
};

/** The state of one store and what its actions keep between calls. */
export interface IdeasRuntime {
  state: IdeasState;
  readonly client: WorkspaceClient;
  readonly userId: string;
  /** Where writes go: the server directly, or this device's outbox first. */
  writes: IdeaWrites;
  /** Stops the list's realtime subscription. */
  stopLive: (() => void) | null;
  /** Bumped on every category change and on close, so answers for an older list are dropped. */
  generation: number;
  closed: boolean;
  refetching: boolean;
  refetchAgain: boolean;
  /** Debounced content saves by idea id. */
  readonly saveTimers: Map<string, ReturnType<typeof setTimeout>>;
  /**
   * Ideas being edited: the latest local content (what the next save sends), and the text it was typed
   * over (shown when the typing began, or sent by the last save since).
   */
  readonly edits: Map<string, { readonly content: string; readonly over: string }>;
  readonly listeners: Set<() => void>;
}

export function createRuntime(client: WorkspaceClient, userId: string, writes: IdeaWrites): IdeasRuntime {
  return {
    state: initialIdeasState,
    client,
    userId,
    writes,
    stopLive: null,
    generation: 0,
    closed: false,
    refetching: false,
    refetchAgain: false,
    saveTimers: new Map(),
    edits: new Map(),
    listeners: new Set(),
  };
}

export function setState(runtime: IdeasRuntime, update: Partial<IdeasState>): void {
  if (runtime.closed) return;
  runtime.state = { ...runtime.state, ...update };
  for (const listener of runtime.listeners) listener();
}

/** The selected category, if any. */
export function selectedCategory(runtime: IdeasRuntime): IdeaCategory | null {
  const { categories, selectedCategoryId } = runtime.state;
  return categories.find((category) => category.id === selectedCategoryId) ?? null;
}

/**
 * Tells the writer about a failure: offline or an ended session by the backend's answer, a text of the
 * catalogue thrown by the app itself as it is, and `fallback` for anything else the backend refused.
 */
export function say(runtime: IdeasRuntime, error: unknown, fallback: string): void {
  setState(runtime, { notice: failureText(error, fallback) });
}

function failureText(error: unknown, fallback: string): string {
  if (!(error instanceof DataError))
    return error instanceof Error && error.message ? error.message : fallback;
  if (error.code === 'offline') return messages.offline.needsConnection;
  if (error.code === 'session-expired') return messages.save.sessionExpired;
  if (error.code === 'permission-denied' && error.message) return error.message;
  return fallback;
}
