import { bearerToken } from '../caller.ts';
import type { FunctionHandler } from '../index.ts';

/** The error texts of the function, each sent as `{ error }`. */
export const deleteAccountErrors = {
  method: 'Method not allowed',
  unauthenticated: 'User not authenticated',
  password: 'Password is required',
  wrongPassword: 'Invalid login credentials',
  storage: 'Failed to remove your files',
  delete: 'Failed to delete account',
} as const;

const failure = (error: string, status: number) => Response.json({ error }, { status });

async function passwordOf(request: Request): Promise<string | undefined> {
  try {
    const body = (await request.json()) as { password?: unknown };
    return typeof body.password === 'string' && body.password !== '' ? body.password : undefined;
  } catch {
    return undefined;
  }
}

/**
 * POST `{ password }` with the caller's Bearer token. Checks who the caller is and that the password is
 * theirs (a stolen session alone cannot delete an account), then with the service role removes every
 * stored file of theirs through the storage API and deletes the user, whose rows all go with them
 * (migration 20261125000300_account_deletion.sql). Answers `{ deleted: true }`; every refusal is
 * `{ error }` with its status.
 */
export const deleteAccount: FunctionHandler = async (request, env) => {
  if (request.method !== 'POST') return failure(deleteAccountErrors.method, 405);
  const token = bearerToken(request);
  if (!token) return failure(deleteAccountErrors.unauthenticated, 401);
  const caller = env.userClient(token);
  const { data: userData, error: userError } = await caller.auth.getUser(token);
  const user = userData?.user;
  if (userError || !user?.email) return failure(deleteAccountErrors.unauthenticated, 401);
  const password = await passwordOf(request);
  if (!password) return failure(deleteAccountErrors.password, 400);
  const { error: signInError } = await caller.auth.signInWithPassword({ email: user.email, password });
  if (signInError) return failure(deleteAccountErrors.wrongPassword, 403);

  const service = env.serviceClient();
  const { data: objects, error: listError } = await service.rpc('account_storage_objects', {
    target: user.id,
  });
  if (listError) return failure(deleteAccountErrors.storage, 500);
  const byBucket = new Map<string, string[]>();
  for (const { bucket_id: bucket, name } of (objects ?? []) as { bucket_id: string; name: string }[]) {
    byBucket.set(bucket, [...(byBucket.get(bucket) ?? []), name]);
  }
  for (const [bucket, names] of byBucket) {
    const { error } = await service.storage.from(bucket).remove(names);
    if (error) return failure(deleteAccountErrors.storage, 500);
  }
  const { error: deleteError } = await service.rpc('delete_account', { target: user.id });
  if (deleteError) return failure(deleteAccountErrors.delete, 500);
  return Response.json({ deleted: true });
};
