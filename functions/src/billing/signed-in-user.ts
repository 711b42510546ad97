import type { FunctionEnv } from '../index.ts';
import { bearerToken } from './stripe-client.ts';

/** The caller from their Bearer token, checked with the auth service; undefined when there is none. */
export async function signedInUser(
  request: Request,
  env: FunctionEnv,
): Promise<{ id: string; email: string | undefined } | undefined> {
  const token = bearerToken(request);
  if (!token) return undefined;
  const { data, error } = await env.userClient(token).auth.getUser(token);
  if (error || !data.user) return undefined;
  return { id: data.user.id, email: data.user.email };
}
