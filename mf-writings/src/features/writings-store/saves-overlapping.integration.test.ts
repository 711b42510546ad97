// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { documentOf } from '../../testing/documents.ts';
import { backendForThisFile, signUpOn } from '../../testing/in-process-backend.ts';
import { resolveId } from '../offline-store/index.ts';
import { getWriting } from '../writings-data/index.ts';
import {
  connectWritingsStore,
  getWritingsState,
  loadWriting,
  saveEditOutsideEditor,
  saveWritingEdit,
} from './index.ts';
import { runtime } from './store-state.ts';
import { createLocally } from './writing-actions.ts';

// Two saves of one writing made by this tab at once, each kept on the device and queued (as in a
// browser): the newer one takes the older one's place in the outbox and goes instead. The older one must
// not then be sent again over it: the newer text is built on it (a draft of this tab), and resending
// the older text put the writer's last words off the server while the tab said Saved.

const backend = backendForThisFile();

/**
 * Writing 'Harbour' made on this device (id `local_<uuid>`) and synced (now `<uuid>` on the server too):
 * a save may still go under either id.
 */
async function writingMadeHere(label: string) {
  const writer = await signUpOn(backend, label);
  connectWritingsStore({ client: writer.client, userId: writer.userId });
  await vi.waitFor(() => expect(getWritingsState().live).toBe(true));
  const store = await runtime.offline;
  if (!store) throw new Error('no device store');
  const made = await createLocally(store, writer.userId, null, {
    title: 'Harbour',
    content: documentOf('Harbour', 'Boats.'),
  });
  const serverId = await resolveId(store.database, made.id);
  expect(serverId).not.toBe(made.id);
  await loadWriting(made.id);
  const onServer = async () => (await getWriting({ client: writer.client, id: serverId }))?.content;
  const titles = async () => (await writer.client.from('writings').select('title')).data?.map((w) => w.title);
  return { localId: made.id, serverId, onServer, titles };
}

async function writingOpen(label: string) {
  const writer = await signUpOn(backend, label);
  const { data: row } = await writer.client
    .from('writings')
    .insert({ user_id: writer.userId, title: 'Harbour', content: documentOf('Harbour', 'Boats.') })
    .select('id')
    .single();
  const id = row?.id ?? '';
  connectWritingsStore({ client: writer.client, userId: writer.userId });
  await vi.waitFor(() => expect(getWritingsState().items.map((item) => item.id)).toEqual([id]));
  await loadWriting(id);
  const onServer = async () => (await getWriting({ client: writer.client, id }))?.content;
  return { id, onServer };
}

describe("this tab's saves of one writing made at once", { timeout: 30_000 }, () => {
  it('the newer one is what the server keeps; the older one is not sent again over it', async () => {
    const { id, onServer } = await writingOpen('overlapping-saves');
    const older = documentOf('Harbour', 'Boats. Gulls.');
    const newer = documentOf('Harbour', 'Boats. Gulls. Rain at dusk.');

    const saves = [
      saveWritingEdit({ id, title: 'Harbour', content: older }),
      saveWritingEdit({ id, title: 'Harbour', content: newer }),
    ];
    await Promise.all(saves);

    expect(await onServer()).toEqual(newer);
    expect((await loadWriting(id))?.content).toEqual(newer);
  });

  it('the same, when the older one goes under the id the writing was made with here and the newer under its server id', async () => {
    const { localId, serverId, onServer, titles } = await writingMadeHere('overlapping-saves-made-here');
    const older = documentOf('Harbour', 'Boats. Gulls.');
    const newer = documentOf('Harbour', 'Boats. Gulls. Rain at dusk.');

    await Promise.all([
      saveWritingEdit({ id: localId, title: 'Harbour', content: older }),
      saveWritingEdit({ id: serverId, title: 'Harbour', content: newer }),
    ]);

    expect(await onServer()).toEqual(newer);
    // One writing: the newer save goes on from the older one, never taken for someone else's text.
    expect(await titles()).toEqual(['Harbour']);
    expect(getWritingsState().notice).toBeNull();
  });

  it("keys saved outside the editor, then the editor's save made at once: the editor's text stays", async () => {
    const { id, onServer } = await writingOpen('outside-then-editor');
    const typedOnCopy = documentOf('Harbour', 'Boats. Gulls.');
    const thenInEditor = documentOf('Harbour', 'Boats. Gulls. Rain at dusk.');

    const outside = saveEditOutsideEditor(id, {
      title: 'Harbour',
      preview: 'Boats. Gulls.',
      content: typedOnCopy,
    });
    const editor = saveWritingEdit({ id, title: 'Harbour', content: thenInEditor });
    await Promise.all([outside, editor]);

    expect(await onServer()).toEqual(thenInEditor);
    expect(getWritingsState().notice).toBeNull();
    expect(getWritingsState().unsaved.size).toBe(0);
  });
});
