// Connecting the store to a signed-in user, and forgetting them.
import { limitReachedOf, online$, reportUnsyncedChanges, type WorkspaceClient } from 'shared-kernel';
import { startOfflineStore } from '../offline-store/index.ts';
import { loadFolders } from './folders.ts';
import { loadFirstPage } from './list-paging.ts';
import { resetState, runtime, setState } from './store-state.ts';
import { applySyncEvent } from './sync-events.ts';
import { forgetVersions } from './tab-versions.ts';

/**
 * Points the store at a signed-in user. Both parcels call it with the same client and user; only the
 * first call (or a different user) loads the folders and the first page and subscribes to changes.
 */
export function connectWritingsStore({
  client: next,
  userId,
}: {
  client: WorkspaceClient;
  userId: string;
}): void {
  if (runtime.client === next && runtime.state.userId === userId) return;
  disconnectWritingsStore();
  runtime.client = next;
  setState({ userId });
  const started = runtime.session;
  runtime.offline = startOfflineStore({
    client: next,
    userId,
    onEvent: (event) => {
      if (started === runtime.session) applySyncEvent(event);
    },
    onPending: (pending) => {
      if (started !== runtime.session) return;
      setState({ pending });
      reportUnsyncedChanges('writings', pending);
    },
    onLimitReached: (failure) => {
      const limit = limitReachedOf(failure);
      if (started === runtime.session && limit) setState({ limit });
    },
  });
  // The list first: the local backend answers one request at a time, and the writing that opens waits for it.
  void loadFirstPage();
  loadFolders();
  runtime.foldersWhenOnline = online$.subscribe((online) => {
    if (online && runtime.foldersMissing) loadFolders();
  });
}

/** Forgets the user (sign-out, tests): unsubscribes and empties the store. */
export function disconnectWritingsStore(): void {
  runtime.generation += 1;
  runtime.session += 1;
  runtime.foldersWhenOnline?.unsubscribe();
  runtime.foldersWhenOnline = null;
  void runtime.offline.then((opened) => opened?.close());
  runtime.offline = Promise.resolve(null);
  runtime.listedCopies = Promise.resolve(new Map());
  forgetVersions();
  runtime.newerElsewhere.clear();
  runtime.stopLive?.();
  runtime.stopLive = null;
  runtime.client = null;
  resetState();
}
