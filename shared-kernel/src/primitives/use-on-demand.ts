import { useSyncExternalStore } from 'react';

interface OnDemandCode<T> {
  get(): T | undefined;
  subscribe(listener: () => void): () => void;
  request(): void;
}

// One load per module, shared by every component that asks for it (each row of a list, say).
const codes = new WeakMap<() => Promise<unknown>, OnDemandCode<unknown>>();

function onDemandCode<T>(load: () => Promise<T>): OnDemandCode<T> {
  const known = codes.get(load);
  if (known) return known as OnDemandCode<T>;
  let value: T | undefined;
  let loading = false;
  const listeners = new Set<() => void>();
  const code: OnDemandCode<T> = {
    get: () => value,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    request() {
      if (value !== undefined || loading) return;
      loading = true;
      load()
        .then(
          (loaded) => {
            value = loaded;
            for (const listener of listeners) listener();
          },
          (error: unknown) => console.error('[kernel] code loaded on demand is unavailable', error),
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
 * arrived, `undefined` before. Every component asking with the same `load` shares one load and sees it
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
export function useOnDemand<T>(load: () => Promise<T>): [T | undefined, () => void] {
  const code = onDemandCode(load);
  const value = useSyncExternalStore(code.subscribe, code.get, code.get);
  return [value, code.request];
}
