import { lazy } from 'react';

/** The welcome animation after signing in, loaded only then. */
export const LoadingScreen = lazy(() =>
  import('./loading-screen.tsx').then((module) => ({ default: module.LoadingScreen })),
);
export { SplashOverlay } from './splash-overlay.tsx';
export { markWelcome, takeWelcome } from './welcome.ts';
export { WorkspaceSkeleton } from './workspace-skeleton.tsx';
