// @vitest-environment node
import 'fake-indexeddb/auto';
import { startTestBackend, type TestBackend } from 'local-backend/testing';
import { messages, type WorkspaceClient } from 'shared-kernel';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listIdeas, updateIdeaContent } from '../ideas-data/index.ts';
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

const signUp = () => signUpOfflineWriter(backend, 'offline-idea');
const openStore = (writer: { client: WorkspaceClient; userId: string }) => openOfflineStore(writer, stores);

const serverContents = async (writer: { client: WorkspaceClient; userId: string }) =>
  (await listIdeas({ ...writer, categoryId: null, offset: 0, limit: 50 })).map((idea) => idea.content);

/** Starts `store` and captures `text`; answers the idea's id once the server has it. */
async function savedIdea(store: IdeasStore, text: string): Promise<string> {
  await store.start();
  store.capture(text);
  await vi.waitFor(() => expect(store.getState().unsaved.size).toBe(0));
  return store.getState().items[0]?.id ?? '';
}

beforeAll(async () => {
  backend = await startTestBackend();
}, 120_000);

afterAll(async () => {
  for (const store of stores) store.close();
  await backend?.stop();
});

describe('ideas kept on this device', () => {
  it('keeps a thought captured offline, shows it after a restart offline, and syncs exactly one copy', async () => {
    const writer = await signUp();
    const first = openStore(writer);
    await first.start();
    writer.net.down = true;
    first.capture('Thought on the train');
    await vi.waitFor(() => expect(first.getState().pending).toBe(1));
    first.close();

    // A reload while still offline: the idea is read from the device.
    const second = openStore(writer);
    await second.start();
    expect(second.getState().items.map((idea) => idea.content)).toEqual(['Thought on the train']);

    writer.net.down = false;
    globalThis.dispatchEvent?.(new Event('online'));
    await second.refetch();
    await vi.waitFor(async () => expect(await serverContents(writer)).toEqual(['Thought on the train']), {
      timeout: 10_000,
    });
    await vi.waitFor(() => expect(second.getState().pending).toBe(0), { timeout: 10_000 });
  });

  it('does not make a second idea when a capture’s answer is lost and it is replayed', async () => {
    const writer = await signUp();
    const store = openStore(writer);
    await store.start();
    writer.net.loseAnswers = 1;
    store.capture('Said once');
    await vi.waitFor(() => expect(store.getState().pending).toBe(1));
    await vi.waitFor(async () => expect(await serverContents(writer)).toEqual(['Said once']), {
      timeout: 10_000,
    });
    await vi.waitFor(() => expect(store.getState().pending).toBe(0), { timeout: 10_000 });
    expect(await serverContents(writer)).toEqual(['Said once']);
  });

  it('keeps one idea when an edit’s answer is lost and the writer types on before it is sent again', async () => {
    const writer = await signUp();
    const store = openStore(writer);
    const id = await savedIdea(store, 'Tides at the weir');
    writer.net.loseAnswers = 1;
    store.edit(id, 'Tides at the bridge');
    await store.save(id); // on the server, but its answer never came back
    store.edit(id, 'Tides at the bridge tonight');
    await store.save(id);

    await vi.waitFor(() => expect(store.getState().pending).toBe(0), { timeout: 10_000 });
    expect(await serverContents(writer)).toEqual(['Tides at the bridge tonight']);
    expect(store.getState().notice).toBeNull();
  });

  it('keeps one idea when the page closes before an edit’s answer comes and the writer had typed on', async () => {
    const writer = await signUp();
    const first = openStore(writer);
    const id = await savedIdea(first, 'Tides at the weir');
    // The edit reaches the server; its answer is still on its way when the page closes.
    writer.net.before = async (request) => {
      if (request.method !== 'PATCH') return;
      await fetch(request);
      await new Promise(() => {});
    };
    first.edit(id, 'Tides at the bridge');
    void first.save(id);
    await vi.waitFor(async () => expect(await serverContents(writer)).toEqual(['Tides at the bridge']));
    first.edit(id, 'Tides at the bridge tonight');
    void first.save(id);
    await vi.waitFor(async () => expect(await deviceText(writer, id)).toBe('Tides at the bridge tonight'));
    first.close();
    writer.net.before = async () => {};

    const second = openStore(writer);
    await second.start();
    await vi.waitFor(() => expect(second.getState().pending).toBe(0), { timeout: 10_000 });
    expect(await serverContents(writer)).toEqual(['Tides at the bridge tonight']);
    expect(second.getState().notice).toBeNull();
  });

  it('keeps one idea when the server refuses an edit once and the writer types on before it is sent again', async () => {
    const writer = await signUp();
    // The writer's client, with the server answering the next update with an error of its own.
    let refuse = 0;
    const client = await anotherClientOf(backend, writer, {
      fetch: async (input, init) => {
        const request = new Request(input, init);
        if (request.method !== 'PATCH' || refuse === 0) return fetch(request);
        refuse -= 1;
        return Response.json({ message: 'Service unavailable' }, { status: 503 });
      },
    });
    const store = openStore({ client, userId: writer.userId });
    const id = await savedIdea(store, 'Tides at the weir');
    refuse = 1;
    store.edit(id, 'Tides at the bridge');
    await store.save(id); // kept on the device, refused by the server: the writer is told
    expect(store.getState().notice).not.toBeNull();
    store.edit(id, 'Tides at the bridge tonight');
    await store.save(id);

    await vi.waitFor(() => expect(store.getState().pending).toBe(0), { timeout: 10_000 });
    expect(await serverContents(writer)).toEqual(['Tides at the bridge tonight']);
  });

  /**
   * An idea 'Original thought' edited offline here to `offline` while another device saves `elsewhere`;
   * then back online, once the sync is over. With `meanwhile`, updates are held as it comes back: it
   * lets them through.
   */
  async function editedOfflineAndElsewhere(
    offline: string,
    elsewhereText: string,
    meanwhile?: (on: {
      held: (() => void)[];
      store: IdeasStore;
      id: string;
      writer: OfflineWriter;
    }) => Promise<void>,
  ) {
    const writer = await signUp();
    const store = openStore(writer);
    const id = await savedIdea(store, 'Original thought');
    writer.net.down = true;
    store.edit(id, offline);
    await store.save(id);
    const elsewhere = await anotherClientOf(backend, writer);
    await updateIdeaContent({ client: elsewhere, id, content: elsewhereText });
    const held = meanwhile ? holdUpdates(writer) : [];
    writer.net.down = false;
    globalThis.dispatchEvent?.(new Event('online'));
    await meanwhile?.({ held, store, id, writer });
    writer.net.before = async () => {};
    await vi.waitFor(() => expect(store.getState().pending).toBe(0), { timeout: 10_000 });
    return { writer, store };
  }

  it('merges an idea edited offline with a version saved elsewhere meanwhile that changed other words', async () => {
    const { writer, store } = await editedOfflineAndElsewhere(
      'Original thought, revised on the train',
      'A second original thought',
    );
    expect(await serverContents(writer)).toEqual(['A second original thought, revised on the train']);
    await vi.waitFor(() =>
      expect(store.getState().items.map((idea) => idea.content)).toEqual([
        'A second original thought, revised on the train',
      ]),
    );
    expect(store.getState().notice).toBeNull();
  });

  it('merges again what is typed on while the merged version is on its way', async () => {
    const { writer } = await editedOfflineAndElsewhere(
      'Original thought, revised on the train',
      'A second original thought',
      async ({ held, store, id, writer }) => {
        // Sent as made from the version it was (the next try after the failed one).
        await vi.waitFor(() => expect(held.length).toBe(1), { timeout: 10_000 });
        held[0]?.();
        await vi.waitFor(() => expect(held.length).toBe(2)); // the merged text, on its way
        const typedOn = 'Original thought, revised on the train at dusk';
        store.edit(id, typedOn);
        const saved = store.save(id);
        await vi.waitFor(async () => expect(await deviceText(writer, id)).toBe(typedOn));
        writer.net.before = async () => {};
        held[1]?.();
        await saved;
      },
    );
    expect(await serverContents(writer)).toEqual(['A second original thought, revised on the train at dusk']);
  });

  it('keeps the other version as an idea of its own though the first try to keep it gets no answer', async () => {
    let cut = false;
    const { writer, store } = await editedOfflineAndElsewhere(
      'Edited offline',
      'Edited elsewhere',
      async ({ held, writer }) => {
        // The connection drops as the other version is sent to be kept (after the edit went over it).
        writer.net.before = async (request) => {
          if (request.method !== 'POST' || cut) return;
          cut = true;
          throw new TypeError('Failed to fetch');
        };
        for (const release of held) release();
        await vi.waitFor(() => expect(cut).toBe(true), { timeout: 10_000 });
      },
    );
    expect((await serverContents(writer)).sort()).toEqual(['Edited elsewhere', 'Edited offline']);
    await vi.waitFor(() =>
      expect(store.getState().notice).toBe(messages.ideas.changedElsewhere('Edited offline')),
    );
  });

  it('keeps both versions when an idea edited offline was changed elsewhere meanwhile in the same words', async () => {
    const { writer, store } = await editedOfflineAndElsewhere('Edited offline', 'Edited elsewhere');
    expect((await serverContents(writer)).sort()).toEqual(['Edited elsewhere', 'Edited offline']);
    // The writer is told, by the idea's title.
    await vi.waitFor(() =>
      expect(store.getState().notice).toBe(messages.ideas.changedElsewhere('Edited offline')),
    );
  });
});
