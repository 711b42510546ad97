import { useEffect, useState } from 'react';
import type { User } from 'shared-kernel';
import { markLoadStep, type WorkspaceClient } from 'shared-kernel';
import { checkSession } from './check-session.ts';

export type SessionState =
  | { status: 'checking' }
  | { status: 'signed-in'; user: User }
  | { status: 'offline'; user: User }
  | { status: 'signed-out' };

/**
 * The session of the page: checked once by the auth gate's rules, then kept current from the auth
 * client's events, which include sign-in and sign-out in other tabs of this browser.
 */
export function useSession(client: WorkspaceClient): SessionState {
  const [state, setState] = useState<SessionState>({ status: 'checking' });
  useEffect(() => {
    let current = true;
    checkSession({ auth: client.auth }).then((result) => {
      markLoadStep('session-known');
      if (current) setState(result);
    });
    const { data } = client.auth.onAuthStateChange((event, session) => {
      if (!current || event === 'INITIAL_SESSION') return;
      if (session?.user) setState({ status: 'signed-in', user: session.user });
      else if (event === 'SIGNED_OUT') setState({ status: 'signed-out' });
    });
    return () => {
      current = false;
      data.subscription.unsubscribe();
    };
  }, [client]);
  return state;
}
