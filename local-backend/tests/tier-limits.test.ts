// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backend, startBackend } from '../src/index.ts';
import { createTestClient } from '../src/testing/index.ts';

// Tier limits through the real REST API under concurrency: 50 requests at once never count past a limit.

let backend: Backend;

beforeAll(async () => {
  backend = await startBackend({ dataDir: 'memory://', port: 0 });
});
afterAll(async () => {
  await backend?.stop();
});

async function freeWriter() {
  const client = createTestClient({ url: backend.url, anonKey: backend.anonKey });
  const { data, error } = await client.auth.signUp({
    email: `limits-${crypto.randomUUID().slice(0, 8)}@example.com`,
    password: 'limits-password',
  });
  if (error || !data.user) throw error ?? new Error('no user');
  return { client, id: data.user.id };
}

describe('tier limits under concurrency', () => {
  it('creates exactly 3 of 50 writings sent at once by a FREE writer; the rest answer 429 PT429', async () => {
    const { client, id } = await freeWriter();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        client.from('writings').insert({ user_id: id, title: `Writing ${index}` }),
      ),
    );
    expect(answers.filter((answer) => !answer.error)).toHaveLength(3);
    const refused = answers.filter((answer) => answer.error);
    expect(refused.every((answer) => answer.status === 429 && answer.error?.code === 'PT429')).toBe(true);
    const { count } = await client.from('writings').select('id', { count: 'exact', head: true });
    expect(count).toBe(3);
  });

  it('allows the 10th chat message of a FREE day and refuses the 11th, even 50 at once', async () => {
    const { client } = await freeWriter();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => client.rpc('consume_usage', { usage_metric: 'chat_messages' })),
    );
    const allowed = answers.filter((answer) => answer.data?.allowed);
    expect(allowed).toHaveLength(10);
    expect(Math.max(...allowed.map((answer) => answer.data.used as number))).toBe(10);
    const { data } = await client.rpc('usage_status');
    expect(data.usage.chat_messages).toMatchObject({ used: 10, limit: 10, remaining: 0 });
  });
});
