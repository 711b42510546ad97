import { signedInCaller } from '../caller.ts';
import type { FunctionEnv } from '../index.ts';

/** The caller's id and email, from their Bearer token; undefined without a valid one. */
export async function signedInUser(
  request: Request,
  env: FunctionEnv,
): Promise<{ id: string; email: string | undefined } | undefined> {
  const caller = await signedInCaller(request, env);
  return caller && { id: caller.userId, email: caller.email };
}
