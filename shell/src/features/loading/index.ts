export { LoadingScreen } from './loading-screen.tsx';
export { SplashOverlay } from './splash-overlay.tsx';
export { WorkspaceSkeleton } from './workspace-skeleton.tsx';
