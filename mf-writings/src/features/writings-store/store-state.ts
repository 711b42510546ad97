// The writings store's one state object: what the sidebar and the editor render (`state`, read through
// `useWritingsStore`) and what the store's actions keep between calls (the connection, counters that drop
// stale answers, the device's offline store). Every module of the store reads and writes it here.
import { useSyncExternalStore } from 'react';
import { DataError, messages, type RateLimitKind, type WorkspaceClient } from 'shared-kernel';
import type { OfflineStore, SyncEvent } from '../offline-store/index.ts';
import type { Folder, Writing, WritingDraft, WritingSummary } from '../writings-data/index.ts';

/** Where the list's loading is: 'loading' is the first page, 'loading-more' a later one. */
export type ListStatus = 'idle' | 'loading' | 'loading-more' | 'ready' | 'error';

/** Everything the sidebar and the editor share about the writings. */
export type WritingsState = {
  readonly userId: string | null;
  readonly items: readonly WritingSummary[];
  readonly status: ListStatus;
  readonly hasMore: boolean;
  readonly folders: readonly Folder[];
  readonly selectedFolderId: string | null;
  /** The writing open in the editor. */
  readonly selectedWritingId: string | null;
  /** The list's multi-selection (Cmd/Ctrl-click, Shift-click); the open writing is in it when chosen. */
  readonly selectedIds: ReadonlySet<string>;
  /** Where a Shift-click range starts. */
  readonly anchorId: string | null;
  /** Writings with local edits the server does not have yet. */
  readonly unsaved: ReadonlySet<string>;
  /** The local copies of those edits. */
  readonly drafts: Readonly<Record<string, WritingDraft>>;
  /** Whether the list's realtime subscription is joined (changes made elsewhere arrive). */
  readonly live: boolean;
  /** The last failure to tell the user (an alert text of the spec), until dismissed. */
  readonly notice: string | null;
  /** Writes kept on this device that wait to be synced (offline, or refused for now). */
  readonly pending: number;
  /** The tier limit a new writing was refused for (it stays on this device), until dismissed. */
  readonly limit: { readonly kind: RateLimitKind; readonly resetsAt: Date } | null;
};

const initialState: WritingsState = {
  userId: null,
  items: [],
  status: 'idle',
  hasMore: false,
  folders: [],
  selectedFolderId: null,
  selectedWritingId: null,
  selectedIds: new Set(),
  anchorId: null,
  unsaved: new Set(),
  drafts: {},
  live: false,
  notice: null,
  pending: 0,
  limit: null,
};

/** The store's state and the bookkeeping of its actions. */
interface StoreRuntime {
  state: WritingsState;
  client: WorkspaceClient | null;
  /** Stops the list's realtime subscription. */
  stopLive: (() => void) | null;
  /** Bumped on every (re)connection and folder change, so answers for an older list are dropped. */
  generation: number;
  /** Bumped on every (re)connection, so folder answers for a previous user are dropped. */
  session: number;
  /** The signed-in user's offline store; `null` where IndexedDB is not available (online only). */
  offline: Promise<OfflineStore | null>;
  /**
   * The first writings of the list, whole, fetched beside the list for a short while: the writing that
   * opens on load (the first) and its neighbour open without a request of their own. Each is used once.
   * A promise, so a writing opened while they are on the way waits for them rather than asking again
   * (the list often answers first); empty when their request failed.
   */
  listedCopies: Promise<Map<string, { writing: Writing; at: number }>>;
  /**
   * Whether the folders failed to load (offline): they are loaded again when the connection returns, or
   * when the list's channel is live again (the server may come back later than the connection).
   */
  foldersMissing: boolean;
  foldersWhenOnline: { unsubscribe(): void } | null;
  /** A refetch is running; `refetchAgain`: changes arrived meanwhile, so one more follows. */
  refetching: boolean;
  refetchAgain: boolean;
  /**
   * The server's version (`updated_at`) of writings a refetch found newer than the row listed, which it
   * left as it was for its unsaved edits: once they are saved, the list asks again if that version is
   * still the newer (drafts.ts, markSaved).
   */
  readonly newerElsewhere: Map<string, string>;
  readonly listeners: Set<() => void>;
  readonly syncListeners: Set<(event: SyncEvent) => void>;
  readonly removedListeners: Set<(id: string) => void>;
}

export const runtime: StoreRuntime = {
  state: initialState,
  client: null,
  stopLive: null,
  generation: 0,
  session: 0,
  offline: Promise.resolve(null),
  listedCopies: Promise.resolve(new Map()),
  foldersMissing: false,
  foldersWhenOnline: null,
  refetching: false,
  refetchAgain: false,
  newerElsewhere: new Map(),
  listeners: new Set(),
  syncListeners: new Set(),
  removedListeners: new Set(),
};

/** How many of the list's first writings are fetched whole beside it. */
export const LISTED_COPIES = 2;

export function setState(update: Partial<WritingsState>): void {
  runtime.state = { ...runtime.state, ...update };
  for (const listener of runtime.listeners) listener();
}

/** Back to the empty state (sign-out). */
export function resetState(): void {
  runtime.state = initialState;
  for (const listener of runtime.listeners) listener();
}

/** The store's current state, outside React (actions, tests). */
export function getWritingsState(): WritingsState {
  return runtime.state;
}

function subscribe(listener: () => void): () => void {
  runtime.listeners.add(listener);
  return () => runtime.listeners.delete(listener);
}

/**
 * Reads a slice of the writings store and re-renders when it changes. The selector must return a value
 * that stays identical while the state does not change (a field, not a new array or object).
 * @example const items = useWritingsStore((state) => state.items);
 */
export function useWritingsStore<Slice>(selector: (state: WritingsState) => Slice): Slice {
  return useSyncExternalStore(
    subscribe,
    () => selector(runtime.state),
    () => selector(runtime.state),
  );
}

/** The signed-in client and user; throws when the store is not connected. */
export function connection(): { client: WorkspaceClient; userId: string } {
  if (!runtime.client || !runtime.state.userId) throw new Error('The writings store is not connected');
  return { client: runtime.client, userId: runtime.state.userId };
}

/**
 * Tells the writer about a failure: offline or an ended session by the backend's answer, a text of the
 * catalogue thrown by the app itself as it is, and `fallback` for anything else the backend refused.
 */
export function say(error: unknown, fallback: string): void {
  setState({ notice: failureText(error, fallback) });
}

function failureText(error: unknown, fallback: string): string {
  if (!(error instanceof DataError))
    return error instanceof Error && error.message ? error.message : fallback;
  if (error.code === 'offline') return messages.offline.needsConnection;
  if (error.code === 'session-expired') return messages.save.sessionExpired;
  return fallback;
}

/** Hides the notice and the limit alert. */
export function dismissNotice(): void {
  setState({ notice: null, limit: null });
}
