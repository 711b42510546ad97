import type { BreakScreen } from './break-screen.tsx';

let loading: Promise<typeof BreakScreen> | undefined;

/**
 * The break screen's code, fetched once when a break first starts: it is never part of the first paint
 * (offline, the service worker has it). The workspace renders it only once it is here (no Suspense: a
 * suspended screen is revealed on a timer, after the break has begun).
 */
export function loadBreakScreen(): Promise<typeof BreakScreen> {
  loading ??= import('./break-screen.tsx').then(
    (module) => module.BreakScreen,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
