import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type SpawnedTestBackend, spawnTestBackend } from 'local-backend/testing';
import {
  getSupabaseClient,
  ideaTitle,
  messages,
  readContextItemDrag,
  type WorkspaceClient,
} from 'shared-kernel';
import { createTestAreaProps } from 'shared-kernel/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdeasStore, type IdeasStore, type IdeasStoreOptions } from '../ideas-store/index.ts';
import { IdeasPanel } from './ideas-panel.tsx';

let backend: SpawnedTestBackend;
let client: WorkspaceClient;
let userId: string;
const hiddenId = crypto.randomUUID();
const keeperId = crypto.randomUUID();
const LONG_IDEA =
  'The harbour master keeps a ledger of every boat that never came back, and of who waited for each';

beforeAll(async () => {
  // happy-dom lays nothing out: give elements a viewport's size so the virtualizer renders rows.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 300 });
  backend = await spawnTestBackend();
  client = getSupabaseClient(backend);
  const { data, error } = await client.auth.signUp({
    email: `ideas-panel-${crypto.randomUUID().slice(0, 8)}@example.com`,
    password: 'a-password',
  });
  if (error || !data.user) throw new Error(error?.message ?? 'no user');
  userId = data.user.id;
  const old = new Date(Date.now() - 90 * 24 * 3600_000).toISOString();
  const now = new Date().toISOString();
  const row = (content: string, at: string, id: string = crypto.randomUUID()) => ({
    id,
    user_id: userId,
    content,
    created_at: at,
    updated_at: at,
  });
  const inserted = await client
    .from('ideas')
    .insert([
      row('A lighthouse keeper who collects storms', now, keeperId),
      row(LONG_IDEA, now),
      ...Array.from({ length: 30 }, (_, index) => row(`Filler ${index}`, old)),
      row('Buried deep: found by search', new Date(Date.parse(old) - 1000).toISOString(), hiddenId),
    ]);
  if (inserted.error) throw new Error(inserted.error.message);
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

describe('IdeasPanel', { timeout: 30_000 }, () => {
  // First: the inbox's code, once loaded, stays for the page (useOnDemand shares one load per module),
  // so only the file's first panel meets it missing.
  it('captures what is typed before the inbox’s code and store are there: each Enter one idea, none merged', async () => {
    const props = createTestAreaProps({ backend, user: { id: userId, email: 'x@example.com' } });
    render(<IdeasPanel {...props} openStore={createIdeasStore} />);
    // At once, before the list, the store or its first page: the capture box of the first paint.
    expect(screen.queryByRole('listbox')).toBeNull();
    const box = screen.getByRole('textbox', {
      name: messages.ideas.composerPlaceholder,
    }) as HTMLTextAreaElement;
    for (const text of ['Typed before anything loaded', 'And a second thought']) {
      fireEvent.change(box, { target: { value: text } });
      fireEvent.keyDown(box, { key: 'Enter' });
      // It leaves the box as a capture does, and shows where the list will be.
      expect(box.value).toBe('');
      expect(within(screen.getByRole('list', { name: messages.ideas.waiting })).getByText(text)).toBeTruthy();
    }
    const list = await screen.findByRole('listbox', { name: messages.ideas.list }, { timeout: 10_000 });
    await within(list).findAllByText('And a second thought', {}, { timeout: 10_000 });
    await within(list).findAllByText('Typed before anything loaded');
    // Two ideas on the server, not one of both texts.
    await waitFor(async () => {
      const { data } = await client.from('ideas').select('content').like('content', '%thought%');
      expect(data).toEqual([{ content: 'And a second thought' }]);
    });
    expect(screen.getByRole('textbox', { name: messages.ideas.composerPlaceholder })).toBe(box);
    expect(localStorage.getItem(`ideas-captures-waiting-unsent:${userId}`)).toBeNull();
  });

  it('puts a capture the inbox refuses, once ready, back into the box; the others become ideas', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The writer's store, ready only when the test says, refusing one text as it refuses a capture into
    // a read-only shared category.
    const openStore = (options: IdeasStoreOptions): IdeasStore => {
      const store = createIdeasStore(options);
      return {
        ...store,
        start: () => gate.then(() => store.start()),
        capture: (text) => (text === 'Not this one' ? null : store.capture(text)),
      };
    };
    const props = createTestAreaProps({ backend, user: { id: userId, email: 'x@example.com' } });
    render(<IdeasPanel {...props} openStore={openStore} />);
    const box = screen.getByRole('textbox', {
      name: messages.ideas.composerPlaceholder,
    }) as HTMLTextAreaElement;
    for (const text of ['Not this one', 'A ferry timetable as a poem']) {
      fireEvent.change(box, { target: { value: text } });
      fireEvent.keyDown(box, { key: 'Enter' });
    }
    fireEvent.change(box, { target: { value: 'Still typing' } });
    release();
    const list = await screen.findByRole('listbox', { name: messages.ideas.list }, { timeout: 10_000 });
    await within(list).findAllByText('A ferry timetable as a poem', {}, { timeout: 10_000 });
    await waitFor(() => expect(box.value).toBe('Not this one\nStill typing'));
    expect(within(list).queryByText('Not this one')).toBeNull();
    expect(screen.queryByRole('list', { name: messages.ideas.waiting })).toBeNull();
    expect(localStorage.getItem(`ideas-captures-waiting-unsent:${userId}`)).toBeNull();
    fireEvent.change(box, { target: { value: '' } }); // the next tests start with an empty box
  });

  it('says a short idea once, and a long one by its title and a preview that goes on', async () => {
    const props = createTestAreaProps({ backend, user: { id: userId, email: 'x@example.com' } });
    render(<IdeasPanel {...props} openStore={createIdeasStore} />);
    const list = await screen.findByRole('listbox', { name: messages.ideas.list }, { timeout: 10_000 });
    const short = await within(list).findByText('A lighthouse keeper who collects storms');
    expect(short.closest('[role="option"]')?.textContent).toBe('A lighthouse keeper who collects storms');
    const title = within(list).getByText(ideaTitle(LONG_IDEA));
    expect(ideaTitle(LONG_IDEA).length).toBeLessThan(LONG_IDEA.length);
    expect(title.closest('[role="option"]')).toBe(
      within(list).getByText(LONG_IDEA).closest('[role="option"]'),
    );
  });

  it('sends the selected idea to the chat with Ask AI, and a dragged idea carries its context item', async () => {
    const props = createTestAreaProps({ backend, user: { id: userId, email: 'x@example.com' } });
    render(<IdeasPanel {...props} openStore={createIdeasStore} />);
    const list = await screen.findByRole('listbox', { name: messages.ideas.list }, { timeout: 10_000 });
    const [row] = await within(list).findAllByText('A lighthouse keeper who collects storms');
    const option = row?.closest('[role="option"]') as HTMLElement;
    fireEvent.click(option);
    fireEvent.click(await screen.findByRole('button', { name: messages.ideas.askAi }));
    expect(props.events).toContainEqual({
      type: 'chat.context-add',
      item: {
        type: 'Idea',
        // Its id, so the chat cites it once and a citation opens it.
        id: keeperId,
        title: 'A lighthouse keeper who collects storms',
        content: 'A lighthouse keeper who collects storms',
      },
    });

    fireEvent.click(option); // collapse, so the row can be dragged
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => data.set(type, value),
      getData: (type: string) => data.get(type) ?? '',
      effectAllowed: 'none',
    } as unknown as DataTransfer;
    fireEvent.dragStart(option, { dataTransfer });
    expect(readContextItemDrag(dataTransfer)?.content).toBe('A lighthouse keeper who collects storms');
    expect(data.get('text/plain')).toBe('A lighthouse keeper who collects storms');
  });

  it('shows an idea chosen in search, even one not loaded yet, selected and highlighted', async () => {
    const props = createTestAreaProps({ backend, user: { id: userId, email: 'x@example.com' } });
    let store: IdeasStore | null = null;
    const open = (options: IdeasStoreOptions) => {
      store = createIdeasStore(options);
      return store;
    };
    render(<IdeasPanel {...props} openStore={open} />);
    await waitFor(() => expect(store?.getState().status).toBe('ready'), { timeout: 10_000 });
    props.bus.emit({ type: 'ideas.open', ideaId: hiddenId });
    await waitFor(() => expect(store?.getState().highlightId).toBe(hiddenId), { timeout: 10_000 });
    const state = (store as IdeasStore | null)?.getState();
    expect(state?.items.some((idea) => idea.id === hiddenId)).toBe(true);
    expect([...(state?.selectedIds ?? [])]).toEqual([hiddenId]);
  });
});
