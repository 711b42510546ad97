export { AppErrorBoundary } from './app-error-boundary.tsx';
export { ErrorScreen } from './error-screen.tsx';
