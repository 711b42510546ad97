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

/**
 * Builds the function that turns a request into the Postgres role and JWT claims it runs as:
 * the Bearer JWT when present, otherwise the `apikey` header's JWT, otherwise anon with no claims.
 * Only the three API roles are accepted, so no token can `SET ROLE` to anything else.
 */
export function createAuthenticator(
  keys: Pick<ApiKeys, 'jwtSecret'>,
): (request: Request) => Promise<RequestAuth> {
  return async (request) => {
    const token = bearerToken(request) ?? request.headers.get('apikey') ?? undefined;
    if (!token) return { role: 'anon', claims: {} };
    const claims = await verifyJwt(token, keys.jwtSecret);
    const role = claims.role;
    if (typeof role !== 'string' || !databaseRoles.has(role)) {
      throw new InvalidJwtError(`JWT role "${String(role)}" is not one of anon, authenticated, service_role`);
    }
    return { role: role as DatabaseRole, claims };
  };
}
