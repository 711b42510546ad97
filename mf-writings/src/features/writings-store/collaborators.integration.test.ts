// @vitest-environment node
import 'fake-indexeddb/auto';
import { acceptInvitation } from 'shared-kernel';
import { describe, expect, it, vi } from 'vitest';
import { backendForThisFile, signUpOn } from '../../testing/in-process-backend.ts';
import { createFolder, getWriting, saveWriting } from '../writings-data/index.ts';
import {
  connectWritingsStore,
  getWritingsState,
  loadWriting,
  onWritingsSynced,
  saveWritingEdit,
  selectFolder,
} from './index.ts';

// Two people writing in one shared writing at once: each save meets the other's, made meanwhile. The
// store here is the friend's (with a device store, as in a browser); the owner saves from elsewhere.

const backend = backendForThisFile();

const doc = (...paragraphs: string[]) => ({
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Harbour' }] },
    ...paragraphs.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
  ],
});

/** The owner's writing 'Harbour' in a folder shared with the friend (write access), open in the friend's store. */
async function sharedWritingOpen(label: string) {
  const owner = await signUpOn(backend, `${label}-owner`);
  const friend = await signUpOn(backend, `${label}-friend`);
  const folder = await createFolder({ client: owner.client, userId: owner.userId, name: 'Coast' });
  const share = await owner.client
    .from('category_shares')
    .insert({ category_id: folder.id, shared_with_user_id: friend.userId, permission_level: 'write' })
    .select('id')
    .single();
  await acceptInvitation({ client: friend.client, shareId: share.data?.id ?? '' });
  const { data: row } = await owner.client
    .from('writings')
    .insert({
      user_id: owner.userId,
      title: 'Harbour',
      content: doc('The boats came in.'),
      category_id: folder.id,
    })
    .select('id')
    .single();
  const id = row?.id ?? '';
  connectWritingsStore({ client: friend.client, userId: friend.userId });
  await vi.waitFor(() => expect(getWritingsState().folders.map((shown) => shown.name)).toEqual(['Coast']));
  await selectFolder(folder.id);
  expect((await loadWriting(id))?.content).toEqual(doc('The boats came in.'));
  const events: string[] = [];
  onWritingsSynced((event) => events.push(event.type));
  const ownerSaves = (...paragraphs: string[]) =>
    saveWriting({ client: owner.client, id, title: 'Harbour', content: doc(...paragraphs) });
  const friendSaves = (...paragraphs: string[]) =>
    saveWritingEdit({ id, title: 'Harbour', content: doc(...paragraphs) });
  const onServer = async () => (await getWriting({ client: owner.client, id }))?.content;
  const writings = async () =>
    (await owner.client.from('writings').select('title')).data?.map((w) => w.title);
  return { ownerSaves, friendSaves, onServer, writings, events };
}

describe('two people typing in one shared writing', { timeout: 60_000 }, () => {
  it("keeps both people's new paragraphs, in one writing, as each goes on typing", async () => {
    const { ownerSaves, friendSaves, onServer, writings, events } = await sharedWritingOpen('both-typing');

    // Both add a paragraph at the end; the owner's save is in first.
    await ownerSaves('The boats came in.', 'Rain');
    const merged = await friendSaves('The boats came in.', 'Gulls');
    expect(merged.content).toEqual(doc('The boats came in.', 'Rain', 'Gulls'));
    // Both go on typing, each in their own text (neither has seen the other's words yet).
    await ownerSaves('The boats came in.', 'Rain', 'Gulls', 'Rain at dusk.');
    await friendSaves('The boats came in.', 'Gulls followed.');
    await friendSaves('The boats came in.', 'Gulls followed. Night.');

    expect(await onServer()).toEqual(
      doc('The boats came in.', 'Rain', 'Gulls followed. Night.', 'Rain at dusk.'),
    );
    expect(await writings()).toEqual(['Harbour']);
    expect(events).toEqual(['merged', 'merged', 'merged']);
    expect(getWritingsState().notice).toBeNull();
    expect(getWritingsState().unsaved.size).toBe(0);
  });

  it('once the friend opens the merged version, their next save goes straight in', async () => {
    const { ownerSaves, friendSaves, onServer, events } = await sharedWritingOpen('then-opened');
    await ownerSaves('The boats came in.', 'Rain');
    const merged = await friendSaves('The boats came in.', 'Gulls');

    expect((await loadWriting(merged.id))?.content).toEqual(doc('The boats came in.', 'Rain', 'Gulls'));
    await friendSaves('The boats came in.', 'Rain', 'Gulls followed.');

    expect(await onServer()).toEqual(doc('The boats came in.', 'Rain', 'Gulls followed.'));
    expect(events).toEqual(['merged', 'saved']);
  });

  it('keeps both versions whole when both changed the same words: the other one as a conflicted copy', async () => {
    const { ownerSaves, friendSaves, onServer, writings, events } = await sharedWritingOpen('same-words');

    await ownerSaves('The boats went out.');
    await friendSaves('The boats came home.');

    expect(await onServer()).toEqual(doc('The boats came home.'));
    expect(await writings()).toEqual(expect.arrayContaining(['Harbour', 'Harbour (conflicted copy)']));
    expect(events).toEqual(['conflict']);
    expect(getWritingsState().notice).toContain('Harbour (conflicted copy)');
  });
});
