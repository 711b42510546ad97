// @vitest-environment node
// Two tabs of one browser share the device's copy of the ideas and its queue of writes. Each store here
// is a tab: one writer, one device, two lists.
import 'fake-indexeddb/auto';
import { startTestBackend, type TestBackend } from 'local-backend/testing';
import { messages } from 'shared-kernel';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listIdeas } from '../ideas-data/index.ts';
import type { IdeasStore } from '../ideas-store/index.ts';
import {
  anotherClientOf,
  deviceText,
  holdUpdates,
  type OfflineWriter,
  openOfflineStore,
  signUpOfflineWriter,
} from './offline-writer.testing.ts';

let backend: TestBackend;
const stores: IdeasStore[] = [];

/** A tab of the writer: its own client (signed in as the writer, on the writer's network) and list. */
async function openTab(writer: OfflineWriter): Promise<IdeasStore> {
  const client = await anotherClientOf(backend, writer, { fetch: writer.net.fetch });
  const store = openOfflineStore({ client, userId: writer.userId }, stores);
  await store.start();
  return store;
}

const onServer = async (writer: OfflineWriter) =>
  (await listIdeas({ ...writer, categoryId: null, offset: 0, limit: 50 })).map((idea) => idea.content).sort();

/** A writer with one idea, 'Tides at the weir', on the server, shown in two tabs; every update then held. */
async function twoTabsOnOneIdea(label: string) {
  const writer = await signUpOfflineWriter(backend, label);
  const here = await openTab(writer);
  here.capture('Tides at the weir');
  await vi.waitFor(() => expect(here.getState().unsaved.size).toBe(0));
  const id = here.getState().items[0]?.id ?? '';
  const there = await openTab(writer);
  expect(there.getState().items.map((idea) => idea.content)).toEqual(['Tides at the weir']);
  return { writer, here, there, id, held: holdUpdates(writer) };
}

/**
 * This tab's edit held on its way; the other tab's, typed over the text both showed, kept behind it;
 * then both let through.
 */
async function editBothTabs(
  setup: Awaited<ReturnType<typeof twoTabsOnOneIdea>>,
  mine: string,
  other: string,
) {
  const { writer, here, there, id, held } = setup;
  here.edit(id, mine);
  const savedHere = here.save(id);
  await vi.waitFor(() => expect(held.length).toBe(1)); // on its way
  there.edit(id, other);
  const savedThere = there.save(id);
  await vi.waitFor(async () => expect(await deviceText(writer, id)).toBe(other));
  releaseAll(writer, held);
  await Promise.all([savedHere, savedThere]);
  await vi.waitFor(() => expect(there.getState().pending).toBe(0), { timeout: 10_000 });
}

/** Lets every held update through, and those sent from now on. */
function releaseAll(writer: OfflineWriter, held: (() => void)[]) {
  writer.net.before = async () => {};
  for (const release of held) release();
}

/** The Web Locks the tabs of a browser share (Node has none): one tab syncs the outbox at a time. */
function shareWebLocks() {
  let queue: Promise<unknown> = Promise.resolve();
  const request = <T>(_name: string, run: () => Promise<T>): Promise<T> => {
    const result = queue.then(run);
    queue = result.catch(() => {});
    return result;
  };
  vi.stubGlobal('navigator', { locks: { request } });
}

beforeAll(async () => {
  shareWebLocks();
  backend = await startTestBackend();
}, 120_000);

afterAll(async () => {
  vi.unstubAllGlobals();
  for (const store of stores) store.close();
  await backend?.stop();
});

describe('one idea edited in two tabs', { timeout: 30_000 }, () => {
  it('merges the other tab’s edit, typed over the older text, with this tab’s save it waited behind', async () => {
    const setup = await twoTabsOnOneIdea('two-tabs-merge');
    await editBothTabs(setup, 'Tides at the old weir', 'Spring tides at the weir');

    expect(await onServer(setup.writer)).toEqual(['Spring tides at the old weir']);
    await vi.waitFor(() =>
      expect(setup.there.getState().items.map((idea) => idea.content)).toEqual([
        'Spring tides at the old weir',
      ]),
    );
    expect(setup.there.getState().notice).toBeNull();
  });

  it('keeps both texts where the two tabs changed the same words, and tells the writer', async () => {
    const setup = await twoTabsOnOneIdea('two-tabs-clash');
    await editBothTabs(setup, 'Tides at the harbour', 'Tides at the bridge');

    expect(await onServer(setup.writer)).toEqual(['Tides at the bridge', 'Tides at the harbour']);
    await vi.waitFor(() =>
      expect(setup.there.getState().notice).toBe(messages.ideas.changedElsewhere('Tides at the bridge')),
    );
  });

  it('merges the two tabs’ edits made while both were offline, once back online', async () => {
    const { writer, here, there, id } = await twoTabsOnOneIdea('two-tabs-offline');
    releaseAll(writer, []);
    writer.net.down = true;
    here.edit(id, 'Tides at the old weir');
    await here.save(id);
    there.edit(id, 'Spring tides at the weir'); // typed over the text both tabs showed
    await there.save(id);

    writer.net.down = false;
    await there.refetch();
    await vi.waitFor(() => expect(there.getState().pending).toBe(0), { timeout: 10_000 });
    expect(await onServer(writer)).toEqual(['Spring tides at the old weir']);
    await vi.waitFor(() =>
      expect(here.getState().items.map((idea) => idea.content)).toEqual(['Spring tides at the old weir']),
    );
  });

  it('keeps one idea when a tab types on, saving twice, while its own save is on its way', async () => {
    const { writer, here, id, held } = await twoTabsOnOneIdea('two-tabs-typing-on');
    here.edit(id, 'Tides at the weir, from');
    const saves = [here.save(id)];
    await vi.waitFor(() => expect(held.length).toBe(1));
    for (const text of ['Tides at the weir, from the harbour', 'Tides at the weir, from the harbour wall']) {
      here.edit(id, text);
      saves.push(here.save(id));
      await vi.waitFor(async () => expect(await deviceText(writer, id)).toBe(text));
    }
    releaseAll(writer, held);
    await Promise.all(saves);
    await vi.waitFor(() => expect(here.getState().pending).toBe(0), { timeout: 10_000 });

    expect(await onServer(writer)).toEqual(['Tides at the weir, from the harbour wall']);
    expect(here.getState().notice).toBeNull();
  });
});
