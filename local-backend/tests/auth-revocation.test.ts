import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Backend, startBackend } from '../src/backend.ts';
import { createTestClient, uniqueEmail } from './auth-test-support.ts';

let backend: Backend;

beforeAll(async () => {
  backend = await startBackend({ dataDir: 'memory://', port: 0 });
});
afterAll(() => backend?.stop());

const password = 'revocation-password';

async function signedIn(email: string, secret = password) {
  const client = createTestClient(backend);
  const { data, error } = await client.auth.signInWithPassword({ email, password: secret });
  if (error || !data.session) throw error ?? new Error('no session');
  return { client, accessToken: data.session.access_token };
}

const restRead = (accessToken: string) =>
  fetch(`${backend.url}/rest/v1/writings?select=id`, {
    headers: { apikey: backend.anonKey, authorization: `Bearer ${accessToken}` },
  });

/** The status of a realtime join with `accessToken`, as the server replies to it. */
async function joinStatus(accessToken: string): Promise<string> {
  const socket = new WebSocket(
    `${backend.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${backend.anonKey}&vsn=1.0.0`,
  );
  await once(socket, 'open');
  socket.send(
    JSON.stringify({
      topic: 'realtime:revoked',
      event: 'phx_join',
      payload: { config: { postgres_changes: [] }, access_token: accessToken },
      ref: '1',
      join_ref: '1',
    }),
  );
  const [data] = (await once(socket, 'message')) as [Buffer];
  socket.close();
  return (JSON.parse(String(data)) as { payload: { status: string } }).payload.status;
}

async function newUser(label: string) {
  const email = uniqueEmail(label);
  expect((await createTestClient(backend).auth.signUp({ email, password })).error).toBeNull();
  return email;
}

describe('access tokens of ended sessions', () => {
  it('stops working on REST and realtime after signing out everywhere', async () => {
    const email = await newUser('signout');
    const { client, accessToken } = await signedIn(email);
    const other = await signedIn(email);
    expect((await restRead(accessToken)).status).toBe(200);
    expect(await joinStatus(other.accessToken)).toBe('ok');

    expect((await client.auth.signOut({ scope: 'global' })).error).toBeNull();
    const rest = await restRead(accessToken);
    expect(rest.status).toBe(401);
    expect((await restRead(other.accessToken)).status).toBe(401);
    expect(await joinStatus(other.accessToken)).toBe('error');
  });

  it("stops another device's token after a password change, and keeps the changing device's", async () => {
    const email = await newUser('password-change');
    const changing = await signedIn(email);
    const elsewhere = await signedIn(email);
    expect((await restRead(elsewhere.accessToken)).status).toBe(200);

    expect((await changing.client.auth.updateUser({ password: 'a-new-password' })).error).toBeNull();
    expect((await restRead(elsewhere.accessToken)).status).toBe(401);
    expect(await joinStatus(elsewhere.accessToken)).toBe('error');
    expect((await restRead(changing.accessToken)).status).toBe(200);
  });

  it('keeps working for the API keys, which belong to no session', async () => {
    expect((await restRead(backend.anonKey)).status).toBe(200);
    expect((await restRead(backend.serviceRoleKey)).status).toBe(200);
  });
});
