// Changes made elsewhere: the list's realtime subscription and the one-at-a-time refetch it triggers.

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
  if (runtime.channel) void client.removeChannel(runtime.channel);
  const folderId = runtime.state.selectedFolderId;
  const started = runtime.generation;
  const filter = folderId === null ? `user_id=eq.${userId}` : `category_id=eq.${folderId}`;
  runtime.channel = client
    .channel(`writings-list:${runtime.generation}`)
    .on('postgres_changes', { event: '*', schema: 'public', table: 'writings', filter }, scheduleRefetch)
    .on('postgres_changes', { event: '*', schema: 'public', table: 'categories' }, () => {
      void refreshFolders().catch(() => {});
    })
    .on('postgres_changes', { event: '*', schema: 'public', table: 'category_shares' }, () => {
      void refreshFolders().catch(() => {});
    })
    .subscribe((status) => {
      if (started !== runtime.generation) return;
      setState({ live: status === 'SUBSCRIBED' });
      if (status === 'SUBSCRIBED' && runtime.foldersMissing) loadFolders();
    });
}
