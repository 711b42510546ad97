// @vitest-environment node
import { startTestBackend, type TestBackend } from 'local-backend/testing';
import {
  acceptInvitation,
  exitDrafts,
  IDEAS_PAGE_SIZE,
  messages,
  shareCategory,
  updateSharePermission,
  type WorkspaceClient,
} from 'shared-kernel';
import { testClientOf } from 'shared-kernel/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createIdea, listIdeas, moveIdeas, updateIdeaContent } from '../ideas-data/index.ts';
import { createIdeasStore, type IdeasStore } from './index.ts';

let backend: TestBackend;
const stores: IdeasStore[] = [];

async function signUp(label: string) {
  const client = testClientOf(backend);
  const email = `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const { data, error } = await client.auth.signUp({ email, password: 'a-password' });
  if (error || !data.user) throw new Error(error?.message ?? 'no user');
  return { client, userId: data.user.id, email };
}

async function started(writer: { client: WorkspaceClient; userId: string }): Promise<IdeasStore> {
  const store = createIdeasStore(writer);
  stores.push(store);
  await store.start();
  await vi.waitFor(() => expect(store.getState().live).toBe(true));
  return store;
}

/** An owner's ideas category shared with a recipient at `permission`, accepted. */
async function sharedCategory(permission: 'read' | 'write') {
  const owner = await signUp('owner');
  const recipient = await signUp('recipient');
  const { data: category } = await owner.client
    .from('categories')
    .insert({ user_id: owner.userId, name: `Shared ${permission}`, item_type: 'idea' })
    .select('id, name')
    .single();
  if (!category) throw new Error('no category');
  await shareCategory({
    client: owner.client,
    userId: owner.userId,
    categoryId: category.id,
    email: recipient.email,
    permission,
  });
  const { data: shares } = await recipient.client
    .from('category_shares')
    .select('id')
    .eq('category_id', category.id);
  await acceptInvitation({ client: recipient.client, shareId: shares?.[0]?.id ?? '' });
  const idea = await createIdea({
    client: owner.client,
    userId: owner.userId,
    id: crypto.randomUUID(),
    content: 'The owner’s idea',
    categoryId: category.id,
  });
  return { owner, recipient, category, idea };
}

beforeAll(async () => {
  backend = await startTestBackend();
}, 120_000);

afterAll(async () => {
  for (const store of stores) store.close();
  await backend?.stop();
});

/** A device's localStorage (node has none): where the drafts kept on exit live. */
function stubLocalStorage() {
  const kept = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => kept.get(key) ?? null,
    setItem: (key: string, value: string) => void kept.set(key, value),
    removeItem: (key: string) => void kept.delete(key),
  });
}

describe('the ideas store against the real backend', () => {
  it('shows a captured idea in the same call, then has the server’s row', async () => {
    const writer = await signUp('capture');
    const store = await started(writer);
    const idea = store.capture('  A thought on the bus  ');
    expect(store.getState().items[0]?.content).toBe('A thought on the bus');
    expect(store.getState().unsaved.has(idea?.id ?? '')).toBe(true);
    await vi.waitFor(() => expect(store.getState().unsaved.size).toBe(0));
    const page = await listIdeas({ ...writer, categoryId: null, offset: 0, limit: 5 });
    expect(page.map((row) => row.id)).toEqual([idea?.id]);
    expect(store.capture('   ')).toBeNull();
  });

  it('shows a newer version saved elsewhere in the idea open here, unless it has unsaved words', async () => {
    const writer = await signUp('open-idea');
    const store = await started(writer);
    const [first, second] = [store.capture('Opened, not typed in'), store.capture('Opened and typed in')];
    await vi.waitFor(() => expect(store.getState().unsaved.size).toBe(0));
    store.click(first?.id ?? '');
    expect(store.getState().expandedId).toBe(first?.id);
    await updateIdeaContent({ ...writer, id: first?.id ?? '', content: 'Saved on another device' });
    await vi.waitFor(() =>
      expect(store.getState().items.find((idea) => idea.id === first?.id)?.content).toBe(
        'Saved on another device',
      ),
    );
    expect(store.getState().expandedId).toBe(first?.id);

    store.click(second?.id ?? '');
    store.edit(second?.id ?? '', 'Opened and typed in, more');
    await updateIdeaContent({ ...writer, id: second?.id ?? '', content: 'Also saved elsewhere' });
    await updateIdeaContent({ ...writer, id: first?.id ?? '', content: 'Saved elsewhere again' });
    const shown = (id = '') => store.getState().items.find((idea) => idea.id === id)?.content;
    await vi.waitFor(() => expect(shown(first?.id)).toBe('Saved elsewhere again'));
    expect(shown(second?.id)).toBe('Opened and typed in, more');
  });

  it('keeps an edit kept when the page closed, saved over elsewhere since, as an idea of its own', async () => {
    const writer = await signUp('stale');
    const idea = await createIdea({ ...writer, id: crypto.randomUUID(), content: 'Tides', categoryId: null });
    stubLocalStorage();
    try {
      // The page closed within the pause before a save: its last words were kept on the device.
      exitDrafts<string>('ideas', writer.userId).keep(idea.id, 'Tides, typed as the page closed');
      await new Promise((resolve) => setTimeout(resolve, 20));
      // Another device saved the idea after that.
      await updateIdeaContent({ client: writer.client, id: idea.id, content: 'Tides, from the phone' });

      const store = await started(writer);
      const texts = async () =>
        (await listIdeas({ ...writer, categoryId: null, offset: 0, limit: 5 })).map((row) => row.content);
      await vi.waitFor(async () =>
        expect((await texts()).sort()).toEqual(['Tides, from the phone', 'Tides, typed as the page closed']),
      );
      expect(
        store
          .getState()
          .items.map((item) => item.content)
          .sort(),
      ).toEqual(['Tides, from the phone', 'Tides, typed as the page closed']);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('keeps a collaborator’s edit kept on exit, saved over since in a category now read-only, among their own ideas', async () => {
    const { owner, recipient, category, idea } = await sharedCategory('write');
    stubLocalStorage();
    try {
      exitDrafts<string>('ideas', recipient.userId).keep(
        idea.id,
        'Typed by the collaborator as the page closed',
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
      await updateIdeaContent({ client: owner.client, id: idea.id, content: 'Rewritten by the owner' });
      const { data: shares } = await owner.client
        .from('category_shares')
        .select('id')
        .eq('category_id', category.id);
      await updateSharePermission({
        client: owner.client,
        shareId: shares?.[0]?.id ?? '',
        permission: 'read',
      });

      const store = await started(recipient);
      await vi.waitFor(() => expect(store.getState().categories.map((row) => row.id)).toContain(category.id));
      await store.chooseCategory(category.id);
      const ownIdeas = async () =>
        (await listIdeas({ ...recipient, categoryId: null, offset: 0, limit: 5 })).map((row) => row.content);
      await vi.waitFor(async () =>
        expect(await ownIdeas()).toEqual(['Typed by the collaborator as the page closed']),
      );
      expect(store.getState().notice).toBeNull();
      expect(exitDrafts<string>('ideas', recipient.userId).ids()).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a category name the writer already has, in another case, chooses that category and makes no second', async () => {
    const writer = await signUp('same-category-name');
    const store = await started(writer);
    const plot = await store.addCategory('Plot');
    await store.chooseCategory(null);
    expect(store.getState().selectedCategoryId).toBeNull();
    const again = await store.addCategory(' PLOT ');
    expect(again?.id).toBe(plot?.id);
    expect(store.getState().selectedCategoryId).toBe(plot?.id);
    const { data } = await writer.client.from('categories').select('name');
    expect(data).toEqual([{ name: 'Plot' }]);
  });

  it('pages 20 at a time, newest change first', async () => {
    const writer = await signUp('paging');
    const now = Date.now();
    const rows = Array.from({ length: 25 }, (_, index) => {
      const at = new Date(now - index * 1000).toISOString();
      return { user_id: writer.userId, content: `Idea ${index}`, created_at: at, updated_at: at };
    });
    await writer.client.from('ideas').insert(rows);
    const store = await started(writer);
    expect(store.getState().items).toHaveLength(IDEAS_PAGE_SIZE);
    expect(store.getState().hasMore).toBe(true);
    await store.loadMore();
    expect(
      store
        .getState()
        .items.map((idea) => idea.content)
        .at(-1),
    ).toBe('Idea 24');
    expect(store.getState().hasMore).toBe(false);
  });

  it('merges a change made elsewhere without overwriting the idea being edited', async () => {
    const writer = await signUp('live');
    const [mine, other] = await Promise.all(
      ['Being edited', 'Changed elsewhere'].map((content) =>
        createIdea({ ...writer, id: crypto.randomUUID(), content, categoryId: null }),
      ),
    );
    const store = await started(writer);
    store.click(mine?.id ?? '');
    store.edit(mine?.id ?? '', 'Being edited here');
    const elsewhere = testClientOf(backend);
    await elsewhere.auth.setSession(
      (await writer.client.auth.getSession()).data.session ?? { access_token: '', refresh_token: '' },
    );
    await updateIdeaContent({ client: elsewhere, id: mine?.id ?? '', content: 'Overwritten?' });
    await updateIdeaContent({ client: elsewhere, id: other?.id ?? '', content: 'Changed elsewhere, live' });
    await vi.waitFor(() =>
      expect(store.getState().items.map((idea) => idea.content)).toContain('Changed elsewhere, live'),
    );
    expect(store.getState().items.find((idea) => idea.id === mine?.id)?.content).toBe('Being edited here');
  });

  it('a read-share recipient sees the category and its ideas but cannot create, edit or move into it', async () => {
    const { recipient, category, idea } = await sharedCategory('read');
    const store = await started(recipient);
    await vi.waitFor(() => expect(store.getState().categories.map((row) => row.id)).toContain(category.id));
    await store.chooseCategory(category.id);
    expect(store.getState().items.map((row) => row.id)).toEqual([idea.id]);
    expect(store.capture('Not allowed')).toBeNull();
    expect(store.getState().notice).toBe(messages.categories.readOnlyCreate);
    // The server refuses too, whatever the client does.
    await expect(
      createIdea({ ...recipient, id: crypto.randomUUID(), content: 'Sneaky', categoryId: category.id }),
    ).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(
      updateIdeaContent({ client: recipient.client, id: idea.id, content: 'Changed' }),
    ).rejects.toMatchObject({
      code: 'permission-denied',
    });
    const own = await createIdea({
      ...recipient,
      id: crypto.randomUUID(),
      content: 'Mine',
      categoryId: null,
    });
    await expect(
      moveIdeas({ client: recipient.client, ids: [own.id], categoryId: category.id }),
    ).rejects.toThrow();
    await store.move(category.id, [own.id]);
    expect(store.getState().notice).toBe(messages.categories.noWriteAccess);
    // Nor out of it, nor deleted: the server would change nothing and say nothing; the store says so.
    store.notify(null);
    await store.chooseCategory(category.id);
    await store.move(null, [idea.id]);
    expect(store.getState().notice).toBe(messages.categories.noWriteAccess);
    store.notify(null);
    await store.remove([idea.id]);
    expect(store.getState().notice).toBe(messages.categories.noWriteAccess);
    expect(store.getState().items.map((row) => row.id)).toEqual([idea.id]);
  });

  it('a write-share recipient creates and edits in the category, and the owner sees it live', async () => {
    const { owner, recipient, category, idea } = await sharedCategory('write');
    const ownerStore = await started(owner);
    await ownerStore.chooseCategory(category.id);
    await vi.waitFor(() => expect(ownerStore.getState().live).toBe(true));
    const store = await started(recipient);
    await vi.waitFor(() => expect(store.getState().categories.map((row) => row.id)).toContain(category.id));
    await store.chooseCategory(category.id);
    const made = store.capture('From the collaborator');
    await vi.waitFor(() => expect(store.getState().unsaved.size).toBe(0));
    expect(store.getState().notice).toBeNull();
    await updateIdeaContent({ client: recipient.client, id: idea.id, content: 'Edited by the collaborator' });
    await vi.waitFor(() =>
      expect(ownerStore.getState().items.map((row) => row.content)).toEqual(
        expect.arrayContaining(['From the collaborator', 'Edited by the collaborator']),
      ),
    );
    expect(ownerStore.getState().items.find((row) => row.id === made?.id)?.user_id).toBe(recipient.userId);
  });
});
