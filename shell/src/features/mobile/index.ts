import { lazy } from 'react';

// The phone view and its banner load only on a phone.
export const AppBanner = lazy(() =>
  import('./app-banner.tsx').then((module) => ({ default: module.AppBanner })),
);
export const MobileWorkspace = lazy(() =>
  import('./mobile-workspace.tsx').then((module) => ({ default: module.MobileWorkspace })),
);
export const MobileWritings = lazy(() =>
  import('./mobile-workspace.tsx').then((module) => ({ default: module.MobileWritings })),
);
export type { MobileArea } from './mobile-workspace.tsx';
export { useIsMobile } from './use-is-mobile.ts';
