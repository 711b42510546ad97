import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backend, startBackend } from '../src/backend.ts';
import { createTestClient, uniqueEmail } from './auth-test-support.ts';

const password = 'first-password';
let backend: Backend;

beforeAll(async () => {
  // A 2 s reuse window (default 10 s) keeps the "replayed after the window" test short.
  backend = await startBackend({ dataDir: 'memory://', port: 0, refreshTokenReuseSeconds: 2 });
});
afterAll(() => backend?.stop());

async function signedUpClient(label: string, data: Record<string, unknown> = {}) {
  const email = uniqueEmail(label);
  const client = createTestClient(backend);
  const { data: signUp, error } = await client.auth.signUp({ email, password, options: { data } });
  expect(error).toBeNull();
  return { client, email, session: signUp.session };
}

describe('sign-up and sign-in', () => {
  it('signs a new user up and in at once, with the metadata given at sign-up', async () => {
    const { email, session } = await signedUpClient('signup', { display_name: 'Ada' });
    expect(session?.user.email).toBe(email);
    expect(session?.user.email_confirmed_at).toBeTruthy();
    expect(session?.user.user_metadata).toMatchObject({ display_name: 'Ada', email, email_verified: true });
    expect(session?.user.identities?.[0]).toMatchObject({ provider: 'email', identity_data: { email } });
  });

  it('copies a new auth user into the public profile table through the product trigger', async () => {
    const { client, email, session } = await signedUpClient('profile');
    const profile = await backend.database.pg.query<{ email: string }>(
      'select email from public.users where id = $1',
      [session?.user.id],
    );
    expect(profile.rows[0]?.email).toBe(email);
    await client.auth.signOut();
  });

  it('issues hour-long access tokens carrying the claims row-level security reads', async () => {
    const { email } = await signedUpClient('claims');
    const { data, error } = await createTestClient(backend).auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    const claims = decodeJwt(data.session?.access_token ?? '');
    expect(claims).toMatchObject({
      sub: data.user?.id,
      role: 'authenticated',
      aud: 'authenticated',
      email,
      aal: 'aal1',
      is_anonymous: false,
      iss: `${backend.url}/auth/v1`,
    });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(3600);
    expect(typeof claims.session_id).toBe('string');
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    expect(data.session?.expires_in).toBe(3600);
  });

  it('signs the seeded demo account in with the password the README gives', async () => {
    const { data, error } = await createTestClient(backend).auth.signInWithPassword({
      email: 'demo@example.com',
      password: 'demo-password',
    });
    expect(error).toBeNull();
    expect(data.user?.user_metadata.name).toBe('Demo Writer');
  });

  it('refuses a second sign-up for a registered e-mail with user_already_exists', async () => {
    const { email } = await signedUpClient('twice');
    const { error } = await createTestClient(backend).auth.signUp({ email, password });
    expect(error).toMatchObject({ status: 422, code: 'user_already_exists' });
  });

  it('refuses passwords shorter than 6 characters as weak_password with the reason', async () => {
    const { error } = await createTestClient(backend).auth.signUp({
      email: uniqueEmail('weak'),
      password: '12345',
    });
    expect(error).toMatchObject({
      name: 'AuthWeakPasswordError',
      status: 422,
      code: 'weak_password',
      reasons: ['length'],
    });
  });

  it('answers a wrong password and an unknown e-mail alike with invalid_credentials', async () => {
    const { email } = await signedUpClient('wrong');
    const client = createTestClient(backend);
    const wrongPassword = await client.auth.signInWithPassword({ email, password: 'not-the-password' });
    const unknownEmail = await client.auth.signInWithPassword({ email: uniqueEmail('nobody'), password });
    for (const { error } of [wrongPassword, unknownEmail]) {
      expect(error).toMatchObject({ name: 'AuthApiError', status: 400, code: 'invalid_credentials' });
      expect(error?.message).toBe('Invalid login credentials');
    }
  });

  it('locks an e-mail out with 429 after 5 failed sign-ins, even for the right password', async () => {
    const { email } = await signedUpClient('throttle');
    const client = createTestClient(backend);
    for (let attempt = 0; attempt < 5; attempt++) {
      const { error } = await client.auth.signInWithPassword({ email, password: `wrong-${attempt}` });
      expect(error?.code).toBe('invalid_credentials');
    }
    const { data, error } = await client.auth.signInWithPassword({ email, password });
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    // Other e-mails are not affected.
    const other = await signedUpClient('not-throttled');
    expect((await client.auth.signInWithPassword({ email: other.email, password })).error).toBeNull();
  });
});

describe('users', () => {
  it('returns the signed-in user from getUser', async () => {
    const { client, email } = await signedUpClient('get-user');
    const { data, error } = await client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
  });

  it('answers getClaims for the HS256 session token', async () => {
    const { client, session } = await signedUpClient('claims-api');
    const { data, error } = await client.auth.getClaims();
    expect(error).toBeNull();
    expect(data?.claims).toMatchObject({ sub: session?.user.id, role: 'authenticated' });
  });

  it('merges updateUser data into user_metadata and removes keys set to null', async () => {
    const { client } = await signedUpClient('metadata', { display_name: 'Ada', theme: 'dark', plan: 'free' });
    const { data, error } = await client.auth.updateUser({ data: { display_name: 'Grace', plan: null } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ display_name: 'Grace', theme: 'dark' });
    expect(data.user?.user_metadata).not.toHaveProperty('plan');
    const fresh = await client.auth.getUser();
    expect(fresh.data.user?.user_metadata.display_name).toBe('Grace');
  });

  it('changes the password: the new one signs in, the old one no longer does', async () => {
    const { client, email } = await signedUpClient('password');
    expect((await client.auth.updateUser({ password: 'second-password' })).error).toBeNull();
    const other = createTestClient(backend);
    expect((await other.auth.signInWithPassword({ email, password: 'second-password' })).error).toBeNull();
    expect((await other.auth.signInWithPassword({ email, password })).error?.code).toBe(
      'invalid_credentials',
    );
  });

  it('refuses to set the same password again with same_password, and a short one with weak_password', async () => {
    const { client } = await signedUpClient('same');
    expect((await client.auth.updateUser({ password })).error).toMatchObject({
      status: 422,
      code: 'same_password',
    });
    expect((await client.auth.updateUser({ password: 'abc' })).error).toMatchObject({
      code: 'weak_password',
    });
  });

  it('changes the e-mail at once when sign-ups are auto-confirmed', async () => {
    const { client } = await signedUpClient('old-address');
    const newEmail = uniqueEmail('new-address');
    const { data, error } = await client.auth.updateUser({ email: newEmail });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(newEmail);
    expect(
      (await createTestClient(backend).auth.signInWithPassword({ email: newEmail, password })).error,
    ).toBeNull();
  });
});

describe('refresh tokens', () => {
  it('rotates the refresh token on every refresh and keeps the user', async () => {
    const { client, session } = await signedUpClient('rotate');
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).toBeTruthy();
    expect(data.session?.refresh_token).not.toBe(session?.refresh_token);
    expect(data.session?.user.id).toBe(session?.user.id);
  });

  it('accepts the just-replaced token for racing tabs, then treats a late replay as theft and ends the session', async () => {
    const { client, session } = await signedUpClient('reuse');
    const replaced = session?.refresh_token ?? '';
    const rotated = await client.auth.refreshSession();
    const current = rotated.data.session?.refresh_token;

    const racingTab = createTestClient(backend);
    const raced = await racingTab.auth.refreshSession({ refresh_token: replaced });
    expect(raced.error).toBeNull();
    expect(raced.data.session?.refresh_token).toBe(current);

    await new Promise((resolve) => setTimeout(resolve, 2500));
    const replay = await createTestClient(backend).auth.refreshSession({ refresh_token: replaced });
    expect(replay.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    const afterTheft = await createTestClient(backend).auth.refreshSession({ refresh_token: current ?? '' });
    expect(afterTheft.error?.code).toBe('refresh_token_not_found');
  });

  it('answers an unknown refresh token with refresh_token_not_found', async () => {
    const { error } = await createTestClient(backend).auth.refreshSession({ refresh_token: 'made-up' });
    expect(error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });
});

describe('sign-out scopes', () => {
  async function threeDevices() {
    const { email } = await signedUpClient('devices');
    const devices = [
      createTestClient(backend),
      createTestClient(backend),
      createTestClient(backend),
    ] as const;
    const refreshTokens: string[] = [];
    for (const device of devices) {
      const { data } = await device.auth.signInWithPassword({ email, password });
      refreshTokens.push(data.session?.refresh_token ?? '');
    }
    /** Whether a device's session still exists on the server. */
    const alive = async (index: number) => {
      const { error } = await createTestClient(backend).auth.refreshSession({
        refresh_token: refreshTokens[index] ?? '',
      });
      return error === null;
    };
    return { devices, alive };
  }

  it('ends only this device with scope local', async () => {
    const { devices, alive } = await threeDevices();
    expect((await devices[0].auth.signOut({ scope: 'local' })).error).toBeNull();
    expect([await alive(0), await alive(1), await alive(2)]).toEqual([false, true, true]);
  });

  it('ends every other device with scope others', async () => {
    const { devices, alive } = await threeDevices();
    expect((await devices[0].auth.signOut({ scope: 'others' })).error).toBeNull();
    expect([await alive(0), await alive(1), await alive(2)]).toEqual([true, false, false]);
    expect((await devices[0].auth.getUser()).error).toBeNull();
  });

  it('ends every device with the default global scope, and the old access token no longer reads the user', async () => {
    const { devices, alive } = await threeDevices();
    const accessToken = (await devices[1].auth.getSession()).data.session?.access_token ?? '';
    expect((await devices[0].auth.signOut()).error).toBeNull();
    expect([await alive(0), await alive(1), await alive(2)]).toEqual([false, false, false]);
    // The server answers 403 session_not_found, which supabase-js turns into AuthSessionMissingError.
    const { error } = await createTestClient(backend).auth.getUser(accessToken);
    expect(error?.name).toBe('AuthSessionMissingError');
    const response = await fetch(`${backend.url}/auth/v1/user`, {
      headers: {
        apikey: backend.anonKey,
        authorization: `Bearer ${accessToken}`,
        'x-supabase-api-version': '2024-01-01',
      },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'session_not_found' });
  });

  it('signs the other devices out when the password changes', async () => {
    const { devices, alive } = await threeDevices();
    expect((await devices[2].auth.updateUser({ password: 'changed-password' })).error).toBeNull();
    expect([await alive(0), await alive(1)]).toEqual([false, false]);
    expect((await devices[2].auth.getUser()).error).toBeNull();
  });
});
