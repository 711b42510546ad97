import { messages, type WorkspaceClient } from 'shared-kernel';

/** The outcome of asking the server to delete the account. */
export type DeleteOutcome = { ok: true } | { ok: false; error: string };

/**
 * Asks the delete-account function (service role, server side) to remove the account and everything in
 * it, then signs this device out. The password is required again: a session left open is not enough.
 */
export async function deleteMyAccount({
  client,
  password,
}: {
  client: WorkspaceClient;
  password: string;
}): Promise<DeleteOutcome> {
  if (password === '') return { ok: false, error: messages.settings.advanced.passwordRequired };
  const { error } = await client.functions.invoke('delete-account', { body: { password } });
  if (error) {
    const answer = (error as { context?: Response }).context;
    const body = (await answer?.json?.().catch(() => null)) as { error?: string } | null;
    return { ok: false, error: body?.error ?? messages.settings.advanced.deleteAccountFailed };
  }
  // The account is gone: drop the session this device still holds (the server no longer knows it).
  await client.auth.signOut({ scope: 'local' }).catch(() => undefined);
  return { ok: true };
}
