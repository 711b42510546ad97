import { type ReactNode, useEffect } from 'react';
import type { User } from 'shared-kernel';
import { navigate, ROUTES } from '../../routing/router.ts';
import { WorkspaceSkeleton } from '../loading/index.ts';
import type { SessionState } from './use-session.ts';

/**
 * Shows the protected screen only to a signed-in writer (or one let in offline on the cached session):
 * the three-pane skeleton while the session is checked, and a redirect to /login when there is nobody.
 */
export function AuthGate({
  session,
  children,
}: {
  session: SessionState;
  children: (user: User) => ReactNode;
}) {
  const signedOut = session.status === 'signed-out';
  useEffect(() => {
    if (signedOut) navigate(ROUTES.login, { replace: true });
  }, [signedOut]);
  if (session.status === 'signed-in' || session.status === 'offline') return children(session.user);
  return <WorkspaceSkeleton />;
}
