// Who calls a function: the Bearer token of the request, the user it belongs to, and what their tier allows.
import type { SupabaseClient } from '@supabase/supabase-js';
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

/** The caller of a request; undefined without a valid token. */
export async function signedInCaller(request: Request, env: FunctionEnv): Promise<Caller | undefined> {
  const token = bearerToken(request);
  if (!token) return undefined;
  const client = env.userClient(token);
  const { data, error } = await client.auth.getUser(token);
  return error || !data.user ? undefined : { client, userId: data.user.id, email: data.user.email, token };
}

/** Whether the user's tier (read with the service role from the subscription mirror) has a feature. */
export async function userHasFeature(env: FunctionEnv, userId: string, feature: Feature): Promise<boolean> {
  const { data } = await env.serviceClient().rpc('entitled_tier', { target_user: userId });
  const tier = (TIERS as readonly string[]).includes(data as string) ? (data as Tier) : 'FREE';
  return hasFeature(tier, feature);
}
