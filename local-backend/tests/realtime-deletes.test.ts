import { randomUUID } from 'node:crypto';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backend, startBackend } from '../src/backend.ts';
import { createTestClient, uniqueEmail } from './auth-test-support.ts';

interface User {
  client: SupabaseClient;
  id: string;
}

async function waitFor<T>(check: () => T | undefined | false | 0, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Subscribes to DELETEs of writings (optionally filtered); resolves with the deleted ids as they come. */
async function deletesSeenBy(client: SupabaseClient, filter?: string) {
  const deleted: unknown[] = [];
  const channel: RealtimeChannel = client.channel(`deletes-${randomUUID()}`);
  channel.on(
    'postgres_changes' as never,
    { event: 'DELETE', schema: 'public', table: 'writings', ...(filter ? { filter } : {}) },
    (payload: { old: { id?: unknown } }) => deleted.push(payload.old.id),
  );
  await new Promise<void>((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
    });
  });
  return { deleted, channel };
}

describe('realtime DELETE events', () => {
  let backend: Backend;
  let alice: User;
  let bob: User;
  let sharedFolder: string;

  async function signedIn(label: string): Promise<User> {
    const client = createTestClient(backend);
    const { data, error } = await client.auth.signUp({ email: uniqueEmail(label), password: 'deletes-pw' });
    if (error || !data.user) throw error ?? new Error('no user');
    return { client, id: data.user.id };
  }

  async function writing(user: User, values: Record<string, unknown> = {}) {
    const { data, error } = await user.client
      .from('writings')
      .insert({ title: 'To be deleted', ...values })
      .select('id')
      .single();
    if (error) throw error;
    return (data as { id: string }).id;
  }

  async function remove(user: User, id: string) {
    const { error, count } = await user.client.from('writings').delete({ count: 'exact' }).eq('id', id);
    expect(error).toBeNull();
    expect(count).toBe(1);
  }

  beforeAll(async () => {
    backend = await startBackend({ dataDir: 'memory://', port: 0, tierLimits: 'off' });
    alice = await signedIn('alice');
    bob = await signedIn('bob');
    const { data } = await alice.client
      .from('categories')
      .insert({ name: 'Shared with Bob', item_type: 'writing' })
      .select('id')
      .single();
    sharedFolder = (data as { id: string }).id;
    const share = await alice.client
      .from('category_shares')
      .insert({ category_id: sharedFolder, shared_with_user_id: bob.id, permission_level: 'read' })
      .select('id')
      .single();
    expect(share.error).toBeNull();
    // A share gives access once its recipient accepts the invitation.
    const accepted = await bob.client.rpc('accept_folder_invitation', { share_id: share.data?.id ?? '' });
    expect(accepted.error).toBeNull();
  });
  afterAll(() => backend?.stop());

  it('tells me of my own deletes and of deletes in a folder shared with me, never of another user private one', async () => {
    const bobs = await deletesSeenBy(bob.client);
    const alicePrivate = await writing(alice);
    const aliceShared = await writing(alice, { category_id: sharedFolder });
    const bobOwn = await writing(bob);
    await remove(alice, alicePrivate);
    await remove(alice, aliceShared);
    await remove(bob, bobOwn);
    // Changes are delivered in commit order: once Bob's own arrives, the others have been dealt with.
    await waitFor(() => bobs.deleted.includes(bobOwn));
    expect(bobs.deleted).toEqual([aliceShared, bobOwn]);
    await bob.client.removeChannel(bobs.channel);
  });

  it('tells an anonymous subscriber of no delete at all', async () => {
    const anonymous = createTestClient(backend);
    const anons = await deletesSeenBy(anonymous);
    const bobs = await deletesSeenBy(bob.client);
    await remove(alice, await writing(alice, { category_id: sharedFolder }));
    const sentinel = await writing(bob);
    await remove(bob, sentinel);
    await waitFor(() => bobs.deleted.includes(sentinel));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(anons.deleted).toEqual([]);
    await anonymous.removeChannel(anons.channel);
    await bob.client.removeChannel(bobs.channel);
  });

  it('applies a category_id filter to the deleted row', async () => {
    const inFolder = await deletesSeenBy(bob.client, `category_id=eq.${sharedFolder}`);
    const everything = await deletesSeenBy(bob.client);
    const outside = await writing(bob);
    const inside = await writing(alice, { category_id: sharedFolder });
    await remove(bob, outside);
    await remove(alice, inside);
    await waitFor(() => everything.deleted.includes(inside));
    expect(inFolder.deleted).toEqual([inside]);
    expect(everything.deleted).toEqual([outside, inside]);
    await bob.client.removeChannel(inFolder.channel);
    await bob.client.removeChannel(everything.channel);
  });

  it('keeps no copy of a deleted row once it is delivered', async () => {
    await remove(alice, await writing(alice));
    const sentinel = await deletesSeenBy(alice.client);
    const last = await writing(alice);
    await remove(alice, last);
    await waitFor(() => sentinel.deleted.includes(last));
    const kept = await backend.database.pg.query('select from local_realtime.deleted_rows');
    expect(kept.rows).toEqual([]);
    await alice.client.removeChannel(sentinel.channel);
  });
});
