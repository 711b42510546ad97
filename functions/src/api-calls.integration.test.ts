// @vitest-environment node
import { createClient } from '@supabase/supabase-js';
import { type Backend, startBackend } from 'local-backend';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createFunctionEnv, handlers } from './index.ts';

let backend: Backend;

beforeAll(async () => {
  backend = await startBackend({ dataDir: 'memory://', port: 0 });
});
afterAll(async () => {
  await backend?.stop();
});

describe('API calls per day', () => {
  it('counts every function call of a FREE writer and refuses the 51st with what opens the pricing dialog', async () => {
    const client = createClient(backend.url, backend.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });
    const { data } = await client.auth.signUp({
      email: `calls-${crypto.randomUUID().slice(0, 8)}@example.com`,
      password: 'calls-password',
    });
    const token = data.session?.access_token as string;
    const env = createFunctionEnv({
      supabaseUrl: backend.url,
      anonKey: backend.anonKey,
      serviceRoleKey: backend.serviceRoleKey,
      secrets: {},
      webSocket: WebSocket,
    });
    const call = () =>
      (handlers.chat as NonNullable<typeof handlers.chat>)(
        new Request('http://functions.test/functions/v1/chat', {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: '{}',
        }),
        env,
      );
    const statuses: number[] = [];
    for (let i = 0; i < 50; i += 1) statuses.push((await call()).status);
    // Each is answered by the chat itself (400: no messages), and counted.
    expect(statuses.slice(0, 50).every((status) => status === 400)).toBe(true);
    const refused = await call();
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      code: 'rate-limit',
      kind: 'apiCalls',
      resetsAt: expect.any(String),
    });
    // Reading the model list is not counted.
    const listing = await (handlers.chat as NonNullable<typeof handlers.chat>)(
      new Request('http://functions.test/functions/v1/chat', {
        headers: { authorization: `Bearer ${token}` },
      }),
      env,
    );
    expect(listing.status).toBe(200);
    // A call without a token is not a user's: it is not counted, and the handler answers it.
    const anonymous = await (handlers.chat as NonNullable<typeof handlers.chat>)(
      new Request('http://functions.test/functions/v1/chat'),
      env,
    );
    expect(anonymous.status).toBe(401);
  });
});
