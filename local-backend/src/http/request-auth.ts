import { errors, type JWTPayload, jwtVerify } from 'jose';
import type { ApiKeys } from '../config.ts';
import type { DatabaseRole, RequestAuth } from '../db/database.ts';

/** A JWT (apikey or Bearer) that is malformed, wrongly signed, expired or names an unknown role. */
export class InvalidJwtError extends Error {
  override name = 'InvalidJwtError';
}

const databaseRoles: ReadonlySet<string> = new Set<DatabaseRole>(['anon', 'authenticated', 'service_role']);

/**
 * Verifies an HS256 JWT signed with the backend's secret and returns its claims.
 * Throws `InvalidJwtError` with a message fit for a 401 body.
 */
export async function verifyJwt(token: string, jwtSecret: string): Promise<JWTPayload> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(jwtSecret), {
      algorithms: ['HS256'],
    });
    return payload;
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new InvalidJwtError('JWT expired');
    throw new InvalidJwtError(`Invalid JWT: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The bearer token of an `Authorization` header, or undefined. */
export function bearerToken(request: Request): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '');
  return match?.[1];
}

/** Answers whether a session still exists (auth/session-liveness.ts), cached briefly. */
export interface SessionCheck {
  isLive(sessionId: string): Promise<boolean>;
}

/** How many verified tokens an authenticator remembers: the active sessions of a development backend. */
const VERIFIED_TOKENS_CACHED = 1000;

/**
 * Builds the function that turns a request into the Postgres role and JWT claims it runs as:
 * the Bearer JWT when present, otherwise the `apikey` header's JWT, otherwise anon with no claims.
 * Only the three API roles are accepted, so no token can `SET ROLE` to anything else.
 *
 * Verifying an HMAC signature costs about 0.2 ms, a large share of a REST request's budget
 * (docs/architecture.md, Budgets: REST <= 1.5x the raw query), and a client sends the same token with every request.
 * So verified tokens are remembered by their exact text, least recently used first out. The secret
 * is fixed for the authenticator's life, so a remembered token's signature stays valid; only its expiry
 * can lapse, and it is checked on every use exactly as jose checks it. Failures are never remembered.
 *
 * With `sessions`, a user token whose session has ended (sign-out, password change elsewhere) is
 * refused although its signature is still valid; checked on every use, as the session can end any time.
 */
export function createAuthenticator(
  keys: Pick<ApiKeys, 'jwtSecret'>,
  { sessions }: { sessions?: SessionCheck } = {},
): (request: Request) => Promise<RequestAuth> {
  const verified = new Map<string, RequestAuth>();

  const verify = async (token: string): Promise<RequestAuth> => {
    const claims = await verifyJwt(token, keys.jwtSecret);
    const role = claims.role;
    if (typeof role !== 'string' || !databaseRoles.has(role)) {
      throw new InvalidJwtError(`JWT role "${String(role)}" is not one of anon, authenticated, service_role`);
    }
    return { role: role as DatabaseRole, claims: Object.freeze(claims) };
  };

  return async (request) => {
    const token = bearerToken(request) ?? request.headers.get('apikey') ?? undefined;
    if (!token) return { role: 'anon', claims: {} };
    let auth = verified.get(token);
    verified.delete(token);
    // jose's rule: expired once `exp` <= now in whole seconds. An expired token is verified again, and
    // fails with jose's own error.
    const exp = auth?.claims.exp;
    if (!auth || (typeof exp === 'number' && exp <= Math.floor(Date.now() / 1000)))
      auth = await verify(token);
    // (Re-)inserted last: a Map iterates in insertion order, so its first key is the least recently used.
    verified.set(token, auth);
    const oldest = verified.keys().next();
    if (verified.size > VERIFIED_TOKENS_CACHED && !oldest.done) verified.delete(oldest.value);
    const sessionId = auth.claims.session_id;
    if (sessions && typeof sessionId === 'string' && !(await sessions.isLive(sessionId))) {
      throw new InvalidJwtError('Session from session_id claim in JWT does not exist');
    }
    return auth;
  };
}
