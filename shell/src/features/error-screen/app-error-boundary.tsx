import type { ErrorInfo, ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { ErrorScreen } from './error-screen.tsx';

function Fallback({ resetErrorBoundary }: FallbackProps) {
  return <ErrorScreen onTryAgain={resetErrorBoundary} />;
}

// Failures are logged and otherwise shown only as the error screen (docs/product.md, Messages).
function logError(error: unknown, info: ErrorInfo) {
  console.error('[shell] unexpected failure', error, info.componentStack);
}

/**
 * Catches a render failure anywhere below it that no remote slot caught, logs it and shows the error
 * screen; Try Again renders the children afresh.
 */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary FallbackComponent={Fallback} onError={logError}>
      {children}
    </ErrorBoundary>
  );
}
