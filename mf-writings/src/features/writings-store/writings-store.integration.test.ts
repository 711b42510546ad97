// @vitest-environment node
import { acceptInvitation, messages, writingPreview } from 'shared-kernel';
import { describe, expect, it, vi } from 'vitest';
import { backendForThisFile, signUpOn } from '../../testing/in-process-backend.ts';
import {
  createFolder,
  createWriting,
  deleteWriting,
  getWriting,
  listFolders,
  listWritings,
  moveWritings,
  saveWriting,
  serverSave,
} from '../writings-data/index.ts';
import {
  applyLocalEdit,
  clickWriting,
  connectWritingsStore,
  createAndSelect,
  disconnectWritingsStore,
  getWritingsState,
  loadMore,
  loadWriting,
  markSaved,
  moveWritingsToFolder,
  moveWritingsToFolderNamed,
  refetchAndMerge,
  selectFolder,
} from './index.ts';

const backend = backendForThisFile();

const signUp = (label: string) => signUpOn(backend, label);

const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const documentOf = (title: string, body: string) => ({
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: title }] },
    paragraph(body),
  ],
});

// Each test signs up users and makes several round trips to a backend that may be busy.
describe('writings data access', { timeout: 30_000 }, () => {
  it('creates an Untitled writing with a heading-first document, and a retry with the same id finds it', async () => {
    const { client, userId } = await signUp('create');
    const id = crypto.randomUUID();
    const first = await createWriting({ client, userId, folder: null, id });
    const retry = await createWriting({ client, userId, folder: null, id });

    expect(first.title).toBe('Untitled');
    expect(first.content).toEqual({
      type: 'doc',
      content: [{ type: 'heading', attrs: { level: 1 } }, { type: 'paragraph' }],
    });
    expect(retry.id).toBe(id);
    expect(await listWritings({ client, userId, folderId: null, offset: 0, limit: 20 })).toHaveLength(1);
  });

  it('lists newest first in pages, with a preview that skips the first heading', async () => {
    const { client, userId } = await signUp('pages');
    const rows = Array.from({ length: 25 }, (_, index) => ({
      user_id: userId,
      title: `Writing ${index}`,
      content: documentOf(`Writing ${index}`, `Body ${index} ${'x'.repeat(200)}`),
      created_at: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString(),
    }));
    const { error } = await client.from('writings').insert(rows);
    expect(error).toBeNull();

    const first = await listWritings({ client, userId, folderId: null, offset: 0, limit: 20 });
    const second = await listWritings({ client, userId, folderId: null, offset: 20, limit: 20 });

    expect(first.map((row) => row.title).slice(0, 2)).toEqual(['Writing 24', 'Writing 23']);
    expect(second.map((row) => row.title)).toEqual([
      'Writing 4',
      'Writing 3',
      'Writing 2',
      'Writing 1',
      'Writing 0',
    ]);
    expect(first[0]?.preview.startsWith('Body 24 ')).toBe(true);
    expect(first[0]?.preview.length).toBeLessThanOrEqual(120);
    expect(first[0]).not.toHaveProperty('content');
  });

  it('saves title and content, reads them back, and deletes', async () => {
    const { client, userId } = await signUp('save');
    const created = await createWriting({ client, userId, folder: null });
    const saved = await saveWriting({
      client,
      id: created.id,
      title: 'Harbour',
      content: documentOf('Harbour', 'Rope'),
    });

    expect(saved.title).toBe('Harbour');
    expect((await getWriting({ client, id: created.id }))?.preview).toBe('Rope');
    await deleteWriting({ client, id: created.id });
    expect(await getWriting({ client, id: created.id })).toBeNull();
  });

  it("refuses to save a writing of another user: the row is hidden (not-found), which the editor's save reports as no permission", async () => {
    const owner = await signUp('owner');
    const stranger = await signUp('stranger');
    const created = await createWriting({ client: owner.client, userId: owner.userId, folder: null });

    await expect(
      saveWriting({
        client: stranger.client,
        id: created.id,
        title: 'Mine',
        content: documentOf('Mine', ''),
      }),
    ).rejects.toMatchObject({ name: 'DataError', code: 'not-found', cause: { code: 'PGRST116' } });
    await expect(
      serverSave(stranger.client)({ id: created.id, title: 'Mine', content: documentOf('Mine', '') }),
    ).rejects.toMatchObject({ name: 'DataError', code: 'permission-denied' });
  });

  it('lists folders with shares, and refuses a move into a folder shared read-only', async () => {
    const owner = await signUp('folder-owner');
    const reader = await signUp('folder-reader');
    const folder = await createFolder({ client: owner.client, userId: owner.userId, name: 'Shared poems' });
    const share = await owner.client
      .from('category_shares')
      .insert({ category_id: folder.id, shared_with_user_id: reader.userId, permission_level: 'read' })
      .select('id')
      .single();
    expect(share.error).toBeNull();
    // Until the reader accepts, the folder is not theirs to see.
    expect(await listFolders(reader)).toEqual([]);
    await acceptInvitation({ client: reader.client, shareId: share.data?.id ?? '' });

    const ownerView = await listFolders(owner);
    const readerView = await listFolders(reader);
    expect(ownerView).toMatchObject([
      { name: 'Shared poems', isOwner: true, isShared: true, permission: 'write' },
    ]);
    expect(ownerView[0]?.sharedUsers).toMatchObject([
      { userId: reader.userId, email: reader.email, permission: 'read', pending: false },
    ]);
    expect(readerView).toMatchObject([
      { name: 'Shared poems', isOwner: false, isShared: true, permission: 'read' },
    ]);

    const own = await createWriting({ client: reader.client, userId: reader.userId, folder: null });
    await expect(
      moveWritings({ client: reader.client, ids: [own.id], folderId: folder.id }),
    ).rejects.toThrow();
    await expect(
      createWriting({ client: reader.client, userId: reader.userId, folder: readerView[0] ?? null }),
    ).rejects.toThrow(messages.categories.readOnlyCreate);
  });
});

describe('the writings store', { timeout: 30_000 }, () => {
  it('loads the first page, pages on, selects by click, Cmd-click and Shift-click, and merges refetches without overwriting unsaved edits', async () => {
    const { client, userId } = await signUp('store');
    const rows = Array.from({ length: 23 }, (_, index) => ({
      user_id: userId,
      title: `Note ${index}`,
      content: documentOf(`Note ${index}`, `Text ${index}`),
      created_at: new Date(Date.UTC(2026, 1, 1, 0, index)).toISOString(),
    }));
    await client.from('writings').insert(rows);

    connectWritingsStore({ client, userId });
    await vi.waitFor(() => expect(getWritingsState().status).toBe('ready'));
    expect(getWritingsState().items).toHaveLength(20);
    expect(getWritingsState().hasMore).toBe(true);
    await loadMore();
    expect(getWritingsState().items).toHaveLength(23);
    expect(getWritingsState().hasMore).toBe(false);

    const ids = getWritingsState().items.map((item) => item.id);
    clickWriting(ids[1] ?? '');
    clickWriting(ids[4] ?? '', { range: true });
    expect([...getWritingsState().selectedIds]).toEqual(ids.slice(1, 5));
    clickWriting(ids[2] ?? '', { toggle: true });
    expect(getWritingsState().selectedIds.has(ids[2] ?? '')).toBe(false);

    const edited = ids[0] ?? '';
    applyLocalEdit(edited, {
      title: 'Local title',
      preview: 'Local text',
      content: documentOf('Local title', ''),
    });
    await client.from('writings').update({ title: 'Server title' }).eq('id', edited);
    await client
      .from('writings')
      .update({ title: 'Renamed elsewhere' })
      .eq('id', ids[1] ?? '');
    await refetchAndMerge();

    const items = getWritingsState().items;
    expect(items).toHaveLength(23);
    expect(items.find((item) => item.id === edited)?.title).toBe('Local title');
    expect(items.find((item) => item.id === ids[1])?.title).toBe('Renamed elsewhere');

    const saved = await saveWriting({
      client,
      id: edited,
      title: 'Local title',
      content: documentOf('Local title', ''),
    });
    markSaved(edited, saved);
    expect(getWritingsState().unsaved.size).toBe(0);
    expect(getWritingsState().drafts).toEqual({});
  });

  it('lists a long writing from its first blocks: the preview is the same, the answer a fraction of it', async () => {
    const writer = await signUp('long');
    const longDocument = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Novel' }] },
        { type: 'paragraph' },
        ...Array.from({ length: 2_000 }, (_, index) => paragraph(`Chapter line ${index} of a long novel.`)),
      ],
    };
    await writer.client.from('writings').insert({ title: 'Novel', content: longDocument });
    const answers: number[] = [];
    const measuring = backend.client({
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        answers.push((await response.clone().text()).length);
        return response;
      },
    });
    await measuring.auth.setSession(
      (await writer.client.auth.getSession()).data.session ?? { access_token: '', refresh_token: '' },
    );

    const [listed] = await listWritings({
      client: measuring,
      userId: writer.userId,
      folderId: null,
      offset: 0,
      limit: 20,
    });

    expect(listed?.preview).toBe(writingPreview(longDocument));
    expect(answers.at(-1)).toBeLessThan(JSON.stringify(longDocument).length / 20);
  });

  it('opens the first writing with the copy fetched beside the list, without a request of its own, even when the list answered first', async () => {
    const writer = await signUp('listed-late');
    await writer.client.from('writings').insert({ title: 'Late', content: documentOf('Late', 'Body') });
    // The whole first writings are answered only once the list is shown and the first writing asked for.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const requests: string[] = [];
    const slowCopies = backend.client({
      // As on a page, where realtime (and the list read again once it has joined) waits for the first screen.
      realtimeAfter: () => new Promise(() => {}),
      fetch: async (input, init) => {
        const url = String(input instanceof Request ? input.url : input);
        requests.push(url);
        const answer = await fetch(input, init);
        if (url.includes('/rest/v1/writings') && !url.includes('block0') && url.includes('limit='))
          await released;
        return answer;
      },
    });
    await slowCopies.auth.setSession(
      (await writer.client.auth.getSession()).data.session ?? { access_token: '', refresh_token: '' },
    );

    connectWritingsStore({ client: slowCopies, userId: writer.userId });
    await vi.waitFor(() => expect(getWritingsState().items).toHaveLength(1));
    const opening = loadWriting(getWritingsState().items[0]?.id ?? '');
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();

    expect((await opening)?.content).toEqual(documentOf('Late', 'Body'));
    // The list and the whole first writings: no third request for the writing that opens.
    expect(requests.filter((url) => url.includes('/rest/v1/writings'))).toHaveLength(2);
    disconnectWritingsStore();
  });

  it('keeps a writing made while the first page was on its way (New pressed as the workspace opens)', async () => {
    const writer = await signUp('new-at-once');
    // The first page's answer, read by the server before the writing is made, reaches the page after it
    // (and after any refetch the change set off).
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let listAsked = false;
    const slowList = backend.client({
      fetch: async (input, init) => {
        const url = String(input instanceof Request ? input.url : input);
        const answer = await fetch(input, init);
        if (url.includes('/rest/v1/writings') && url.includes('block0') && !listAsked) {
          listAsked = true;
          await released;
        }
        return answer;
      },
    });
    await slowList.auth.setSession(
      (await writer.client.auth.getSession()).data.session ?? { access_token: '', refresh_token: '' },
    );

    connectWritingsStore({ client: slowList, userId: writer.userId });
    await vi.waitFor(() => expect(listAsked).toBe(true));
    const created = await createAndSelect();
    await new Promise((resolve) => setTimeout(resolve, 300)); // a refetch set off by the change, if any
    release();

    await vi.waitFor(() => expect(getWritingsState().status).toBe('ready'));
    expect(getWritingsState().items.map((item) => item.id)).toEqual([created?.id]);
    expect(getWritingsState().selectedWritingId).toBe(created?.id);
    disconnectWritingsStore();
  });

  it('creates and opens a writing in the selected folder, and refuses moves into a read-only one', async () => {
    const owner = await signUp('move-owner');
    const reader = await signUp('move-reader');
    const shared = await createFolder({ client: owner.client, userId: owner.userId, name: 'Read only' });
    const share = await owner.client
      .from('category_shares')
      .insert({ category_id: shared.id, shared_with_user_id: reader.userId, permission_level: 'read' })
      .select('id')
      .single();
    await acceptInvitation({ client: reader.client, shareId: share.data?.id ?? '' });

    connectWritingsStore(reader);
    await vi.waitFor(() => expect(getWritingsState().folders).toHaveLength(1));
    const created = await createAndSelect();
    expect(getWritingsState().selectedWritingId).toBe(created?.id);
    expect(getWritingsState().items[0]?.id).toBe(created?.id);

    const moved = await moveWritingsToFolder([created?.id ?? ''], getWritingsState().folders[0] ?? null);
    expect(moved).toBe(false);
    expect(getWritingsState().notice).toBe(messages.categories.noWriteAccess);

    await selectFolder(shared.id);
    expect(await createAndSelect()).toBeNull();
    expect(getWritingsState().notice).toBe(messages.categories.readOnlyCreate);
  });
});

describe('moving writings to a folder by name', { timeout: 30_000 }, () => {
  it('creates the folder when no name matches, then matches it again whatever the case', async () => {
    const writer = await signUp('by-name');
    const first = await createWriting({ ...writer, folder: null });
    const second = await createWriting({ ...writer, folder: null });
    connectWritingsStore(writer);
    await vi.waitFor(() => expect(getWritingsState().status).toBe('ready'));
    clickWriting(second.id);
    clickWriting(first.id, { toggle: true });

    expect(await moveWritingsToFolderNamed([first.id], '  Short stories ')).toBe(true);
    // The selection goes; the writing open in the editor stays the selected row.
    expect(getWritingsState().selectedIds).toEqual(new Set([second.id]));
    expect(await moveWritingsToFolderNamed([second.id], 'SHORT STORIES')).toBe(true);
    expect(await moveWritingsToFolderNamed([second.id], '   ')).toBe(false);
    expect(getWritingsState().notice).toBe(messages.categories.nameRequired);

    const folders = await listFolders(writer);
    expect(folders.map((folder) => folder.name)).toEqual(['Short stories']);
    const moved = await listWritings({ ...writer, folderId: folders[0]?.id ?? '', offset: 0, limit: 20 });
    expect(moved.map((row) => row.id).sort()).toEqual([first.id, second.id].sort());
    expect(moved.every((row) => row.category === 'Short stories')).toBe(true);
  });
});
