import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backend, startBackend } from '../src/backend.ts';
import { createTestClient, uniqueEmail } from './auth-test-support.ts';

// The REST routes as the product uses them: the real backend (platform.sql + migrations + seed), real
// users signed up through /auth/v1, and the product tables, triggers, RLS and RPCs.

let backend: Backend;
let alice: SupabaseClient;
let bob: SupabaseClient;
let anonymous: SupabaseClient;
const aliceEmail = uniqueEmail('rest-alice');

async function signedUp(email: string, name: string): Promise<SupabaseClient> {
  const client = createTestClient(backend);
  const { error } = await client.auth.signUp({
    email,
    password: 'product-password',
    options: { data: { name } },
  });
  if (error) throw error;
  return client;
}

beforeAll(async () => {
  backend = await startBackend({ dataDir: 'memory://', port: 0 });
  alice = await signedUp(aliceEmail, 'Alice');
  bob = await signedUp(uniqueEmail('rest-bob'), 'Bob');
  anonymous = createTestClient(backend);
});

afterAll(async () => {
  await backend?.stop();
});

describe('the product schema through /rest/v1', () => {
  it('creates a folder and a writing, and lists writings newest first with the folder embedded', async () => {
    const folder = await alice
      .from('categories')
      .insert({ name: 'Essays', item_type: 'writing' })
      .select()
      .single();
    expect(folder.error).toBeNull();
    const first = await alice
      .from('writings')
      .insert({ title: 'First essay', category_id: folder.data.id, content: { type: 'doc', content: [] } })
      .select('id, title, category')
      .single();
    expect(first.error).toBeNull();
    // The folder's name is copied by a trigger; the API returns what Postgres stored.
    expect(first.data).toMatchObject({ title: 'First essay', category: 'Essays' });
    await alice.from('writings').insert({ title: 'Second essay' });

    const list = await alice
      .from('writings')
      .select('title, updated_at, categories(name)', { count: 'exact' })
      .order('updated_at', { ascending: false })
      .range(0, 19);
    expect(list.error).toBeNull();
    expect(list.count).toBe(2);
    expect(list.data?.map((row) => row.title).sort()).toEqual(['First essay', 'Second essay']);
    expect(list.data?.find((row) => row.title === 'First essay')?.categories).toEqual({ name: 'Essays' });
    expect(list.data?.[0]?.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$/);
  });

  it("hides another user's rows and refuses writes into them", async () => {
    expect((await bob.from('writings').select('id')).data).toEqual([]);
    const foreign = await bob.from('writings').update({ title: 'Taken' }).eq('title', 'First essay').select();
    expect(foreign.data).toEqual([]);
    expect((await anonymous.from('writings').select('id')).data).toEqual([]);
  });

  it('stores ideas with their generated title and counts them with a HEAD request', async () => {
    const idea = await alice
      .from('ideas')
      .insert({ content: '  A   thought about   gardens ' })
      .select('title, kind')
      .single();
    expect(idea.data).toEqual({ title: 'A thought about gardens', kind: 'note' });
    const head = await alice.from('ideas').select('*', { count: 'exact', head: true });
    expect(head.count).toBe(1);
  });

  it('searches the workspace through the RPC, for signed-in users only', async () => {
    const found = await alice.rpc('search_workspace', { query: 'gardens' }).select('source, title');
    expect(found.error).toBeNull();
    expect(found.data).toEqual([{ source: 'idea', title: 'A thought about gardens' }]);
    const denied = await anonymous.rpc('search_workspace', { query: 'gardens' });
    expect(denied.status).toBe(401);
    expect(denied.error?.code).toBe('42501');
  });

  it('looks a user up by e-mail for sharing (the id alone), 30 times an hour, and refuses anonymous callers', async () => {
    const { data: own } = await alice.auth.getUser();
    const found = await bob.rpc('lookup_user_by_email', { user_email: aliceEmail.toUpperCase() });
    expect(found.data).toEqual([{ id: own.user?.id, email: aliceEmail }]);
    expect((await anonymous.rpc('lookup_user_by_email', { user_email: aliceEmail })).status).toBe(401);
    for (let index = 1; index < 30; index += 1) {
      expect(
        (await bob.rpc('lookup_user_by_email', { user_email: `guess-${index}@example.com` })).error,
      ).toBeNull();
    }
    const refused = await bob.rpc('lookup_user_by_email', { user_email: aliceEmail });
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toMatch(/too many e-mail lookups/);
  });

  it('pins, renames and deletes a chat session', async () => {
    const session = await alice.from('chat_sessions').insert({}).select('id, title, is_pinned').single();
    expect(session.data).toMatchObject({ title: 'New Chat', is_pinned: false });
    const pinned = await alice
      .from('chat_sessions')
      .update({ is_pinned: true, title: 'Plans' })
      .eq('id', session.data?.id)
      .select('title, is_pinned')
      .single();
    expect(pinned.data).toEqual({ title: 'Plans', is_pinned: true });
    const removed = await alice.from('chat_sessions').delete().eq('id', session.data?.id);
    expect(removed.status).toBe(204);
    expect((await alice.from('chat_sessions').select('id')).data).toEqual([]);
  });
});
