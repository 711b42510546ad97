// @vitest-environment node
import { startTestBackend, type TestBackend } from 'local-backend/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages, noUserWithEmail } from '../domain/messages.ts';
import { testClientOf } from '../testing/index.ts';
import {
  acceptInvitation,
  declineInvitation,
  leaveCategory,
  listCollaborators,
  listInvitations,
  removeShare,
  shareCategory,
  updateSharePermission,
  watchShares,
} from './sharing-data.ts';

// The real local backend and the kernel's client of it.
let backend: TestBackend;

async function signUp(label: string) {
  const client = testClientOf(backend);
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
    expect(share).toMatchObject({
      userId: friend.userId,
      email: friend.email,
      permission: 'read',
      pending: true,
    });

    await updateSharePermission({ client: owner.client, shareId: share?.shareId ?? '', permission: 'write' });
    expect((await listCollaborators({ client: owner.client, categoryId }))[0]?.permission).toBe('write');

    await leaveCategory({ client: friend.client, categoryId, userId: friend.userId });
    expect(await listCollaborators({ client: owner.client, categoryId })).toEqual([]);

    await shareCategory({ ...owner, categoryId, email: friend.email, permission: 'read' });
    const [again] = await listCollaborators({ client: owner.client, categoryId });
    await removeShare({ client: owner.client, shareId: again?.shareId ?? '' });
    expect(await listCollaborators({ client: owner.client, categoryId })).toEqual([]);
  });

  it("tells a user's invitations to read again once their channel has joined, and at each share after", async () => {
    const owner = await signUp('inviting');
    let firstScreen = () => {};
    const shown = new Promise<void>((resolve) => {
      firstScreen = resolve;
    });
    const friend = testClientOf(backend, { realtimeAfter: () => shown });
    const email = `invited-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const { data } = await friend.auth.signUp({ email, password: 'a-password' });
    const friendId = data.user?.id ?? '';
    const categoryIds = await Promise.all(
      ['Before', 'After'].map(
        async (name) =>
          (
            await owner.client
              .from('categories')
              .insert({ user_id: owner.userId, name, item_type: 'writing' })
              .select('id')
              .single()
              .throwOnError()
          ).data.id,
      ),
    );
    let reads = 0;
    const stop = watchShares(friend, `shared_with_user_id=eq.${friendId}`, () => {
      reads += 1;
    });
    try {
      // Shared before the channel joined: no change is heard, the join itself says to read again.
      await shareCategory({ ...owner, categoryId: categoryIds[0] ?? '', email, permission: 'read' });
      expect(reads).toBe(0);
      firstScreen();
      await vi.waitFor(() => expect(reads).toBe(1));
      await shareCategory({ ...owner, categoryId: categoryIds[1] ?? '', email, permission: 'read' });
      await vi.waitFor(() => expect(reads).toBe(2));
    } finally {
      stop();
    }
  });

  it('a share is an invitation: no access until accepted, gone when declined', async () => {
    const owner = await signUp('owner');
    const friend = await signUp('friend');
    const create = async (name: string) =>
      (
        await owner.client
          .from('categories')
          .insert({ user_id: owner.userId, name, item_type: 'writing' })
          .select('id')
          .single()
      ).data?.id ?? '';
    const visible = async () =>
      (await friend.client.from('categories').select('name')).data?.map((row) => row.name);
    const letters = await create('Letters');
    const spam = await create('URGENT: re-enter your password');
    await shareCategory({ ...owner, categoryId: letters, email: friend.email, permission: 'write' });
    await shareCategory({ ...owner, categoryId: spam, email: friend.email, permission: 'read' });

    const invitations = await listInvitations({ client: friend.client });
    expect(invitations).toMatchObject([
      { categoryName: 'URGENT: re-enter your password', permission: 'read', ownerEmail: owner.email },
      { categoryName: 'Letters', permission: 'write', ownerEmail: owner.email },
    ]);
    expect(await visible()).toEqual([]);

    // Sharing again changes the permission of the invitation; it stays an invitation.
    await shareCategory({ ...owner, categoryId: spam, email: friend.email, permission: 'write' });
    expect(await listCollaborators({ client: owner.client, categoryId: spam })).toMatchObject([
      { permission: 'write', pending: true },
    ]);
    expect(await visible()).toEqual([]);

    await acceptInvitation({ client: friend.client, shareId: invitations[1]?.shareId ?? '' });
    await declineInvitation({ client: friend.client, shareId: invitations[0]?.shareId ?? '' });
    expect(await visible()).toEqual(['Letters']);
    expect(await listInvitations({ client: friend.client })).toEqual([]);
    expect(await listCollaborators({ client: owner.client, categoryId: letters })).toMatchObject([
      { userId: friend.userId, pending: false },
    ]);
    expect(await listCollaborators({ client: owner.client, categoryId: spam })).toEqual([]);
    await expect(
      acceptInvitation({ client: owner.client, shareId: invitations[1]?.shareId ?? '' }),
    ).rejects.toThrow(messages.sharing.acceptFailed);
  });

  it("says so for an unknown e-mail, for one's own e-mail, for a category one does not own, and when a share cannot be changed", async () => {
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
      shareCategory({ ...owner, categoryId, email: ` ${owner.email.toUpperCase()}`, permission: 'write' }),
    ).rejects.toThrow(messages.sharing.cannotShareWithYourself);
    expect(await listCollaborators({ client: owner.client, categoryId })).toEqual([]);
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

  it("shows a collaborator's picture only when it is a file of theirs in this backend's storage", async () => {
    const owner = await signUp('owner');
    const folder = await owner.client
      .from('categories')
      .insert({ user_id: owner.userId, name: 'Pictures', item_type: 'writing' })
      .select('id')
      .single();
    const categoryId = folder.data?.id ?? '';
    const pictureOf = async (avatarUrl: (userId: string) => string) => {
      const friend = await signUp('friend');
      // Set through the API, as anyone may: only a name and a picture's address are theirs to write.
      const { error } = await friend.client
        .from('users')
        .update({ avatar_url: avatarUrl(friend.userId) })
        .eq('id', friend.userId);
      if (error) throw error;
      await shareCategory({ ...owner, categoryId, email: friend.email, permission: 'read' });
      const listed = await listCollaborators({ client: owner.client, categoryId });
      return listed.find((collaborator) => collaborator.userId === friend.userId)?.avatarUrl;
    };
    const stored = (path: string) => `${backend.url}/storage/v1/object/public/photo-clips/${path}`;

    expect(await pictureOf((id) => stored(`${id}/avatar-1.png`))).toMatch(/\/avatar-1\.png$/);
    // Anywhere else, the owner's browser would tell that server each time it showed the share list.
    expect(await pictureOf(() => 'https://tracker.example/pixel.png')).toBeNull();
    expect(await pictureOf(() => stored(`${owner.userId}/avatar-1.png`))).toBeNull();
    expect(await pictureOf((id) => stored(`${id}/../${owner.userId}/a.png`))).toBeNull();
  });
});
