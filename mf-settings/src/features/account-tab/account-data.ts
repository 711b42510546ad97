import {
  FILES_BUCKET,
  IMAGE_TOO_LARGE,
  MAX_IMAGE_BYTES,
  messages,
  nonBlank,
  validateNewPassword,
  type WorkspaceClient,
} from 'shared-kernel';

/** What an account action tells the writer: done (with the text to show), or the error to show. */
export type AccountOutcome = { ok: true; text: string } | { ok: false; error: string };

/** Where the reset e-mail's link lands (SPEC section 2, Routes). */
export const RESET_PASSWORD_PATH = '/login/reset-password';

/**
 * Sets a new password after the form's rules (match, at least 6 characters); the auth service's own
 * message is shown as it is when it refuses.
 */
export async function changePassword({
  client,
  password,
  confirmation,
}: {
  client: WorkspaceClient;
  password: string;
  confirmation: string;
}): Promise<AccountOutcome> {
  const checked = validateNewPassword({ password, confirmation });
  if (!checked.ok) return { ok: false, error: checked.error };
  const { error } = await client.auth.updateUser({ password: checked.value });
  if (error) return { ok: false, error: error.message };
  return { ok: true, text: messages.password.updated };
}

/** Sends the password-reset e-mail to the account's address, its link landing on /login/reset-password. */
export async function sendResetEmail({
  client,
  email,
  origin,
}: {
  client: WorkspaceClient;
  email: string | null | undefined;
  origin: string;
}): Promise<AccountOutcome> {
  const address = nonBlank(email);
  if (!address) return { ok: false, error: messages.resetEmail.noEmail };
  const { error } = await client.auth.resetPasswordForEmail(address, {
    redirectTo: `${origin}${RESET_PASSWORD_PATH}`,
  });
  if (error) return { ok: false, error: error.message };
  return { ok: true, text: messages.resetEmail.sent };
}

/**
 * Saves the display name in the user's metadata; the database mirrors it into the profile others see
 * (public.users, through the auth trigger). A blank name is refused.
 */
export async function updateDisplayName({
  client,
  name,
}: {
  client: WorkspaceClient;
  name: string;
}): Promise<AccountOutcome> {
  const trimmed = nonBlank(name);
  if (!trimmed) return { ok: false, error: messages.settings.account.nameRequired };
  const { error } = await client.auth.updateUser({ data: { name: trimmed } });
  if (error) return { ok: false, error: error.message };
  return { ok: true, text: messages.settings.account.nameSaved };
}

/** Signs out of this device (the shell then moves the page to /login). */
export async function signOut({ client }: { client: WorkspaceClient }): Promise<AccountOutcome> {
  const { error } = await client.auth.signOut();
  if (error) return { ok: false, error: messages.auth.signOutFailed };
  return { ok: true, text: messages.auth.signedOut };
}

/**
 * Uploads a new avatar into the writer's own folder and points their profile at it (the database
 * mirrors `avatar_url` into the profile collaborators see). Only images up to 10 MB are accepted.
 */
export async function uploadAvatar({
  client,
  userId,
  file,
}: {
  client: WorkspaceClient;
  userId: string;
  file: File;
}): Promise<AccountOutcome> {
  if (!file.type.startsWith('image/')) return { ok: false, error: messages.settings.account.avatarNotImage };
  // The bucket would refuse it after the whole upload, in the storage service's words.
  if (file.size > MAX_IMAGE_BYTES) return { ok: false, error: IMAGE_TOO_LARGE };
  const extension = file.type.slice('image/'.length).replace(/[^a-z0-9]/gi, '') || 'img';
  const path = `${userId}/avatar-${crypto.randomUUID()}.${extension}`;
  const storage = await client
    .storage()
    .then((loaded) => loaded.from(FILES_BUCKET))
    .catch(() => null);
  // Storage's code could not be loaded: the page has never had it, and the network is down.
  if (!storage) return { ok: false, error: messages.offline.needsConnection };
  const { error: uploadError } = await storage.upload(path, file, { contentType: file.type });
  if (uploadError) return { ok: false, error: uploadError.message };
  const { error } = await client.auth.updateUser({
    data: { avatar_url: storage.getPublicUrl(path).data.publicUrl },
  });
  if (error) {
    await storage.remove([path]);
    return { ok: false, error: error.message };
  }
  return { ok: true, text: messages.settings.account.avatarSaved };
}
