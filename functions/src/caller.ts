// Who calls a function: the Bearer token of the request, the user it belongs to, and what their tier allows.
import type { SupabaseClient } from '@supabase/supabase-js';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { type Feature, hasFeature, TIERS, type Tier } from 'shared-kernel/domain';
import type { FunctionEnv } from './index.ts';

/** The Bearer token of a request's Authorization header, if any. */
export function bearerToken(request: Request): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')?.[1];
}

/** Who calls: their own client (row-level security applies), id, email and token. */
export interface Caller {
  client: SupabaseClient;
  userId: string;
  email: string | undefined;
  token: string;
}

/** The secret the project signs its access tokens with (HS256); the host passes it with the secrets. */
export const JWT_SECRET = 'SUPABASE_JWT_SECRET';

/**
 * The user an access token names, checked here: signed with the project's secret (HS256 only), not
 * expired, the `authenticated` role and a user id. Undefined when it is not valid; 'ask' when it cannot
 * be checked here (no secret, or a token signed with an asymmetric key): the auth server decides.
 */
async function verifiedHere(
  token: string,
  secret: string | undefined,
): Promise<{ userId: string; email: string | undefined } | undefined | 'ask'> {
  if (!secret) return 'ask';
  let algorithm: string | undefined;
  try {
    algorithm = decodeProtectedHeader(token).alg;
  } catch {
    return undefined;
  }
  if (algorithm !== 'HS256') return 'ask';
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
    if (payload.role !== 'authenticated' || typeof payload.sub !== 'string' || !payload.sub) return undefined;
    return { userId: payload.sub, email: typeof payload.email === 'string' ? payload.email : undefined };
  } catch {
    return undefined;
  }
}

/**
 * The caller of a request; undefined without a valid token. By default the auth server checks the token
 * (and that its session was not ended). With `checkHere`, a handler whose first step is a database call
 * under the caller's token (which checks the session again, and refuses an ended one) has the token
 * checked here when the project's JWT secret is known: no round trip to the auth server before it.
 */
export async function signedInCaller(
  request: Request,
  env: FunctionEnv,
  { checkHere = false }: { checkHere?: boolean } = {},
): Promise<Caller | undefined> {
  const token = bearerToken(request);
  if (!token) return undefined;
  const client = env.userClient(token);
  const here = checkHere ? await verifiedHere(token, env.secrets[JWT_SECRET]) : 'ask';
  if (here !== 'ask') return here && { client, ...here, token };
  const { data, error } = await client.auth.getUser(token);
  return error || !data.user ? undefined : { client, userId: data.user.id, email: data.user.email, token };
}

/** Whether the user's tier (read with the service role from the subscription mirror) has a feature. */
export async function userHasFeature(env: FunctionEnv, userId: string, feature: Feature): Promise<boolean> {
  const { data } = await env.serviceClient().rpc('entitled_tier', { target_user: userId });
  const tier = (TIERS as readonly string[]).includes(data as string) ? (data as Tier) : 'FREE';
  return hasFeature(tier, feature);
}
