import { lazy } from 'react';

/** The break screen, loaded when a break starts: it is never part of the first paint. */
export const BreakScreen = lazy(() =>
  import('./break-screen.tsx').then((module) => ({ default: module.BreakScreen })),
);
