// @vitest-environment node
import { startTestBackend, type TestBackend } from 'local-backend/testing';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import WebSocket from 'ws';
import { serverReached$ } from '../network/network-status.ts';
import { getSupabaseClient } from './client.ts';

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
  });
});
