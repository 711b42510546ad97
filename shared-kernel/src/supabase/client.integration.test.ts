// @vitest-environment node
import { startTestBackend, type TestBackend } from 'local-backend/testing';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import WebSocket from 'ws';
import { FILES_BUCKET } from '../domain/constants.ts';
import { noteServerReached, serverReached$ } from '../network/network-status.ts';
import { testClientOf } from '../testing/index.ts';
import { getSupabaseClient } from './client.ts';
import { watchChanges } from './live-changes.ts';
import { isOwnStoredFile } from './stored-files.ts';

// Node 20 has no global WebSocket and supabase-js refuses to start without one; browsers need nothing.
const nodeOptions = { realtime: { transport: WebSocket as never } };

const demoUserId = 'd0000000-0000-4000-8000-000000000001';

describe('getSupabaseClient', () => {
  it('returns the same client for the same backend', () => {
    const backend = { url: 'http://127.0.0.1:9', anonKey: 'anon-key' };
    const first = getSupabaseClient(backend, nodeOptions);
    expect(getSupabaseClient({ ...backend })).toBe(first);
  });

  it('returns another client for another URL or key', () => {
    const first = getSupabaseClient({ url: 'http://127.0.0.1:9', anonKey: 'anon-key' }, nodeOptions);
    const otherUrl = getSupabaseClient({ url: 'http://127.0.0.2:9', anonKey: 'anon-key' }, nodeOptions);
    const otherKey = getSupabaseClient({ url: 'http://127.0.0.1:9', anonKey: 'other-key' }, nodeOptions);
    expect(new Set([first, otherUrl, otherKey]).size).toBe(3);
  });

  it('fails a read the server cannot be reached for on its first attempt, without retrying it', async () => {
    let attempts = 0;
    const counted: typeof fetch = (input, init) => {
      attempts += 1;
      return fetch(input, init);
    };
    // Nothing listens on port 9: the fetch fails as on a network that is down.
    const client = getSupabaseClient(
      { url: 'http://127.0.0.1:9', anonKey: 'retry-key' },
      { ...nodeOptions, global: { fetch: counted } },
    );
    const { error } = await client.from('writings').select('id');
    expect(error?.message).toMatch(/fetch failed/i);
    expect(attempts).toBe(1);
  });

  describe('against the local backend', () => {
    let backend: TestBackend;

    // Starting PGlite and migrating it takes seconds, more on a busy machine.
    beforeAll(async () => {
      backend = await startTestBackend();
    }, 120_000);
    afterAll(() => backend?.stop());

    it('signs in the demo user and reads their writings as typed rows', async () => {
      const supabase = getSupabaseClient(backend, nodeOptions);
      const { data: session, error: signInError } = await supabase.auth.signInWithPassword({
        email: 'demo@example.com',
        password: 'demo-password',
      });
      expect(signInError).toBeNull();
      expect(session.user?.id).toBe(demoUserId);

      const { data: writings, error } = await supabase
        .from('writings')
        .select('id, title, user_id, category_id')
        .order('created_at', { ascending: false });
      expect(error).toBeNull();
      expectTypeOf(writings).toEqualTypeOf<
        { id: string; title: string; user_id: string; category_id: string | null }[] | null
      >();
      expect(writings?.length).toBeGreaterThan(0);
      expect(writings?.[0]).toEqual({
        id: '10000000-0000-4000-8000-000000000006',
        title: 'Reading list for the winter',
        user_id: demoUserId,
        category_id: null,
      });
    }, 30_000);

    it('shares its session with every caller that asks for the same backend', async () => {
      const { data } = await getSupabaseClient({
        url: backend.url,
        anonKey: backend.anonKey,
      }).auth.getSession();
      expect(data.session?.user.email).toBe('demo@example.com');
    });

    it('tells of each answer the server gives, and of none when it cannot be reached', async () => {
      let answers = 0;
      const subscription = serverReached$.subscribe(() => {
        answers += 1;
      });
      try {
        await getSupabaseClient(backend).from('writings').select('id').throwOnError();
        expect(answers).toBe(1);
        const unreachable = getSupabaseClient(
          { url: 'http://127.0.0.1:9', anonKey: 'anon-key' },
          nodeOptions,
        );
        expect((await unreachable.from('writings').select('id')).error).not.toBeNull();
        expect(answers).toBe(1);
      } finally {
        subscription.unsubscribe();
      }
    });

    it('hears changes as the signed-in user from the first channel, and after a stop hears nothing', async () => {
      const client = testClientOf(backend);
      const { data } = await client.auth.signUp({
        email: `live-${crypto.randomUUID().slice(0, 8)}@example.com`,
        password: 'a-password',
      });
      const userId = data.user?.id ?? '';
      const heard: string[] = [];
      const statuses: string[] = [];
      const stop = watchChanges(
        client,
        'client-test',
        [{ table: 'ideas', filter: `user_id=eq.${userId}`, onChange: () => heard.push('idea') }],
        (status) => statuses.push(status),
      );
      await vi.waitFor(() => expect(statuses).toContain('SUBSCRIBED'));
      // Row-level security lets only the writer see the row: a channel joined as the anon key hears nothing.
      await client.from('ideas').insert({ user_id: userId, content: 'Heard live' }).throwOnError();
      await vi.waitFor(() => expect(heard).toEqual(['idea']));

      stop();
      const stoppedEarly = watchChanges(client, 'stopped-early', [
        { table: 'ideas', filter: `user_id=eq.${userId}`, onChange: () => heard.push('after stop') },
      ]);
      stoppedEarly();
      await client.from('ideas').insert({ user_id: userId, content: 'Not heard' }).throwOnError();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(heard).toEqual(['idea']);
      expect((await client.realtime()).getChannels()).toEqual([]);
    });

    it('tries a realtime load that failed again: for a watch, once the server answers', async () => {
      let attempts = 0;
      const client = testClientOf(backend, {
        realtimeAfter: async () => {
          attempts += 1;
          if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
        },
      });
      const statuses: string[] = [];
      const stop = watchChanges(
        client,
        'after-a-failure',
        [{ table: 'ideas', onChange: () => {} }],
        (status) => statuses.push(status),
      );
      await vi.waitFor(() => expect(statuses).toEqual(['CHANNEL_ERROR']));
      noteServerReached();
      await vi.waitFor(() => expect(statuses).toEqual(['CHANNEL_ERROR', 'SUBSCRIBED']));
      stop();
      expect(attempts).toBe(2);
    });

    it('loads storage when asked, with the public address of a file where the profile check expects it', async () => {
      const client = testClientOf(backend);
      const userId = 'd0000000-0000-4000-8000-000000000001';
      const address = (await client.storage()).from(FILES_BUCKET).getPublicUrl(`${userId}/avatar.png`)
        .data.publicUrl;
      expect(isOwnStoredFile(client, userId, address)).toBe(true);
      expect(isOwnStoredFile(client, 'another-user', address)).toBe(false);
    });
  });
});
