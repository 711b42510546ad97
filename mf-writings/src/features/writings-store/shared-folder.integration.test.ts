// @vitest-environment node
import { acceptInvitation, messages } from 'shared-kernel';
import { describe, expect, it, vi } from 'vitest';
import { backendForThisFile, signUpOn } from '../../testing/in-process-backend.ts';
import { createFolder } from '../writings-data/index.ts';
import {
  connectWritingsStore,
  dismissNotice,
  getWritingsState,
  keepDraftAsCopy,
  moveWritingsToFolderNamed,
  removeWriting,
  renameWritingTo,
  selectFolder,
  selectWriting,
} from './index.ts';

const backend = backendForThisFile();

const signUp = (label: string) => signUpOn(backend, label);

describe('a shared folder the writer is reading in', { timeout: 30_000 }, () => {
  it('unshared by its owner: the list goes back to the writer’s own writings and the owner’s writing closes', async () => {
    const owner = await signUp('unsharing-owner');
    const friend = await signUp('unshared-friend');
    const folder = await createFolder({ client: owner.client, userId: owner.userId, name: 'Novel' });
    const chapter = await owner.client
      .from('writings')
      .insert({ user_id: owner.userId, title: 'Chapter 1', category_id: folder.id })
      .select('id')
      .single();
    await friend.client.from('writings').insert({ user_id: friend.userId, title: 'My own notes' });
    const share = await owner.client
      .from('category_shares')
      .insert({ category_id: folder.id, shared_with_user_id: friend.userId, permission_level: 'write' })
      .select('id')
      .single();
    await acceptInvitation({ client: friend.client, shareId: share.data?.id ?? '' });

    connectWritingsStore({ client: friend.client, userId: friend.userId });
    await vi.waitFor(() => expect(getWritingsState().live).toBe(true));
    await vi.waitFor(() => expect(getWritingsState().folders.map((shown) => shown.name)).toEqual(['Novel']));
    await selectFolder(folder.id);
    selectWriting(chapter.data?.id ?? null);
    expect(getWritingsState().items.map((item) => item.title)).toEqual(['Chapter 1']);

    await owner.client
      .from('category_shares')
      .delete()
      .eq('id', share.data?.id ?? '');

    await vi.waitFor(() => expect(getWritingsState().folders).toEqual([]), { timeout: 5000 });
    await vi.waitFor(() =>
      expect(getWritingsState().items.map((item) => item.title)).toEqual(['My own notes']),
    );
    expect(getWritingsState().selectedFolderId).toBeNull();
    expect(getWritingsState().selectedWritingId).toBeNull();
  });

  it('shared for reading: renaming, moving or deleting the owner’s writing is refused with the alert, and nothing changes', async () => {
    const owner = await signUp('reading-owner');
    const reader = await signUp('reader');
    const folder = await createFolder({ client: owner.client, userId: owner.userId, name: 'Letters' });
    await owner.client
      .from('writings')
      .insert({ user_id: owner.userId, title: 'Dear you', category_id: folder.id });
    const share = await owner.client
      .from('category_shares')
      .insert({ category_id: folder.id, shared_with_user_id: reader.userId, permission_level: 'read' })
      .select('id')
      .single();
    await acceptInvitation({ client: reader.client, shareId: share.data?.id ?? '' });
    connectWritingsStore({ client: reader.client, userId: reader.userId });
    await vi.waitFor(() =>
      expect(getWritingsState().folders.map((shown) => shown.name)).toEqual(['Letters']),
    );
    await selectFolder(folder.id);
    const [letter] = getWritingsState().items;
    if (!letter) throw new Error('the owner’s writing is not listed');

    for (const act of [
      () => renameWritingTo(letter.id, 'Taken over'),
      () => moveWritingsToFolderNamed([letter.id], 'Loot'),
      () => removeWriting(letter.id),
    ]) {
      dismissNotice();
      await act();
      expect(getWritingsState().notice).toBe(messages.categories.noWriteAccess);
    }
    expect(getWritingsState().items.map((item) => item.title)).toEqual(['Dear you']);
    // No folder made for the move, no copy of the writing kept as the reader's own.
    const { data: theirs } = await reader.client
      .from('writings')
      .select('title')
      .eq('user_id', reader.userId);
    expect(theirs).toEqual([]);
    const { data: folders } = await reader.client
      .from('categories')
      .select('name')
      .eq('user_id', reader.userId);
    expect(folders).toEqual([]);
  });

  it('a collaborator’s words kept when a page closed, now that the folder is read-only, are kept among their own writings', async () => {
    const owner = await signUp('downgrading-owner');
    const friend = await signUp('downgraded-friend');
    const folder = await createFolder({ client: owner.client, userId: owner.userId, name: 'Script' });
    const scene = await owner.client
      .from('writings')
      .insert({ user_id: owner.userId, title: 'Scene 4', category_id: folder.id })
      .select('id')
      .single();
    const share = await owner.client
      .from('category_shares')
      .insert({ category_id: folder.id, shared_with_user_id: friend.userId, permission_level: 'read' })
      .select('id')
      .single();
    await acceptInvitation({ client: friend.client, shareId: share.data?.id ?? '' });
    connectWritingsStore({ client: friend.client, userId: friend.userId });
    await vi.waitFor(() => expect(getWritingsState().folders.map((shown) => shown.name)).toEqual(['Script']));
    await selectFolder(folder.id);

    const words = {
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Exit, pursued' }] }],
    };
    // This browser has no device store (node: no IndexedDB), so the copy is made on the server.
    await expect(keepDraftAsCopy(scene.data?.id ?? '', { title: 'Scene 4', content: words })).resolves.toBe(
      true,
    );
    const { data: theirs } = await friend.client
      .from('writings')
      .select('title, category_id, content')
      .eq('user_id', friend.userId);
    expect(theirs).toEqual([{ title: 'Scene 4 (conflicted copy)', category_id: null, content: words }]);
    expect(getWritingsState().notice).toContain('Scene 4 (conflicted copy)');
    // Not listed in the owner's folder shown now; it is in the writer's own writings.
    expect(getWritingsState().items.map((item) => item.title)).toEqual(['Scene 4']);
    await selectFolder(null);
    await vi.waitFor(() =>
      expect(getWritingsState().items.map((item) => item.title)).toEqual(['Scene 4 (conflicted copy)']),
    );
  });
});
