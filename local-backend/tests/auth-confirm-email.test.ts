import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backend, startBackend } from '../src/backend.ts';
import {
  createTestClient,
  followOnce,
  hashParameters,
  latestMailTo,
  uniqueEmail,
  verificationLinkIn,
} from './auth-test-support.ts';

const password = 'confirm-me-please';
let backend: Backend;

beforeAll(async () => {
  backend = await startBackend({ dataDir: 'memory://', port: 0, confirmEmail: true });
});
afterAll(() => backend?.stop());

describe('sign-up with e-mail confirmation (SUPABASE_AUTH_CONFIRM_EMAIL=true)', () => {
  it('answers sign-up with a bare unconfirmed user and no session, and refuses sign-in until confirmed', async () => {
    const email = uniqueEmail('pending');
    const client = createTestClient(backend);
    const { data, error } = await client.auth.signUp({ email, password });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at ?? null).toBeNull();
    expect(data.user?.confirmation_sent_at).toBeTruthy();
    const signIn = await client.auth.signInWithPassword({ email, password });
    expect(signIn.error).toMatchObject({ status: 400, code: 'email_not_confirmed' });
  });

  it('confirms through the mailed link, which signs the user in, after which the password works', async () => {
    const email = uniqueEmail('confirm');
    await createTestClient(backend).auth.signUp({
      email,
      password,
      options: { emailRedirectTo: 'http://localhost:3000/workspace' },
    });
    const mail = await latestMailTo(backend, email);
    expect(mail.Subject).toBe('Confirm Your Signup');
    const { status, location } = await followOnce(verificationLinkIn(mail));
    expect(status).toBe(303);
    expect(location.pathname).toBe('/workspace');
    expect(hashParameters(location).get('type')).toBe('signup');
    expect(hashParameters(location).get('access_token')).toBeTruthy();

    const { data, error } = await createTestClient(backend).auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.user?.user_metadata.email_verified).toBe(true);
  });

  it('moves to a new e-mail only once the link mailed to the new address is followed', async () => {
    const email = uniqueEmail('before');
    await createTestClient(backend).auth.signUp({ email, password });
    await followOnce(verificationLinkIn(await latestMailTo(backend, email)));
    const client = createTestClient(backend);
    await client.auth.signInWithPassword({ email, password });

    const newEmail = uniqueEmail('after');
    const { data, error } = await client.auth.updateUser({ email: newEmail });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.new_email).toBe(newEmail);

    const { location } = await followOnce(verificationLinkIn(await latestMailTo(backend, newEmail)));
    expect(hashParameters(location).get('type')).toBe('email_change');
    expect(
      (await createTestClient(backend).auth.signInWithPassword({ email: newEmail, password })).error,
    ).toBeNull();
    expect((await createTestClient(backend).auth.signInWithPassword({ email, password })).error?.code).toBe(
      'invalid_credentials',
    );
  });
});
