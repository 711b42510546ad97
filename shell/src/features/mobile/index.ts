export { AppBanner } from './app-banner.tsx';
export { type MobileArea, MobileWorkspace } from './mobile-workspace.tsx';
export { useIsMobile } from './use-is-mobile.ts';
