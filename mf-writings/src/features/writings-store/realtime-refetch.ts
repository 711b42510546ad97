// Changes made elsewhere: the list's realtime subscription and the one-at-a-time refetch it triggers.

import { watchChanges } from 'shared-kernel';
import { loadFolders, refreshFolders } from './folders.ts';
import { refetchAndMerge } from './list-paging.ts';
import { connection, runtime, setState } from './store-state.ts';

/** One refetch at a time: changes arriving meanwhile (a burst of saves) are covered by one more. */
export function scheduleRefetch(): void {
  if (runtime.refetching) {
    runtime.refetchAgain = true;
    return;
  }
  runtime.refetching = true;
  void refetchAndMerge()
    .catch(() => {})
    .finally(() => {
      runtime.refetching = false;
      if (runtime.refetchAgain) {
        runtime.refetchAgain = false;
        scheduleRefetch();
      }
    });
}

export function subscribeToChanges(): void {
  const { client, userId } = connection();
  runtime.stopLive?.();
  const folderId = runtime.state.selectedFolderId;
  const started = runtime.generation;
  const filter = folderId === null ? `user_id=eq.${userId}` : `category_id=eq.${folderId}`;
  const foldersChanged = () => void refreshFolders().catch(() => {});
  runtime.stopLive = watchChanges(
    client,
    `writings-list:${runtime.generation}`,
    [
      { table: 'writings', filter, onChange: scheduleRefetch },
      { table: 'categories', onChange: foldersChanged },
      { table: 'category_shares', onChange: foldersChanged },
    ],
    (status) => {
      if (started !== runtime.generation) return;
      setState({ live: status === 'SUBSCRIBED' });
      if (status !== 'SUBSCRIBED') return;
      // The channel joins after the list was read (realtime waits for the first screen), and again after
      // each reconnection: what changed meanwhile was not heard. A list still loading gets it in its own read.
      if (runtime.foldersMissing) loadFolders();
      else foldersChanged();
      if (runtime.state.status === 'ready') scheduleRefetch();
    },
  );
}
