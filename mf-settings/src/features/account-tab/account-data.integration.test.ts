// @vitest-environment node
import { startTestBackend, type TestBackend } from 'local-backend/testing';
import { messages } from 'shared-kernel';
import { testClientOf } from 'shared-kernel/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changePassword, sendResetEmail, signOut, updateDisplayName, uploadAvatar } from './account-data.ts';

// The real local backend (Postgres, GoTrue-style auth, the mail catcher) and the real supabase-js.
let backend: TestBackend;
const origin = 'http://localhost:3000';

beforeAll(async () => {
  backend = await startTestBackend();
}, 120_000);
afterAll(() => backend?.stop());

async function signedUp(label: string, password = 'first-password') {
  const client = testClientOf(backend);
  const email = `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const { data, error } = await client.auth.signUp({ email, password });
  if (error || !data.user) throw new Error(error?.message ?? 'no user');
  return { client, email, userId: data.user.id };
}

async function mailTo(address: string) {
  const list = (await (await fetch(`${backend.url}/mail/api/v1/messages`)).json()) as {
    messages: { ID: string; To: { Address: string }[] }[];
  };
  const entry = list.messages.find((message) => message.To.some((to) => to.Address === address));
  if (!entry) return undefined;
  return (await (await fetch(`${backend.url}/mail/api/v1/message/${entry.ID}`)).json()) as {
    Subject: string;
    Text: string;
  };
}

describe('the Account tab against the backend', () => {
  it('changes the password: the new one signs in, the old one no longer does', async () => {
    const { client, email } = await signedUp('password');
    const outcome = await changePassword({
      client,
      password: 'second-password',
      confirmation: 'second-password',
    });
    expect(outcome).toEqual({ ok: true, text: 'Password updated successfully' });

    const fresh = backend.client();
    expect((await fresh.auth.signInWithPassword({ email, password: 'second-password' })).error).toBeNull();
    const old = await backend.client().auth.signInWithPassword({ email, password: 'first-password' });
    expect(old.error?.code).toBe('invalid_credentials');
  });

  it('refuses a mismatch and a short password before asking the service', async () => {
    const { client, email } = await signedUp('rules');
    expect(await changePassword({ client, password: 'abcdefg', confirmation: 'abcdefh' })).toEqual({
      ok: false,
      error: 'Passwords do not match',
    });
    expect(await changePassword({ client, password: 'abc', confirmation: 'abc' })).toEqual({
      ok: false,
      error: 'Password must be at least 6 characters',
    });
    expect(
      (await backend.client().auth.signInWithPassword({ email, password: 'first-password' })).error,
    ).toBeNull();
  });

  it("shows the service's own message when it refuses the new password", async () => {
    const { client } = await signedUp('refused');
    const tooLong = 'x'.repeat(100);
    const outcome = await changePassword({ client, password: tooLong, confirmation: tooLong });
    expect(outcome.ok).toBe(false);
    expect(outcome.ok ? '' : outcome.error).toMatch(/longer than 72/);
  });

  it('sends the reset e-mail, whose link lands on /login/reset-password', async () => {
    const { client, email } = await signedUp('reset');
    expect(await sendResetEmail({ client, email, origin })).toEqual({ ok: true, text: 'Reset email sent' });

    const mail = await mailTo(email);
    expect(mail?.Subject).toBe('Reset Your Password');
    const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail?.Text ?? '')?.[0] ?? '';
    const answer = await fetch(link, { redirect: 'manual' });
    const location = new URL(answer.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(`${origin}/login/reset-password`);
    expect(new URLSearchParams(location.hash.slice(1)).get('type')).toBe('recovery');
  });

  it('says there is no e-mail on the account rather than asking the service', async () => {
    const { client } = await signedUp('no-mail');
    expect(await sendResetEmail({ client, email: '  ', origin })).toEqual({
      ok: false,
      error: messages.resetEmail.noEmail,
    });
  });

  it('saves the display name, which collaborators then read from the profile', async () => {
    const { client, userId } = await signedUp('name');
    expect(await updateDisplayName({ client, name: '  Ada  ' })).toEqual({ ok: true, text: 'Name saved' });
    const { data } = await client.from('users').select('name').eq('id', userId).single();
    expect(data?.name).toBe('Ada');
    expect((await updateDisplayName({ client, name: ' ' })).ok).toBe(false);
  });

  it('uploads an avatar into the writer’s folder and points the profile at it; refuses a non-image', async () => {
    const { client, userId } = await signedUp('avatar');
    const png = new Uint8Array(64);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x49, 0x48, 0x44, 0x52]);
    const file = new File([png], 'me.png', { type: 'image/png' });
    expect(await uploadAvatar({ client, userId, file })).toEqual({ ok: true, text: 'Avatar updated' });
    const { data } = await client.from('users').select('avatar_url').eq('id', userId).single();
    expect(data?.avatar_url).toMatch(new RegExp(`/photo-clips/${userId}/avatar-[0-9a-f-]+\\.png$`));

    const text = new File(['hello'], 'note.txt', { type: 'text/plain' });
    expect(await uploadAvatar({ client, userId, file: text })).toEqual({
      ok: false,
      error: 'Choose an image file',
    });
  });

  it('refuses a picture over 10 MB in the words of the image upload, before sending it', async () => {
    const { client, userId } = await signedUp('big-avatar');
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' });
    expect(await uploadAvatar({ client, userId, file: big })).toEqual({
      ok: false,
      error: 'Image is larger than 10 MB',
    });
    const { data } = await client.from('users').select('avatar_url').eq('id', userId).single();
    expect(data?.avatar_url).toBeNull();
  });

  it('signs out: the session is gone', async () => {
    const { client } = await signedUp('sign-out');
    expect(await signOut({ client })).toEqual({ ok: true, text: 'Signed out successfully' });
    expect((await client.auth.getSession()).data.session).toBeNull();
  });
});
