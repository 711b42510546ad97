import { useCallback, useState } from 'react';

/**
 * Code fetched on first use, such as a menu or a dialog kept out of the first paint (docs/architecture.md, Budgets): `load` (a dynamic import) runs when `request()` is called, and its value is
 * returned once it has arrived, `undefined` before. A load that fails is logged, and the next
 * `request()` tries again (the bundler does not keep failed chunk loads).
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
  // Boxed: the value is often a component, which setState would call as an updater.
  const [loaded, setLoaded] = useState<{ value: T }>();
  const request = useCallback(() => {
    load().then(
      (value) => setLoaded((current) => current ?? { value }),
      (error: unknown) => console.error('[kernel] code loaded on demand is unavailable', error),
    );
  }, [load]);
  return [loaded?.value, request];
}
