import { useSyncExternalStore } from 'react';

interface OnDemandState<T> {
  value?: T;
  /** The last load failed (offline, a chunk gone); the next `request()` tries again. */
  failed: boolean;
}

interface OnDemandCode<T> {
  get(): OnDemandState<T>;
  subscribe(listener: () => void): () => void;
  request(): void;
}

// One load per module, shared by every component that asks for it (each row of a list, say).
const codes = new WeakMap<() => Promise<unknown>, OnDemandCode<unknown>>();

function onDemandCode<T>(load: () => Promise<T>): OnDemandCode<T> {
  const known = codes.get(load);
  if (known) return known as OnDemandCode<T>;
  let state: OnDemandState<T> = { failed: false };
  let loading = false;
  const listeners = new Set<() => void>();
  const set = (next: OnDemandState<T>) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const code: OnDemandCode<T> = {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    request() {
      if (state.value !== undefined || loading) return;
      loading = true;
      load()
        .then(
          (value) => set({ value, failed: false }),
          (error: unknown) => {
            console.error('[kernel] code loaded on demand is unavailable', error);
            set({ failed: true });
          },
        )
        .finally(() => {
          loading = false;
        });
    },
  };
  codes.set(load, code as OnDemandCode<unknown>);
  return code;
}

/**
 * Code fetched on first use, such as a menu or a dialog kept out of the first paint (docs/architecture.md,
 * Budgets): `load` (a dynamic import) runs when `request()` is called, and its value is returned once it has
 * arrived, `undefined` before, and whether the last load failed. Every component asking with the same `load` shares one load and sees it
 * arrive. A load that fails is logged, and the next `request()` tries again (the bundler does not keep
 * failed chunk loads).
 *
 * Rendered from state rather than through `React.lazy` and Suspense: React reveals suspended content on
 * a timer (a throttle of about 300 ms), which delays a menu opened by a click, and never fires under a
 * paused clock.
 *
 * @param load stable across renders (declare it at module level).
 * @example
 * const loadProfileMenu = () => import('./profile-menu.tsx').then((module) => module.ProfileMenu);
 * const [ProfileMenu, requestProfileMenu] = useOnDemand(loadProfileMenu);
 */
export function useOnDemand<T>(load: () => Promise<T>): [T | undefined, () => void, boolean] {
  const code = onDemandCode(load);
  const state = useSyncExternalStore(code.subscribe, code.get, code.get);
  return [state.value, code.request, state.failed];
}
