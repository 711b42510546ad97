// Changes made elsewhere: the list's realtime subscription and the one-at-a-time refetch it triggers.
import { watchChanges } from 'shared-kernel';
import { refreshCategories } from './categories.ts';
import { refetchAndMerge } from './list-paging.ts';
import { type IdeasRuntime, setState } from './store-state.ts';

/** One refetch at a time: changes arriving meanwhile (a burst of saves) are covered by one more. */
export function scheduleRefetch(runtime: IdeasRuntime): void {
  if (runtime.closed) return;
  if (runtime.refetching) {
    runtime.refetchAgain = true;
    return;
  }
  runtime.refetching = true;
  void refetchAndMerge(runtime)
    .catch(() => {})
    .finally(() => {
      runtime.refetching = false;
      if (runtime.refetchAgain) {
        runtime.refetchAgain = false;
        scheduleRefetch(runtime);
      }
    });
}

/** Subscribes to the ideas of the list shown (the user's own, or the category's) and to category changes. */
export function subscribeToChanges(runtime: IdeasRuntime): void {
  const { client, userId } = runtime;
  runtime.stopLive?.();
  const categoryId = runtime.state.selectedCategoryId;
  const started = runtime.generation;
  const filter = categoryId === null ? `user_id=eq.${userId}` : `category_id=eq.${categoryId}`;
  const categoriesChanged = () => void refreshCategories(runtime).catch(() => {});
  runtime.stopLive = watchChanges(
    client,
    `ideas-list:${userId}:${runtime.generation}`,
    [
      { table: 'ideas', filter, onChange: () => scheduleRefetch(runtime) },
      { table: 'categories', onChange: categoriesChanged },
      { table: 'category_shares', onChange: categoriesChanged },
    ],
    (status) => {
      if (started !== runtime.generation) return;
      setState(runtime, { live: status === 'SUBSCRIBED' });
      if (status === 'SUBSCRIBED') {
        // Changes made while the channel was down are fetched once it is back.
        categoriesChanged();
        if (runtime.state.status === 'ready') scheduleRefetch(runtime);
      }
    },
  );
}
