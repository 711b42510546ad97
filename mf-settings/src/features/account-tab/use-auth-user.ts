import { useEffect, useState } from 'react';
import type { WorkspaceClient } from 'shared-kernel';

/** The auth client's user (with its metadata). */
export type User = NonNullable<Awaited<ReturnType<WorkspaceClient['auth']['getUser']>>['data']['user']>;

/** The signed-in user as the auth client holds them (metadata included), kept current on every change. */
export function useAuthUser(client: WorkspaceClient): User | null {
  const [user, setUser] = useState<User | null>(null);
  useEffect(() => {
    let current = true;
    client.auth.getSession().then(({ data }) => current && setUser(data.session?.user ?? null));
    const { data } = client.auth.onAuthStateChange((_event, session) => {
      if (current) setUser(session?.user ?? null);
    });
    return () => {
      current = false;
      data.subscription.unsubscribe();
    };
  }, [client]);
  return user;
}
