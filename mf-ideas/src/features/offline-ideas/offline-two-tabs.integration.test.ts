// @vitest-environment node
// Two tabs of one browser share the device's copy of the ideas and its queue of writes. Each store here
// is a tab: one writer, one device, two lists.
import 'fake-indexeddb/auto';
import { startTestBackend, type TestBackend } from 'local-backend/testing';
import { messages, type WorkspaceClient } from 'shared-kernel';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listIdeas } from '../ideas-data/index.ts';
import type { IdeasStore } from '../ideas-store/index.ts';
import { ideasDatabaseName } from './local-ideas.ts';
import {
  holdUpdates,
  type OfflineWriter,
  openOfflineStore,
  signUpOfflineWriter,
} from './offline-writer.testing.ts';

let backend: TestBackend;
const stores: IdeasStore[] = [];

/** A tab of the writer: its own client (signed in as the writer, on the writer's network) and list. */
async function openTab(writer: OfflineWriter): Promise<IdeasStore> {
  const client = backend.client({ fetch: writer.net.fetch }) as WorkspaceClient;
  const { data } = await writer.client.auth.getSession();
  await client.auth.setSession({
    access_token: data.session?.access_token ?? '',
    refresh_token: data.session?.refresh_token ?? '',
  });
  const store = openOfflineStore({ client, userId: writer.userId }, stores);
  await store.start();
  return store;
}

const onServer = async (writer: OfflineWriter) =>
  (await listIdeas({ ...writer, categoryId: null, offset: 0, limit: 50 })).map((idea) => idea.content).sort();

/** The text of idea `id` in the device's copy, which the tabs share. */
async function onDevice(writer: OfflineWriter, id: string): Promise<string | undefined> {
  const { openDB } = await import('idb');
  const database = await openDB(ideasDatabaseName(writer.userId));
  try {
    return ((await database.get('ideas', id)) as { content?: string } | undefined)?.content;
  } finally {
    database.close();
  }
}

/** A writer with one idea, 'Tides', on the server, shown in two tabs; every update then held. */
async function twoTabsOnOneIdea(label: string) {
  const writer = await signUpOfflineWriter(backend, label);
  const here = await openTab(writer);
  here.capture('Tides');
  await vi.waitFor(() => expect(here.getState().unsaved.size).toBe(0));
  const id = here.getState().items[0]?.id ?? '';
  const there = await openTab(writer);
  expect(there.getState().items.map((idea) => idea.content)).toEqual(['Tides']);
  return { writer, here, there, id, held: holdUpdates(writer) };
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
  it('keeps both texts when the other tab’s edit, typed over the older text, waits behind this tab’s save', async () => {
    const { writer, here, there, id, held } = await twoTabsOnOneIdea('two-tabs-clash');
    here.edit(id, 'Tides, from the harbour wall');
    const savedHere = here.save(id);
    await vi.waitFor(() => expect(held.length).toBe(1)); // on its way
    // Typed in the other tab over 'Tides', which it still shows, and kept behind the save on its way.
    there.edit(id, 'Tides at dawn');
    const savedThere = there.save(id);
    await vi.waitFor(async () => expect(await onDevice(writer, id)).toBe('Tides at dawn'));
    releaseAll(writer, held);
    await Promise.all([savedHere, savedThere]);
    await vi.waitFor(() => expect(there.getState().pending).toBe(0), { timeout: 10_000 });

    expect(await onServer(writer)).toEqual(['Tides at dawn', 'Tides, from the harbour wall']);
    await vi.waitFor(() =>
      expect(there.getState().notice).toBe(messages.ideas.changedElsewhere('Tides at dawn')),
    );
  });

  it('keeps one idea when a tab types on, saving twice, while its own save is on its way', async () => {
    const { writer, here, id, held } = await twoTabsOnOneIdea('two-tabs-typing-on');
    here.edit(id, 'Tides, from');
    const saves = [here.save(id)];
    await vi.waitFor(() => expect(held.length).toBe(1));
    for (const text of ['Tides, from the harbour', 'Tides, from the harbour wall']) {
      here.edit(id, text);
      saves.push(here.save(id));
      await vi.waitFor(async () => expect(await onDevice(writer, id)).toBe(text));
    }
    releaseAll(writer, held);
    await Promise.all(saves);
    await vi.waitFor(() => expect(here.getState().pending).toBe(0), { timeout: 10_000 });

    expect(await onServer(writer)).toEqual(['Tides, from the harbour wall']);
    expect(here.getState().notice).toBeNull();
  });
});
