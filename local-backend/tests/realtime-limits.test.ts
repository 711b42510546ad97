import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Backend, startBackend } from '../src/backend.ts';
import { createTestClient, uniqueEmail } from './auth-test-support.ts';

type Reply = [
  string | null,
  string | null,
  string,
  string,
  { status?: string; response?: { reason?: string } },
];

/** A raw Phoenix socket with nothing but the anon key, collecting the replies to its joins by ref. */
async function anonSocket(backend: Backend) {
  const socket = new WebSocket(
    `${backend.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${backend.anonKey}&vsn=2.0.0`,
  );
  const replies = new Map<string, Reply[4]>();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as Reply;
    if (message[3] === 'phx_reply' && message[1] !== null) replies.set(message[1], message[4]);
  });
  await once(socket, 'open');
  const join = (ref: number, topic: string) =>
    socket.send(
      JSON.stringify([
        String(ref),
        String(ref),
        `realtime:${topic}`,
        'phx_join',
        {
          config: {
            postgres_changes: [
              { event: '*', schema: 'public', table: 'writings', filter: `title=eq.topic ${topic}` },
            ],
          },
        },
      ]),
    );
  return { socket, replies, join };
}

async function waitFor<T>(check: () => T | undefined | false, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('realtime join limits', () => {
  let backend: Backend;

  beforeAll(async () => {
    backend = await startBackend({ dataDir: 'memory://', port: 0 });
  });
  afterAll(() => backend?.stop());

  it('refuses the 101st channel on one socket with an error reply, and still takes a rejoin', async () => {
    const { socket, replies, join } = await anonSocket(backend);
    for (let ref = 1; ref <= 101; ref++) join(ref, `channel-${ref}`);
    await waitFor(() => replies.size === 101);
    const statuses = [...Array(100).keys()].map((index) => replies.get(String(index + 1))?.status);
    expect(statuses.every((status) => status === 'ok')).toBe(true);
    expect(replies.get('101')).toEqual({
      status: 'error',
      response: { reason: 'ChannelRateLimitReached: Too many channels' },
    });
    // Joining a channel the socket already has replaces it: not a 101st channel.
    join(102, 'channel-7');
    await waitFor(() => replies.get('102'));
    expect(replies.get('102')?.status).toBe('ok');
    socket.close();
  });

  it('closes a socket flooding 5,000 joins, while a REST read of another user stays quick', async () => {
    const reader = createTestClient(backend);
    const { error } = await reader.auth.signUp({ email: uniqueEmail('flood'), password: 'flood-password' });
    expect(error).toBeNull();
    await reader.from('writings').insert({ title: 'Read during the flood' });

    const { socket, replies, join } = await anonSocket(backend);
    const closed = once(socket, 'close');
    for (let ref = 1; ref <= 5000; ref++) join(ref, `flood-${ref}`);
    const durations: number[] = [];
    for (let read = 0; read < 5; read++) {
      const start = performance.now();
      const { data } = await reader.from('writings').select('title');
      durations.push(performance.now() - start);
      expect(data).toEqual([{ title: 'Read during the flood' }]);
    }
    await closed;
    // Before the limits each of these reads waited seconds behind the joins; 1 s leaves room for a busy
    // machine.
    expect(Math.max(...durations)).toBeLessThan(1000);
    const reasons = new Set([...replies.values()].map((reply) => reply?.response?.reason));
    expect(reasons).toContain('ClientJoinRateLimitReached: Too many joins per second');
    expect(replies.size).toBeLessThan(5000);
  });
});
