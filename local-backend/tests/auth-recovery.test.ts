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

const password = 'forgotten-password';
const resetPage = 'http://localhost:3000/login/reset-password';
let backend: Backend;

beforeAll(async () => {
  backend = await startBackend({ dataDir: 'memory://', port: 0 });
});
afterAll(() => backend?.stop());

async function registeredEmail(label: string) {
  const email = uniqueEmail(label);
  expect((await createTestClient(backend).auth.signUp({ email, password })).error).toBeNull();
  return email;
}

describe('password recovery', () => {
  it('resets a forgotten password through the mailed link', async () => {
    const email = await registeredEmail('recover');
    const requester = createTestClient(backend);
    const { error } = await requester.auth.resetPasswordForEmail(email, { redirectTo: resetPage });
    expect(error).toBeNull();

    const mail = await latestMailTo(backend, email);
    expect(mail.Subject).toBe('Reset Your Password');
    expect(mail.HTML).toContain('/auth/v1/verify?');
    const { status, location } = await followOnce(verificationLinkIn(mail));
    expect(status).toBe(303);
    expect(`${location.origin}${location.pathname}`).toBe(resetPage);
    const hash = hashParameters(location);
    expect(hash.get('type')).toBe('recovery');
    expect(hash.get('token_type')).toBe('bearer');
    expect(hash.get('expires_in')).toBe('3600');

    // What the browser client does with the hash: store the session, then the page sets a new password.
    const browser = createTestClient(backend);
    const session = await browser.auth.setSession({
      access_token: hash.get('access_token') ?? '',
      refresh_token: hash.get('refresh_token') ?? '',
    });
    expect(session.error).toBeNull();
    expect(session.data.user?.email).toBe(email);
    expect((await browser.auth.updateUser({ password: 'remembered-password' })).error).toBeNull();

    const signIn = createTestClient(backend);
    expect(
      (await signIn.auth.signInWithPassword({ email, password: 'remembered-password' })).error,
    ).toBeNull();
    expect((await signIn.auth.signInWithPassword({ email, password })).error?.code).toBe(
      'invalid_credentials',
    );
  });

  it('redirects a used or made-up link with otp_expired in the hash', async () => {
    const email = await registeredEmail('used-link');
    await createTestClient(backend).auth.resetPasswordForEmail(email, { redirectTo: resetPage });
    const link = verificationLinkIn(await latestMailTo(backend, email));
    expect(hashParameters((await followOnce(link)).location).get('access_token')).toBeTruthy();

    for (const badLink of [link, link.replace(/token=[^&]+/, 'token=made-up')]) {
      const { status, location } = await followOnce(badLink);
      expect(status).toBe(303);
      expect(`${location.origin}${location.pathname}`).toBe(resetPage);
      expect(Object.fromEntries(hashParameters(location))).toEqual({
        error: 'access_denied',
        error_code: 'otp_expired',
        error_description: 'Email link is invalid or has expired',
      });
    }
  });

  it('answers an unknown address like a known one and sends nothing', async () => {
    const email = uniqueEmail('unknown');
    const { data, error } = await createTestClient(backend).auth.resetPasswordForEmail(email);
    expect(error).toBeNull();
    expect(data).toEqual({});
    await expect(latestMailTo(backend, email)).rejects.toThrow('no mail');
  });

  it('sends the browser to the site, not to a foreign redirect_to', async () => {
    const email = await registeredEmail('foreign');
    await createTestClient(backend).auth.resetPasswordForEmail(email, {
      redirectTo: 'https://evil.example/steal',
    });
    const { location } = await followOnce(verificationLinkIn(await latestMailTo(backend, email)));
    expect(location.origin).toBe('http://localhost:3000');
  });

  it('completes the PKCE variant: the link carries a code the client exchanges for a session', async () => {
    const email = await registeredEmail('pkce');
    const browser = createTestClient(backend, { flowType: 'pkce' });
    expect((await browser.auth.resetPasswordForEmail(email, { redirectTo: resetPage })).error).toBeNull();
    const { location } = await followOnce(verificationLinkIn(await latestMailTo(backend, email)));
    const code = location.searchParams.get('code');
    expect(code).toBeTruthy();
    const { data, error } = await browser.auth.exchangeCodeForSession(code ?? '');
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    // A code works once.
    expect((await browser.auth.exchangeCodeForSession(code ?? '')).error).not.toBeNull();
  });
});
