// @vitest-environment node
import { createClient } from '@supabase/supabase-js';
import { startTestBackend, type TestBackend } from 'local-backend/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { messages, noUserWithEmail } from '../domain/messages.ts';
import type { WorkspaceClient } from '../supabase/client.ts';
import {
  leaveCategory,
  listCollaborators,
  removeShare,
  shareCategory,
  updateSharePermission,
} from './sharing-data.ts';

// The real local backend and the real supabase-js.
let backend: TestBackend;

async function signUp(label: string) {
  const client: WorkspaceClient = createClient(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  const email = `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const { data, error } = await client.auth.signUp({ email, password: 'a-password' });
  if (error || !data.user) throw new Error(error?.message ?? 'no user');
  return { client, userId: data.user.id, email };
}

beforeAll(async () => {
  backend = await startTestBackend();
}, 120_000);
afterAll(() => backend?.stop());

describe('sharing a category', { timeout: 30_000 }, () => {
  it('shares by trimmed e-mail, changes the permission, lets the recipient leave, and removes a share', async () => {
    const owner = await signUp('owner');
    const friend = await signUp('friend');
    const folder = await owner.client
      .from('categories')
      .insert({ user_id: owner.userId, name: 'Letters', item_type: 'writing' })
      .select('id')
      .single();
    const categoryId = folder.data?.id ?? '';

    await shareCategory({
      ...owner,
      categoryId,
      email: `  ${friend.email.toUpperCase()} `,
      permission: 'read',
    });
    const [share] = await listCollaborators({ client: owner.client, categoryId });
    expect(share).toMatchObject({ userId: friend.userId, email: friend.email, permission: 'read' });

    await updateSharePermission({ client: owner.client, shareId: share?.shareId ?? '', permission: 'write' });
    expect((await listCollaborators({ client: owner.client, categoryId }))[0]?.permission).toBe('write');

    await leaveCategory({ client: friend.client, categoryId, userId: friend.userId });
    expect(await listCollaborators({ client: owner.client, categoryId })).toEqual([]);

    await shareCategory({ ...owner, categoryId, email: friend.email, permission: 'read' });
    const [again] = await listCollaborators({ client: owner.client, categoryId });
    await removeShare({ client: owner.client, shareId: again?.shareId ?? '' });
    expect(await listCollaborators({ client: owner.client, categoryId })).toEqual([]);
  });

  it('says so for an unknown e-mail, for a category one does not own, and when a share cannot be changed', async () => {
    const owner = await signUp('owner');
    const friend = await signUp('friend');
    const folder = await owner.client
      .from('categories')
      .insert({ user_id: owner.userId, name: 'Mine', item_type: 'writing' })
      .select('id')
      .single();
    const categoryId = folder.data?.id ?? '';

    await expect(
      shareCategory({ ...owner, categoryId, email: 'nobody@example.com', permission: 'read' }),
    ).rejects.toThrow(noUserWithEmail('nobody@example.com'));
    await expect(
      shareCategory({ ...friend, categoryId, email: owner.email, permission: 'read' }),
    ).rejects.toThrow(messages.sharing.onlyOwnerCanShare);
    await expect(
      updateSharePermission({ client: owner.client, shareId: crypto.randomUUID(), permission: 'write' }),
    ).rejects.toThrow(messages.sharing.updatePermissionFailed);
    await expect(removeShare({ client: owner.client, shareId: crypto.randomUUID() })).rejects.toThrow(
      messages.sharing.removeShareFailed,
    );
  });
});
