// @vitest-environment node
import { messages } from 'shared-kernel';
import { describe, expect, it, vi } from 'vitest';
import { backendForThisFile, signUpOn } from '../../testing/in-process-backend.ts';
import { addFolder, connectWritingsStore, createAndSelect, getWritingsState, openWriting } from './index.ts';

const backend = backendForThisFile();

async function connectedWriter(label: string) {
  const writer = await signUpOn(backend, label);
  connectWritingsStore({ client: writer.client, userId: writer.userId });
  await vi.waitFor(() => expect(getWritingsState().live).toBe(true));
  return writer;
}

describe('an action asked for twice before it is done', { timeout: 30_000 }, () => {
  it('New clicked twice makes one writing, opened, and one document of the plan', async () => {
    const writer = await connectedWriter('double-new');
    const [first, second] = await Promise.all([createAndSelect(), createAndSelect()]);
    expect(second?.id).toBe(first?.id);
    const { data } = await writer.client.from('writings').select('id');
    expect(data?.map((row) => row.id)).toEqual([first?.id]);
    expect(getWritingsState().selectedWritingId).toBe(first?.id);
    // Once made, New makes another.
    await createAndSelect();
    expect((await writer.client.from('writings').select('id')).data).toHaveLength(2);
  });

  it('New pressed again after typing for the first, while it is being made, makes a second writing after it', async () => {
    const writer = await connectedWriter('new-after-typing');
    const [first, second] = await Promise.all([createAndSelect(), createAndSelect({ another: true })]);
    expect(first).not.toBeNull();
    expect(second?.id).not.toBe(first?.id);
    const { data } = await writer.client.from('writings').select('id').order('created_at');
    expect(data?.map((row) => row.id)).toEqual([first?.id, second?.id]);
    // The second is the one open, first in the list.
    expect(getWritingsState().selectedWritingId).toBe(second?.id);
    expect(getWritingsState().items.map((item) => item.id)).toEqual([second?.id, first?.id]);
    // A double click on the second's New is still that one writing.
    const [third, again] = await Promise.all([createAndSelect({ another: true }), createAndSelect()]);
    expect(again?.id).toBe(third?.id);
    expect((await writer.client.from('writings').select('id')).data).toHaveLength(3);
  });

  it('a writing the writer opens while New is being made stays open; the new writing is listed', async () => {
    await connectedWriter('open-while-new');
    const chosen = await createAndSelect();
    const made = createAndSelect();
    openWriting(chosen?.id ?? '');
    const writing = await made;
    expect(writing).not.toBeNull();
    expect(getWritingsState().selectedWritingId).toBe(chosen?.id);
    expect(getWritingsState().items.map((item) => item.id)).toEqual([writing?.id, chosen?.id]);
  });

  it('Create pressed twice makes one folder; the blank-name alert before it goes once it is made', async () => {
    const writer = await connectedWriter('double-folder');
    await addFolder('   ');
    expect(getWritingsState().notice).toBe(messages.categories.nameRequired);
    const [first, second] = await Promise.all([addFolder('Scripts'), addFolder(' scripts ')]);
    expect(second?.id).toBe(first?.id);
    const { data } = await writer.client.from('categories').select('name');
    expect(data).toEqual([{ name: 'Scripts' }]);
    expect(getWritingsState().folders.map((folder) => folder.name)).toEqual(['Scripts']);
    expect(getWritingsState().notice).toBeNull();
  });

  it('a folder name the writer already has, in another case, chooses that folder and makes no second', async () => {
    const writer = await connectedWriter('same-folder-name');
    const drafts = await addFolder('Drafts');
    expect(getWritingsState().selectedFolderId).toBeNull();
    const again = await addFolder('  drafts ');
    expect(again?.id).toBe(drafts?.id);
    expect(getWritingsState().selectedFolderId).toBe(drafts?.id);
    const { data } = await writer.client.from('categories').select('name');
    expect(data).toEqual([{ name: 'Drafts' }]);
    expect(getWritingsState().folders.map((folder) => folder.name)).toEqual(['Drafts']);
  });
});
