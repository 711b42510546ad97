// @vitest-environment node
import 'fake-indexeddb/auto';
import { startTestBackend, type TestBackend } from 'local-backend/testing';
import type { WorkspaceClient } from 'shared-kernel';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listIdeas, updateIdeaContent } from '../ideas-data/index.ts';
import { createIdeasStore, type IdeasStore, serverWrites } from '../ideas-store/index.ts';
import { offlineIdeaWrites } from './offline-writes.ts';

let backend: TestBackend;
const stores: IdeasStore[] = [];

/** The network between the client and the server, which a test can cut or make lose answers. */
function network() {
  const state = {
    down: false,
    loseAnswers: 0,
    fetch: (async (input, init) => {
      const request = new Request(input, init);
      if (state.down) throw new TypeError('Failed to fetch');
      const response = await fetch(request);
      if (state.loseAnswers > 0 && request.method !== 'GET') {
        state.loseAnswers -= 1;
        throw new TypeError('Failed to fetch');
      }
      return response;
    }) as typeof fetch,
  };
  return state;
}

async function signUp() {
  const net = network();
  const client = backend.client({ fetch: net.fetch }) as WorkspaceClient;
  const email = `offline-idea-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const { data, error } = await client.auth.signUp({ email, password: 'a-password' });
  if (error || !data.user) throw new Error(error?.message ?? 'no user');
  return { client, userId: data.user.id, net };
}

function openStore({ client, userId }: { client: WorkspaceClient; userId: string }) {
  const store = createIdeasStore({
    client,
    userId,
    writes: offlineIdeaWrites(client, userId, serverWrites(client, userId)),
  });
  stores.push(store);
  return store;
}

const serverContents = async (writer: { client: WorkspaceClient; userId: string }) =>
  (await listIdeas({ ...writer, categoryId: null, offset: 0, limit: 50 })).map((idea) => idea.content);

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

  it('keeps both versions when an idea edited offline was changed elsewhere meanwhile', async () => {
    const writer = await signUp();
    const store = openStore(writer);
    await store.start();
    store.capture('Original');
    await vi.waitFor(() => expect(store.getState().unsaved.size).toBe(0));
    const id = store.getState().items[0]?.id ?? '';
    writer.net.down = true;
    store.edit(id, 'Edited offline');
    await store.save(id);
    const elsewhere = backend.client() as WorkspaceClient;
    const { data } = await writer.client.auth.getSession();
    await elsewhere.auth.setSession({
      access_token: data.session?.access_token ?? '',
      refresh_token: data.session?.refresh_token ?? '',
    });
    await updateIdeaContent({ client: elsewhere, id, content: 'Edited elsewhere' });
    writer.net.down = false;
    globalThis.dispatchEvent?.(new Event('online'));
    await vi.waitFor(
      async () =>
        expect((await serverContents(writer)).sort()).toEqual(['Edited elsewhere', 'Edited offline']),
      {
        timeout: 10_000,
      },
    );
  });
});
