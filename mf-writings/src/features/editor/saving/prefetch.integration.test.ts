// @vitest-environment node
import type { Json } from 'shared-kernel';
import { describe, expect, it } from 'vitest';
import { backendForThisFile } from '../../../testing/in-process-backend.ts';
import { createWriting, serverSave } from '../../writings-data/index.ts';
import {
  applyLocalEdit,
  connectWritingsStore,
  getWritingsState,
  isUnsaved,
  markSaved,
  markUnsaved,
} from '../../writings-store/index.ts';
import { neighbourIds, prefetchNeighbours, takeWriting } from './prefetch.ts';
import { createSaveController } from './save-controller.ts';

const backend = backendForThisFile();

const documentWith = (body: string) =>
  ({
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Essay' }] },
      { type: 'paragraph', content: [{ type: 'text', text: body }] },
    ],
  }) as unknown as Json;

const until = async (condition: () => boolean) => {
  for (let attempt = 0; attempt < 200 && !condition(); attempt++)
    await new Promise((resolve) => setTimeout(resolve, 25));
};

describe('opening writings', { timeout: 30_000 }, () => {
  it('names the writings before and after one in the list', () => {
    const items = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    expect(neighbourIds(items, 'b')).toEqual(['a', 'c']);
    expect(neighbourIds(items, 'a')).toEqual(['b']);
    expect(neighbourIds(items, 'missing')).toEqual([]);
  });

  it('never opens a prefetched copy older than a save that finished after it', async () => {
    const client = backend.client();
    const { data } = await client.auth.signUp({
      email: `open-${crypto.randomUUID().slice(0, 8)}@example.com`,
      password: 'a-password',
    });
    const userId = data.user?.id ?? '';
    const first = await createWriting({ client, userId, folder: null });
    const second = await createWriting({ client, userId, folder: null });
    connectWritingsStore({ client, userId });
    await until(() => getWritingsState().status === 'ready');
    expect(getWritingsState().items.map((item) => item.id)).toContain(first.id);

    // The neighbour is prefetched (and answered) before its last edit is saved.
    prefetchNeighbours(second.id);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const controller = createSaveController({
      save: serverSave(client),
      store: { applyLocalEdit, markSaved, markUnsaved, isUnsaved },
    });
    controller.open({
      id: first.id,
      read: () => ({
        title: 'Essay',
        preview: 'the newest words',
        content: documentWith('the newest words'),
      }),
    });
    controller.changed();
    await controller.close();

    const opened = await takeWriting(first.id);
    expect(opened?.content).toEqual(documentWith('the newest words'));
  });
});
