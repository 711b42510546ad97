import { createContext, useContext, useSyncExternalStore } from 'react';
import type { IdeasStore } from './ideas-store.ts';
import type { IdeasState } from './store-state.ts';

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
