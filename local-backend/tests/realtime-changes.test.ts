import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Backend, startBackend } from '../src/backend.ts';
import { DEFAULT_JWT_SECRET } from '../src/config.ts';
import { createTestClient, uniqueEmail } from './auth-test-support.ts';

interface User {
  client: SupabaseClient;
  id: string;
  accessToken: string;
}

interface ChangePayload {
  eventType: string;
  schema: string;
  table: string;
  commit_timestamp: string;
  new: Record<string, unknown>;
  old: Record<string, unknown>;
}

interface Subscription {
  channel: RealtimeChannel;
  /** Payloads per binding, in the order the bindings were given. */
  received: ChangePayload[][];
  statuses: string[];
}

/** Polls until `check` returns a truthy value, and returns it; fails after `timeoutMs`. */
async function waitFor<T>(check: () => T | undefined | false | 0, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function signedIn(backend: Backend, label: string): Promise<User> {
  const client = createTestClient(backend);
  const { data, error } = await client.auth.signUp({
    email: uniqueEmail(label),
    password: 'realtime-password',
  });
  if (error || !data.user || !data.session) throw error ?? new Error('no session');
  return { client, id: data.user.id, accessToken: data.session.access_token };
}

type Binding = { event: '*' | 'INSERT' | 'UPDATE' | 'DELETE'; table: string; filter?: string };

/** Joins a channel with `postgres_changes` bindings through supabase-js; resolves once SUBSCRIBED. */
async function subscribe(client: SupabaseClient, bindings: Binding[]): Promise<Subscription> {
  const channel = client.channel(`test-${randomUUID()}`);
  const received: ChangePayload[][] = bindings.map(() => []);
  bindings.forEach((binding, index) => {
    channel.on('postgres_changes' as never, { schema: 'public', ...binding }, (payload: ChangePayload) =>
      received[index]?.push(payload),
    );
  });
  const statuses: string[] = [];
  await new Promise<void>((resolve, reject) => {
    channel.subscribe((status, error) => {
      statuses.push(status);
      if (status === 'SUBSCRIBED') resolve();
      if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
    });
  });
  return { channel, received, statuses };
}

const titlesOf = (payloads: ChangePayload[] | undefined) =>
  (payloads ?? []).map((payload) => payload.new.title);

async function insertWriting(user: User, values: Record<string, unknown>) {
  const { data, error } = await user.client.from('writings').insert(values).select('id, title').single();
  if (error) throw error;
  return data as { id: string; title: string };
}

describe('postgres_changes through supabase-js', () => {
  let backend: Backend;
  let alice: User;
  let bob: User;

  beforeAll(async () => {
    // A small per-connection queue, so that the slow-socket case needs few megabytes.
    backend = await startBackend({
      dataDir: 'memory://',
      port: 0,
      realtime: { maxQueuedBytes: 256 * 1024 },
      tierLimits: 'off',
    });
    alice = await signedIn(backend, 'alice');
    bob = await signedIn(backend, 'bob');
  });
  afterAll(() => backend?.stop());

  it('delivers the subscriber own insert with the whole row, typed by its columns', async () => {
    const subscription = await subscribe(alice.client, [{ event: '*', table: 'writings' }]);
    const written = await insertWriting(alice, {
      title: 'Own insert',
      content: { type: 'doc', content: [] },
    });
    const [payload] = await waitFor(() => subscription.received[0]?.length && subscription.received[0]);
    expect(payload).toMatchObject({
      eventType: 'INSERT',
      schema: 'public',
      table: 'writings',
      new: { id: written.id, title: 'Own insert', user_id: alice.id, content: { type: 'doc', content: [] } },
      old: {},
    });
    expect(Number.isNaN(Date.parse(payload?.commit_timestamp ?? ''))).toBe(false);
    await alice.client.removeChannel(subscription.channel);
  });

  it('never delivers another user row that row-level security hides', async () => {
    const subscription = await subscribe(alice.client, [{ event: '*', table: 'writings' }]);
    await insertWriting(bob, { title: 'Bob private' });
    // Changes are delivered in commit order: once this one arrives, Bob's has been dealt with.
    await insertWriting(alice, { title: 'Alice sentinel' });
    await waitFor(() => titlesOf(subscription.received[0]).includes('Alice sentinel'));
    expect(titlesOf(subscription.received[0])).toEqual(['Alice sentinel']);
    await alice.client.removeChannel(subscription.channel);
  });

  it('delivers changes in a shared folder to its recipient, and UPDATE with the old primary key', async () => {
    const { data: folder } = await alice.client
      .from('categories')
      .insert({ name: 'Shared drafts', item_type: 'writing' })
      .select('id')
      .single();
    const folderId = (folder as { id: string }).id;
    const shared = await alice.client
      .from('category_shares')
      .insert({ category_id: folderId, shared_with_user_id: bob.id, permission_level: 'read' })
      .select('id')
      .single();
    expect(shared.error).toBeNull();
    // A share gives access once its recipient accepts the invitation.
    const accepted = await bob.client.rpc('accept_folder_invitation', { share_id: shared.data?.id ?? '' });
    expect(accepted.error).toBeNull();

    const subscription = await subscribe(bob.client, [
      { event: '*', table: 'writings', filter: `category_id=eq.${folderId}` },
    ]);
    const written = await insertWriting(alice, { title: 'In the shared folder', category_id: folderId });
    await alice.client.from('writings').update({ title: 'Renamed in the folder' }).eq('id', written.id);
    const payloads = await waitFor(() => subscription.received[0]?.length === 2 && subscription.received[0]);
    // The INSERT's row is re-read after its commit, so it may already carry the new title.
    expect(payloads.map((payload) => [payload.eventType, payload.new.id])).toEqual([
      ['INSERT', written.id],
      ['UPDATE', written.id],
    ]);
    expect(payloads[1]?.new.title).toBe('Renamed in the folder');
    expect(payloads[1]?.old).toEqual({ id: written.id });
    await bob.client.removeChannel(subscription.channel);
  });

  it('fires only the bindings whose event and filter match, answering the join in the client order', async () => {
    const subscription = await subscribe(alice.client, [
      { event: 'INSERT', table: 'writings', filter: 'title=eq.Wanted' },
      { event: 'UPDATE', table: 'writings' },
      { event: 'INSERT', table: 'writings', filter: 'title=in.(First choice,"Second, choice")' },
      { event: 'INSERT', table: 'ideas' },
    ]);
    const other = await insertWriting(alice, { title: 'Unwanted' });
    await alice.client.from('writings').update({ title: 'Unwanted, edited' }).eq('id', other.id);
    await insertWriting(alice, { title: 'Second, choice' });
    await insertWriting(alice, { title: 'Wanted' });
    await waitFor(() => titlesOf(subscription.received[0]).includes('Wanted'));
    expect(titlesOf(subscription.received[0])).toEqual(['Wanted']);
    expect(subscription.received[1]?.map((payload) => payload.eventType)).toEqual(['UPDATE']);
    expect(titlesOf(subscription.received[2])).toEqual(['Second, choice']);
    expect(subscription.received[3]).toEqual([]);
    await alice.client.removeChannel(subscription.channel);
  });

  it('delivers a DELETE with the old primary key only', async () => {
    const subscription = await subscribe(alice.client, [{ event: 'DELETE', table: 'ideas' }]);
    const { data } = await alice.client
      .from('ideas')
      .insert({ content: 'short-lived' })
      .select('id')
      .single();
    const ideaId = (data as { id: string }).id;
    await alice.client.from('ideas').delete().eq('id', ideaId);
    const [payload] = await waitFor(() => subscription.received[0]?.length && subscription.received[0]);
    expect(payload).toMatchObject({ eventType: 'DELETE', table: 'ideas', new: {}, old: { id: ideaId } });
    await alice.client.removeChannel(subscription.channel);
  });

  it('refuses a join on an unpublished table, an unknown column or a value the column type refuses', async () => {
    await expect(subscribe(alice.client, [{ event: '*', table: 'subscriptions' }])).rejects.toThrow(
      /Unable to subscribe to changes/,
    );
    await expect(
      subscribe(alice.client, [{ event: '*', table: 'writings', filter: 'nope=eq.1' }]),
    ).rejects.toThrow(/no column "nope"/);
    await expect(
      subscribe(alice.client, [{ event: '*', table: 'writings', filter: 'user_id=eq.not-a-uuid' }]),
    ).rejects.toThrow(/Invalid filter/);
    await expect(
      subscribe(alice.client, [{ event: '*', table: 'writings', filter: 'title=like.x%' }]),
    ).rejects.toThrow(/operator "like"/);
  });

  it('stops delivering to a channel whose token expired, closing it, while others go on', async () => {
    const shortToken = await new SignJWT({ sub: alice.id, role: 'authenticated', aud: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + 2)
      .sign(new TextEncoder().encode(DEFAULT_JWT_SECRET));
    const expiring = createTestClient(backend);
    await expiring.realtime.setAuth(shortToken);
    const shortLived = await subscribe(expiring, [{ event: 'INSERT', table: 'writings' }]);
    const lasting = await subscribe(alice.client, [{ event: 'INSERT', table: 'writings' }]);

    await insertWriting(alice, { title: 'Before expiry' });
    await waitFor(() => titlesOf(shortLived.received[0]).includes('Before expiry'));

    await waitFor(() => Date.now() / 1000 > (decodeJwt(shortToken).exp ?? 0) + 0.2, 5000);
    await insertWriting(alice, { title: 'After expiry' });
    await waitFor(() => titlesOf(lasting.received[0]).includes('After expiry'));
    expect(titlesOf(shortLived.received[0])).toEqual(['Before expiry']);
    await waitFor(() => shortLived.statuses.includes('CLOSED'));
    expiring.realtime.disconnect();
    await alice.client.removeChannel(lasting.channel);
  });

  it('closes a socket that stops reading once its queue is full, without delaying the others', async () => {
    const reader = await subscribe(alice.client, [{ event: 'INSERT', table: 'writings' }]);
    const stalled = new WebSocket(`${websocketUrl(backend)}&vsn=2.0.0`);
    await once(stalled, 'open');
    stalled.send(
      JSON.stringify([
        '1',
        '1',
        'realtime:stalled',
        'phx_join',
        {
          config: { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'writings' }] },
          access_token: alice.accessToken,
        },
      ]),
    );
    await once(stalled, 'message');
    // ws keeps its TCP socket private; pausing it is what a frozen tab or a dead peer looks like.
    (stalled as unknown as { _socket: Socket })._socket.pause();
    const closed = once(stalled, 'close');

    const bigText = 'word '.repeat(40_000);
    const count = 40;
    for (let index = 0; index < count; index++) {
      await insertWriting(alice, { title: `Big ${index}`, content: { type: 'doc', text: bigText } });
    }
    await waitFor(() => reader.received[0]?.length === count, 20_000);
    (stalled as unknown as { _socket: Socket })._socket.resume();
    await closed;
    await alice.client.removeChannel(reader.channel);
  });
});

describe('the Phoenix protocol on the wire', () => {
  let backend: Backend;
  let alice: User;

  beforeAll(async () => {
    backend = await startBackend({ dataDir: 'memory://', port: 0, tierLimits: 'off' });
    alice = await signedIn(backend, 'wire');
  });
  afterAll(() => backend?.stop());

  async function rawSocket(version: '1.0.0' | '2.0.0') {
    const socket = new WebSocket(`${websocketUrl(backend)}&vsn=${version}`);
    const messages: unknown[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(String(data))));
    await once(socket, 'open');
    return { socket, messages };
  }

  it('speaks serializer 1.0.0 (objects): heartbeat, join reply with binding ids, system message', async () => {
    const { socket, messages } = await rawSocket('1.0.0');
    socket.send(
      JSON.stringify({ join_ref: null, ref: '1', topic: 'phoenix', event: 'heartbeat', payload: {} }),
    );
    const bindings = [
      { event: 'UPDATE', schema: 'public', table: 'ideas' },
      { event: '*', schema: 'public', table: 'writings', filter: `user_id=eq.${alice.id}` },
    ];
    socket.send(
      JSON.stringify({
        join_ref: '2',
        ref: '2',
        topic: 'realtime:wire',
        event: 'phx_join',
        payload: { config: { postgres_changes: bindings }, access_token: alice.accessToken },
      }),
    );
    await waitFor(() => messages.length >= 3);
    const [heartbeat, join, system] = messages as Record<string, unknown>[];
    expect(heartbeat).toEqual({
      join_ref: null,
      ref: '1',
      topic: 'phoenix',
      event: 'phx_reply',
      payload: { status: 'ok', response: {} },
    });
    expect(join).toMatchObject({
      join_ref: '2',
      ref: '2',
      topic: 'realtime:wire',
      event: 'phx_reply',
      payload: {
        status: 'ok',
        response: { postgres_changes: bindings.map((binding) => ({ ...binding, id: expect.any(Number) })) },
      },
    });
    expect(system).toMatchObject({
      event: 'system',
      payload: { status: 'ok', extension: 'postgres_changes', channel: 'wire' },
    });
    socket.close();
  });

  it('refuses a join with a token it cannot verify, and a socket without a valid apikey', async () => {
    const { socket, messages } = await rawSocket('2.0.0');
    socket.send(
      JSON.stringify(['1', '1', 'realtime:bad', 'phx_join', { config: {}, access_token: 'not-a-jwt' }]),
    );
    await waitFor(() => messages.length >= 1);
    expect(messages[0]).toMatchObject(['1', '1', 'realtime:bad', 'phx_reply', { status: 'error' }]);
    socket.close();

    const refused = new WebSocket(
      `${backend.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=nope&vsn=2.0.0`,
    );
    const [error] = (await once(refused, 'error')) as [Error];
    expect(error.message).toMatch(/401/);
  });
});

describe('reconnecting after a backend restart', () => {
  let dataDir: string;
  let backend: Backend;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'local-backend-realtime-test-'));
    backend = await startBackend({ dataDir, port: 0, tierLimits: 'off' });
  });
  afterAll(async () => {
    await backend?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('rejoins on its own once the backend is back on the same port, and receives changes again', async () => {
    const alice = await signedIn(backend, 'restart');
    const subscription = await subscribe(alice.client, [{ event: 'INSERT', table: 'ideas' }]);
    const port = Number(new URL(backend.url).port);
    await backend.stop();
    backend = await startBackend({ dataDir, port, tierLimits: 'off' });
    // realtime-js retries after 1, 2, 5 and 10 s, then rejoins its channels.
    await waitFor(
      () => subscription.statuses.filter((status) => status === 'SUBSCRIBED').length >= 2,
      25_000,
    );
    await alice.client.from('ideas').insert({ content: 'after the restart' });
    await waitFor(() => subscription.received[0]?.length === 1);
    expect(subscription.received[0]?.[0]?.new).toMatchObject({
      content: 'after the restart',
      user_id: alice.id,
    });
    await alice.client.removeChannel(subscription.channel);
  }, 60_000);
});

function websocketUrl(backend: Backend) {
  return `${backend.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${backend.anonKey}`;
}
