import type { Context } from 'hono';
import type { z } from 'zod';
import type { Database } from '../db/database.ts';
import { ClientLimitError, clientAddress, createClientLimiter } from '../http/client-limits.ts';
import { bearerToken, InvalidJwtError, verifyJwt } from '../http/request-auth.ts';
import type { Mailbox } from '../mail/mailbox.ts';
import { AuthError } from './auth-error.ts';
import { consumeOneTimeToken } from './one-time-tokens.ts';
import type { VerificationType } from './schema.ts';
import type { SessionLiveness } from './session-liveness.ts';
import type { TokenSigner } from './sessions.ts';
import { createSignInThrottle } from './sign-in-throttle.ts';
import { changeEmail, confirmEmail, findUserByEmail, findUserById, type Queryable } from './users.ts';

/** What the GoTrue endpoints need from the backend. */
export interface AuthRoutesOptions {
  database: Database;
  mailbox: Mailbox;
  jwtSecret: string;
  /** Sign-up returns a bare user and sends a confirmation link instead of signing in. */
  confirmEmail: boolean;
  /** Where `/verify` redirects when the link's `redirect_to` is missing or not allowed. */
  siteUrl: string;
  /** Seconds a just-rotated refresh token is still accepted. */
  refreshTokenReuseSeconds: number;
  /** Told when sessions end, so their access tokens stop working at once. */
  sessions: SessionLiveness;
  /** Behind a proxy: the client is the last `X-Forwarded-For` entry, not the socket's peer. */
  trustProxy: boolean;
}

export const expiredLink = () => new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');

/** Parses a JSON body against its schema; GoTrue answers 400 for both failures. */
export async function readBody<Schema extends z.ZodType>(
  context: Context,
  schema: Schema,
): Promise<z.output<Schema>> {
  let json: unknown;
  try {
    json = await context.req.json();
  } catch {
    throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AuthError(
      400,
      'validation_failed',
      issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'Invalid body',
    );
  }
  return parsed.data;
}

/**
 * What every GoTrue endpoint shares: the database, the mailbox, the sign-in throttle and per-client
 * limits, and how links and tokens are made for the request's origin.
 */
export function createAuthContext(options: AuthRoutesOptions) {
  const { database, mailbox, jwtSecret, refreshTokenReuseSeconds, sessions } = options;
  const { pg } = database;
  const throttle = createSignInThrottle();
  const limiter = createClientLimiter();

  const clientOf = (context: Context) => clientAddress(context, { trustProxy: options.trustProxy });

  /** Runs a request that hashes a password within its client's limits (http/client-limits.ts). */
  const withinClientLimits = async <T>(context: Context, work: () => Promise<T>): Promise<T> => {
    let release: () => void;
    try {
      release = limiter.enter(clientOf(context));
    } catch (error) {
      if (error instanceof ClientLimitError)
        throw new AuthError(429, 'over_request_rate_limit', error.message);
      throw error;
    }
    try {
      return await work();
    } finally {
      release();
    }
  };

  const signerFor = (context: Context): TokenSigner => ({
    jwtSecret,
    issuer: `${new URL(context.req.url).origin}/auth/v1`,
  });

  /** Links may lead back only to the site or to a loopback address; anything else goes to the site. */
  const resolveRedirect = (redirectTo: string | undefined): string => {
    if (!redirectTo) return options.siteUrl;
    try {
      const url = new URL(redirectTo);
      const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
      const sameSite = url.origin === new URL(options.siteUrl).origin;
      return (url.protocol === 'http:' || url.protocol === 'https:') && (loopback || sameSite)
        ? url.toString()
        : options.siteUrl;
    } catch {
      return options.siteUrl;
    }
  };

  const verificationLink = (context: Context, { token, type }: { token: string; type: VerificationType }) => {
    const link = new URL(`${new URL(context.req.url).origin}/auth/v1/verify`);
    link.searchParams.set('token', token);
    link.searchParams.set('type', type);
    link.searchParams.set('redirect_to', resolveRedirect(context.req.query('redirect_to')));
    return link.toString();
  };

  return {
    options,
    pg,
    mailbox,
    jwtSecret,
    refreshTokenReuseSeconds,
    sessions,
    throttle,
    clientOf,
    withinClientLimits,
    signerFor,
    resolveRedirect,
    verificationLink,
  };
}

/** The shared parts of the auth endpoints (see `createAuthContext`). */
export type AuthContext = ReturnType<typeof createAuthContext>;

/** The signed-in user of a request (Bearer = access token), as GoTrue checks it. */
export async function requireUser(
  auth: Pick<AuthContext, 'jwtSecret' | 'sessions' | 'pg'>,
  context: Context,
) {
  const { jwtSecret, sessions, pg } = auth;
  const token = bearerToken(context.req.raw);
  if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  let claims: Awaited<ReturnType<typeof verifyJwt>>;
  try {
    claims = await verifyJwt(token, jwtSecret);
  } catch (error) {
    if (error instanceof InvalidJwtError) {
      throw new AuthError(
        403,
        'bad_jwt',
        `invalid JWT: unable to parse or verify signature, ${error.message}`,
      );
    }
    throw error;
  }
  if (typeof claims.sub !== 'string') throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : null;
  if (sessionId && !(await sessions.isLive(sessionId))) {
    throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  const user = await findUserById({ db: pg, id: claims.sub });
  if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  return { user, sessionId };
}

/**
 * Consumes a mail link's token and applies it: confirms the e-mail, or moves the user to the new one.
 * Returns the user to sign in.
 */
export async function applyLink({
  db,
  token,
  type,
}: {
  db: Queryable;
  token: string;
  type: VerificationType;
}): Promise<string> {
  const consumed = await consumeOneTimeToken({ db, token, type });
  if (!consumed) throw expiredLink();
  if (type === 'email_change') {
    const taken = await findUserByEmail({ db, email: consumed.relatesTo });
    if (taken && taken.id !== consumed.userId) {
      throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
    }
    await changeEmail({ db, id: consumed.userId, email: consumed.relatesTo });
  } else {
    // A recovery link proves the mailbox too, so it confirms a never-confirmed address, as GoTrue does.
    await confirmEmail({ db, id: consumed.userId });
  }
  return consumed.userId;
}
