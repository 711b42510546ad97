import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { type AreaProps, getSupabaseClient } from 'shared-kernel';
import { createIdeasStore, type IdeasStore } from './ideas-store.ts';
import type { IdeasState } from './store-state.ts';

/**
 * The panel's store for the signed-in user: made when the panel mounts (or the user changes), started,
 * and closed when it unmounts. `null` without a user. `makeWrites` chooses where writes go (the device's
 * offline store, when it can be opened).
 */
export function useIdeasStoreFor({
  backend,
  user,
  open = createIdeasStore,
}: Pick<AreaProps, 'backend' | 'user'> & {
  open?: (options: { client: ReturnType<typeof getSupabaseClient>; userId: string }) => IdeasStore;
}): IdeasStore | null {
  const userId = user?.id ?? null;
  const [store, setStore] = useState<IdeasStore | null>(null);
  useEffect(() => {
    if (userId === null) return;
    const next = open({ client: getSupabaseClient(backend), userId });
    setStore(next);
    void next.start();
    return () => {
      next.close();
      setStore(null);
    };
  }, [backend, userId, open]);
  return store;
}

export const IdeasStoreContext = createContext<IdeasStore | null>(null);

/** The store of the panel around this component. */
export function useStore(): IdeasStore {
  const store = useContext(IdeasStoreContext);
  if (!store) throw new Error('useStore needs an IdeasStoreContext');
  return store;
}

/**
 * Reads a slice of the panel's ideas state and re-renders when it changes. The selector must return a
 * value that stays identical while the state does not change (a field, not a new array or object).
 */
export function useIdeasState<Slice>(selector: (state: IdeasState) => Slice): Slice {
  const store = useStore();
  return useSyncExternalStore(
    store.subscribe,
    () => selector(store.getState()),
    () => selector(store.getState()),
  );
}
