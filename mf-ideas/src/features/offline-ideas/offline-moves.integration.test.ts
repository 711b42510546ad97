// @vitest-environment node
import 'fake-indexeddb/auto';
import { startTestBackend, type TestBackend } from 'local-backend/testing';
import {
  acceptInvitation,
  createCategory,
  messages,
  shareCategory,
  updateSharePermission,
} from 'shared-kernel';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Idea, listIdeas } from '../ideas-data/index.ts';
import type { IdeasStore } from '../ideas-store/index.ts';
import {
  holdUpdates,
  type OfflineWriter,
  openOfflineStore,
  signUpOfflineWriter,
} from './offline-writer.testing.ts';

let backend: TestBackend;
const stores: IdeasStore[] = [];

const signUp = (label: string) => signUpOfflineWriter(backend, label);
type Writer = OfflineWriter;

async function openStore(writer: Writer): Promise<IdeasStore> {
  const store = openOfflineStore(writer, stores);
  await store.start();
  return store;
}

/** Every idea of the writer on the server (own and in categories), by content. */
async function onServer(writer: Writer): Promise<Idea[]> {
  const { data, error } = await writer.client.from('ideas').select('*').eq('user_id', writer.userId);
  if (error) throw new Error(error.message);
  return data as Idea[];
}

function backOnline(writer: Writer) {
  writer.net.down = false;
  globalThis.dispatchEvent?.(new Event('online'));
}

const ideaCategory = (writer: Writer, name: string) => createCategory({ ...writer, name, itemType: 'idea' });

beforeAll(async () => {
  backend = await startTestBackend();
}, 120_000);

afterAll(async () => {
  for (const store of stores) store.close();
  await backend?.stop();
});

describe('moving ideas offline', { timeout: 30_000 }, () => {
  it('keeps a move made offline across a restart and syncs it once, after the idea’s create', async () => {
    const writer = await signUp('move-offline');
    const category = await ideaCategory(writer, 'Stories');
    const first = await openStore(writer);
    await vi.waitFor(() => expect(first.getState().categories.map((row) => row.id)).toContain(category.id));
    writer.net.down = true;
    const idea = first.capture('Captured and moved on the train');
    if (!idea) throw new Error('not captured');
    await vi.waitFor(() => expect(first.getState().pending).toBe(1));
    await first.move(category.id, [idea.id]);
    expect(first.getState().notice).toBeNull();
    await vi.waitFor(() => expect(first.getState().pending).toBe(2));
    first.close();

    // A reload while still offline: the idea is read from the device, in its new category.
    const second = await openStore(writer);
    expect(second.getState().items.map((row) => [row.content, row.category_id])).toEqual([
      ['Captured and moved on the train', category.id],
    ]);
    // The categories last seen are kept too: the moved idea is in its category's list.
    await vi.waitFor(() => expect(second.getState().categories.map((row) => row.id)).toEqual([category.id]));
    await second.chooseCategory(category.id);
    expect(second.getState().items.map((row) => row.content)).toEqual(['Captured and moved on the train']);

    backOnline(writer);
    await vi.waitFor(() => expect(second.getState().pending).toBe(0), { timeout: 10_000 });
    const rows = await onServer(writer);
    expect(rows.map((row) => [row.content, row.category_id])).toEqual([
      ['Captured and moved on the train', category.id],
    ]);
    expect(
      (await listIdeas({ ...writer, categoryId: category.id, offset: 0, limit: 20 })).map((row) => row.id),
    ).toEqual([idea.id]);
  }, 60_000); // each read while offline waits for supabase-js's retries first

  it('keeps an edit and a move of the same idea made offline, both synced', async () => {
    const writer = await signUp('edit-move');
    const category = await ideaCategory(writer, 'Poems');
    const store = await openStore(writer);
    await vi.waitFor(() => expect(store.getState().categories.length).toBe(1));
    const idea = store.capture('First line');
    await vi.waitFor(() => expect(store.getState().unsaved.size).toBe(0));
    writer.net.down = true;
    store.edit(idea?.id ?? '', 'First line, and a second');
    await store.move(category.id, [idea?.id ?? '']);
    await vi.waitFor(() => expect(store.getState().pending).toBe(1)); // folded into one update
    backOnline(writer);
    await vi.waitFor(() => expect(store.getState().pending).toBe(0), { timeout: 10_000 });
    expect((await onServer(writer)).map((row) => [row.content, row.category_id])).toEqual([
      ['First line, and a second', category.id],
    ]);
  });

  it('keeps a move made while the idea’s edit syncs without waiting for that sync, across a reload', async () => {
    const writer = await signUp('move-while-syncing');
    const category = await ideaCategory(writer, 'Essays');
    const first = await openStore(writer);
    await vi.waitFor(() => expect(first.getState().categories.length).toBe(1));
    const id = first.capture('A first thought')?.id ?? '';
    await vi.waitFor(() => expect(first.getState().unsaved.size).toBe(0));
    const held = holdUpdates(writer);

    first.edit(id, 'A first thought, edited');
    await vi.waitFor(() => expect(held.length).toBe(1), { timeout: 5_000 }); // the edit is being saved
    await first.move(category.id, [id]);
    expect(first.getState().items.map((row) => [row.content, row.category_id])).toEqual([
      ['A first thought, edited', category.id],
    ]);
    // The edit's answer comes back; the move, folded into it as it was sent, goes in a second update.
    held[0]?.();
    await vi.waitFor(() => expect(held.length).toBe(2));
    first.close(); // a reload: that second update never gets through

    const second = await openStore(writer);
    expect(second.getState().items.map((row) => [row.content, row.category_id])).toEqual([
      ['A first thought, edited', category.id],
    ]);
    writer.net.before = async () => {};
    for (const release of held.slice(2)) release();
    await vi.waitFor(() => expect(second.getState().pending).toBe(0), { timeout: 10_000 });
    expect((await onServer(writer)).map((row) => [row.content, row.category_id])).toEqual([
      ['A first thought, edited', category.id],
    ]);
  });

  it('keeps a second move made while the first one syncs, across a reload', async () => {
    const writer = await signUp('move-twice');
    const [poems, essays] = [await ideaCategory(writer, 'Poems'), await ideaCategory(writer, 'Essays')];
    const first = await openStore(writer);
    await vi.waitFor(() => expect(first.getState().categories.length).toBe(2));
    const id = first.capture('Where does it go?')?.id ?? '';
    await vi.waitFor(() => expect(first.getState().unsaved.size).toBe(0));
    const held = holdUpdates(writer);
    await first.move(poems.id, [id]);
    await vi.waitFor(() => expect(held.length).toBe(1));
    await first.move(essays.id, [id]); // changed her mind while the first move was on its way
    held[0]?.();
    await vi.waitFor(() => expect(held.length).toBe(2));
    first.close(); // a reload: the second move's update never gets through

    const second = await openStore(writer);
    expect(second.getState().items.map((row) => row.category_id)).toEqual([essays.id]);
    writer.net.before = async () => {};
    for (const release of held.slice(2)) release();
    await vi.waitFor(() => expect(second.getState().pending).toBe(0), { timeout: 10_000 });
    expect((await onServer(writer)).map((row) => [row.content, row.category_id])).toEqual([
      ['Where does it go?', essays.id],
    ]);
  });

  it('refuses, when it syncs, a move into a category no longer writable: the idea stays on the server’s side', async () => {
    const owner = await signUp('owner');
    const writer = await signUp('recipient');
    const shared = await ideaCategory(owner, 'Shared with write');
    await shareCategory({ ...owner, categoryId: shared.id, email: writer.email, permission: 'write' });
    const { data: shares } = await writer.client
      .from('category_shares')
      .select('id')
      .eq('category_id', shared.id);
    const shareId = shares?.[0]?.id ?? '';
    await acceptInvitation({ client: writer.client, shareId });
    const store = await openStore(writer);
    await vi.waitFor(() => expect(store.getState().categories.map((row) => row.id)).toContain(shared.id));
    const idea = store.capture('Mine, to share');
    await vi.waitFor(() => expect(store.getState().unsaved.size).toBe(0));

    writer.net.down = true;
    await store.move(shared.id, [idea?.id ?? '']);
    await vi.waitFor(() => expect(store.getState().pending).toBe(1));
    await updateSharePermission({ client: owner.client, shareId, permission: 'read' });
    backOnline(writer);

    await vi.waitFor(() => expect(store.getState().notice).toBe(messages.categories.noWriteAccess), {
      timeout: 10_000,
    });
    await vi.waitFor(() => expect(store.getState().pending).toBe(0));
    expect((await onServer(writer)).map((row) => [row.content, row.category_id])).toEqual([
      ['Mine, to share', null],
    ]);
    await vi.waitFor(() =>
      expect(store.getState().items.find((row) => row.id === idea?.id)?.category_id).toBeNull(),
    );
  });

  it('asks for a connection to create, rename or delete a category, as the writings’ folders do', async () => {
    const writer = await signUp('categories-offline');
    const kept = await ideaCategory(writer, 'Kept');
    const store = await openStore(writer);
    await vi.waitFor(() => expect(store.getState().categories.length).toBe(1));
    writer.net.down = true;
    expect(await store.addCategory('Made offline')).toBeNull();
    expect(store.getState().notice).toBe(messages.offline.needsConnection);
    store.notify(null);
    await store.renameCategory(kept.id, 'Renamed offline');
    expect(store.getState().notice).toBe(messages.offline.needsConnection);
    expect(store.getState().categories.map((row) => row.name)).toEqual(['Kept']);
    store.notify(null);
    await store.removeCategory(kept.id);
    expect(store.getState().notice).toBe(messages.offline.needsConnection);
    expect(store.getState().categories.map((row) => row.name)).toEqual(['Kept']);
  });
});
