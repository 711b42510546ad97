import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { AuthError } from './auth-error.ts';
import { findUserById, type Queryable, toUserJson, touchLastSignIn, type UserRecord } from './users.ts';

/** Access tokens live an hour: supabase-js refreshes when fewer than 90 s remain (docs/backend.md, protocol fact 3). */
export const ACCESS_TOKEN_SECONDS = 3600;

/** How a session was authenticated, as GoTrue's `amr` claim names it. */
export type AuthenticationMethod = 'password' | 'otp';

/** What signing an access token needs besides the database. */
export interface TokenSigner {
  jwtSecret: string;
  /** `<origin>/auth/v1`, the `iss` claim. */
  issuer: string;
}

/** GoTrue's refresh tokens are short random strings, not JWTs. */
const newRefreshToken = () => randomBytes(16).toString('base64url');

/** Signs an access token with the claims hosted Supabase puts in one (docs/backend.md, protocol fact 3). */
async function signAccessToken({
  user,
  sessionId,
  amr,
  signer,
}: {
  user: UserRecord;
  sessionId: string;
  amr: { method: string; timestamp: number }[];
  signer: TokenSigner;
}): Promise<{ accessToken: string; expiresAt: number }> {
  const issuedAt = Math.floor(Date.now() / 1000);
  const expiresAt = issuedAt + ACCESS_TOKEN_SECONDS;
  const accessToken = await new SignJWT({
    iss: signer.issuer,
    sub: user.id,
    aud: 'authenticated',
    exp: expiresAt,
    iat: issuedAt,
    email: user.email,
    phone: '',
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    role: 'authenticated',
    aal: 'aal1',
    amr,
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(signer.jwtSecret));
  return { accessToken, expiresAt };
}

/** The Session JSON supabase-js stores: it needs access_token, refresh_token and expires_in. */
async function sessionJson({
  db,
  userId,
  sessionId,
  refreshToken,
  signer,
}: {
  db: Queryable;
  userId: string;
  sessionId: string;
  refreshToken: string;
  signer: TokenSigner;
}) {
  const user = await findUserById({ db, id: userId });
  if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  const claims = await db.query<{ method: string; timestamp: number }>(
    `select authentication_method as method, extract(epoch from created_at)::int as timestamp
     from auth.mfa_amr_claims where session_id = $1 order by created_at`,
    [sessionId],
  );
  const { accessToken, expiresAt } = await signAccessToken({ user, sessionId, amr: claims.rows, signer });
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_SECONDS,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: toUserJson(user),
    weak_password: null,
  };
}

/** The session JSON returned by sign-in, refresh and verification. */
export type SessionJson = Awaited<ReturnType<typeof sessionJson>>;

/** Signs the user in: a new session, its first refresh token, and an access token. */
export async function startSession({
  db,
  userId,
  method,
  signer,
  userAgent,
}: {
  db: Queryable;
  userId: string;
  method: AuthenticationMethod;
  signer: TokenSigner;
  userAgent?: string | undefined;
}): Promise<SessionJson> {
  const sessionId = crypto.randomUUID();
  const refreshToken = newRefreshToken();
  await db.query('insert into auth.sessions (id, user_id, user_agent) values ($1, $2, $3)', [
    sessionId,
    userId,
    userAgent ?? null,
  ]);
  await db.query('insert into auth.mfa_amr_claims (session_id, authentication_method) values ($1, $2)', [
    sessionId,
    method,
  ]);
  await db.query('insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3)', [
    refreshToken,
    userId,
    sessionId,
  ]);
  await touchLastSignIn({ db, id: userId });
  return sessionJson({ db, userId, sessionId, refreshToken, signer });
}

/**
 * Exchanges a refresh token for a new session JSON, rotating it: the token is revoked and a child issued.
 * A token rotated less than `reuseSeconds` ago is still accepted and answered with the session's current
 * token (two tabs refreshing at once, as GoTrue's reuse interval allows). An older revoked token is a
 * replay: the whole session is ended, as GoTrue's reuse detection does. That error is returned, not
 * thrown, so the caller's transaction commits the ending before answering it.
 */
export async function refreshSession({
  db,
  refreshToken,
  reuseSeconds,
  signer,
}: {
  db: Queryable;
  refreshToken: string;
  reuseSeconds: number;
  signer: TokenSigner;
}): Promise<SessionJson | AuthError> {
  const found = await db.query<{
    user_id: string;
    session_id: string;
    revoked: boolean;
    within_reuse: boolean;
  }>(
    `select user_id, session_id, revoked, updated_at > now() - make_interval(secs => $2) as within_reuse
     from auth.refresh_tokens where token = $1`,
    [refreshToken, reuseSeconds],
  );
  const token = found.rows[0];
  if (!token)
    throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  const { user_id: userId, session_id: sessionId } = token;

  if (token.revoked) {
    const current = await db.query<{ token: string }>(
      'select token from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1',
      [sessionId],
    );
    const currentToken = current.rows[0]?.token;
    if (token.within_reuse && currentToken) {
      return sessionJson({ db, userId, sessionId, refreshToken: currentToken, signer });
    }
    await db.query('delete from auth.sessions where id = $1', [sessionId]);
    return new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  }

  const child = newRefreshToken();
  await db.query('update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1', [
    refreshToken,
  ]);
  await db.query(
    'insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)',
    [child, userId, sessionId, refreshToken],
  );
  await db.query('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [
    sessionId,
  ]);
  return sessionJson({ db, userId, sessionId, refreshToken: child, signer });
}

/** Which sessions a logout ends, as in `signOut({ scope })`. */
export type LogoutScope = 'global' | 'local' | 'others';

/** Ends this session, all of the user's sessions, or all but this one. Their refresh tokens go with them. */
export async function endSessions({
  db,
  userId,
  sessionId,
  scope,
}: {
  db: Queryable;
  userId: string;
  sessionId: string | null;
  scope: LogoutScope;
}): Promise<void> {
  await db.query(
    `delete from auth.sessions
     where user_id = $1 and ($3 = 'global' or ($3 = 'local' and id = $2) or ($3 = 'others' and id <> $2))`,
    [userId, sessionId, scope],
  );
}
