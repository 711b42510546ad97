// Who calls a function: the Bearer token of the request and the user it belongs to.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { FunctionEnv } from './index.ts';

/** The Bearer token of a request's Authorization header, if any. */
export function bearerToken(request: Request): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')?.[1];
}

/** The caller's own client (row-level security applies) and id; undefined without a valid token. */
export async function signedInCaller(
  request: Request,
  env: FunctionEnv,
): Promise<{ client: SupabaseClient; userId: string; token: string } | undefined> {
  const token = bearerToken(request);
  if (!token) return undefined;
  const client = env.userClient(token);
  const { data, error } = await client.auth.getUser(token);
  return error || !data.user ? undefined : { client, userId: data.user.id, token };
}
