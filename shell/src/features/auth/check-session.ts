import {
  AUTH_CHECK_ATTEMPTS,
  authCheckBackoffMs,
  isAuthRetryableFetchError,
  isAuthSessionMissingError,
  type User,
} from 'shared-kernel';

/** What the auth gate decided. */
export type SessionCheck =
  | { status: 'signed-in'; user: User }
  /** The server could not be reached: let in on the session cached in this browser. */
  | { status: 'offline'; user: User }
  | { status: 'signed-out' };

/** The part of the Supabase auth client the check uses. */
export type SessionSource = {
  getUser(): Promise<{ data: { user: User | null }; error: unknown }>;
  getSession(): Promise<{ data: { session: { user: User } | null } }>;
};

function isNetworkFailure(error: unknown): boolean {
  return isAuthRetryableFetchError(error) || error instanceof TypeError;
}

/**
 * The auth gate's session check (docs/product.md, Auth gate): up to 3 attempts; a network-type failure is
 * retried after 1 s, then 2 s (doubling, capped at 5 s); after 3 failed network attempts the user is let
 * in on the cached session, assumed offline. Any other failure, or no user, means signed out. With no
 * cached session there is nobody to let in, so that is signed out too.
 */
export async function checkSession({
  auth,
  sleep = (milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds)),
}: {
  auth: SessionSource;
  sleep?: (milliseconds: number) => Promise<unknown>;
}): Promise<SessionCheck> {
  for (let attempt = 1; attempt <= AUTH_CHECK_ATTEMPTS; attempt += 1) {
    let result: Awaited<ReturnType<SessionSource['getUser']>>;
    try {
      result = await auth.getUser();
    } catch (error) {
      result = { data: { user: null }, error };
    }
    if (!result.error && result.data.user) return { status: 'signed-in', user: result.data.user };
    if (!isNetworkFailure(result.error)) {
      // No session is a visitor who has not signed in, not a failure to report.
      if (result.error && !isAuthSessionMissingError(result.error)) {
        console.warn('[auth] session check failed', result.error);
      }
      return { status: 'signed-out' };
    }
    if (attempt < AUTH_CHECK_ATTEMPTS) await sleep(authCheckBackoffMs(attempt));
  }
  const cached = (await auth.getSession()).data.session;
  return cached ? { status: 'offline', user: cached.user } : { status: 'signed-out' };
}
