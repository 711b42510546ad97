// @vitest-environment node
import { createWritingDocument, type Json, messages } from 'shared-kernel';
import { describe, expect, it } from 'vitest';
import { backendForThisFile, signUpOn } from '../../../testing/in-process-backend.ts';
import { createWriting, getWriting, serverSave, type WritingDraft } from '../../writings-data/index.ts';
import {
  applyLocalEdit,
  getWritingsState,
  isUnsaved,
  markSaved,
  markUnsaved,
} from '../../writings-store/index.ts';
import { createSaveController, type SaveRequest } from './save-controller.ts';

const backend = backendForThisFile();

const signUp = (label: string) => signUpOn(backend, label);

const store = { applyLocalEdit, markSaved, markUnsaved, isUnsaved };
const documentWith = (title: string, body: string) =>
  ({
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: title }] },
      { type: 'paragraph', content: [{ type: 'text', text: body }] },
    ],
  }) as unknown as Json;

/** An open writing whose text the test changes, as the editor would. */
function editable(id: string) {
  let body = '';
  let reads = 0;
  return {
    writing: {
      id,
      read: (): WritingDraft => {
        reads += 1;
        return { title: 'Essay', preview: body, content: documentWith('Essay', body) };
      },
    },
    type(text: string) {
      body = text;
    },
    reads: () => reads,
  };
}

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the save pipeline', { timeout: 30_000 }, () => {
  it('marks the writing unsaved at once and saves it 750 ms after the last change, reading it once', async () => {
    const { client, userId } = await signUp('debounce');
    const { id } = await createWriting({ client, userId, folder: null });
    const controller = createSaveController({
      save: serverSave(client),
      store,
      saveDelayMs: 200,
      draftDelayMs: 50,
    });
    const editor = editable(id);
    controller.open(editor.writing);
    for (const text of ['a', 'ab', 'abc']) {
      editor.type(text);
      controller.changed();
      await tick(10);
    }
    expect(controller.getStatus().unsaved).toBe(true);
    expect(isUnsaved(id)).toBe(true);
    expect(editor.reads()).toBe(0);
    await tick(80);
    expect(getWritingsState().drafts[id]?.preview).toBe('abc');
    expect((await getWriting({ client, id }))?.title).toBe('Untitled');
    await tick(400);
    expect((await getWriting({ client, id }))?.content).toEqual(documentWith('Essay', 'abc'));
    expect(controller.getStatus()).toEqual({ unsaved: false, saving: false, error: null });
    expect(isUnsaved(id)).toBe(false);
    expect(editor.reads()).toBe(1);
  });

  it('saves at once on request, never two saves of one writing at a time, and the newest text last', async () => {
    const { client, userId } = await signUp('double');
    const { id } = await createWriting({ client, userId, folder: null });
    let running = 0;
    let most = 0;
    const sent: string[] = [];
    const save = async (request: SaveRequest) => {
      running += 1;
      most = Math.max(most, running);
      sent.push(JSON.stringify(request.content));
      try {
        return await serverSave(client)(request);
      } finally {
        running -= 1;
      }
    };
    const controller = createSaveController({ save, store, saveDelayMs: 10_000 });
    const editor = editable(id);
    controller.open(editor.writing);
    const saves: Promise<void>[] = [];
    for (const text of ['one', 'two', 'three']) {
      editor.type(text);
      controller.changed();
      saves.push(controller.saveNow(), controller.saveNow());
    }
    await Promise.all(saves);
    expect(most).toBe(1);
    // The first save, then only the newest of those queued behind it.
    expect(sent).toHaveLength(2);
    expect((await getWriting({ client, id }))?.content).toEqual(documentWith('Essay', 'three'));
    expect(controller.getStatus().unsaved).toBe(false);
  });

  it('does nothing on a save request without unsaved changes', async () => {
    let calls = 0;
    const controller = createSaveController({
      save: async () => {
        calls += 1;
        throw new Error('not expected');
      },
      store,
    });
    controller.open(editable(crypto.randomUUID()).writing);
    await controller.saveNow();
    expect(calls).toBe(0);
  });

  it('keeps the mark and says the writer is offline when the network is gone', async () => {
    const { userId } = await signUp('offline');
    const offlineClient = backend.client({ url: 'http://127.0.0.1:9' });
    const id = crypto.randomUUID();
    const controller = createSaveController({
      save: serverSave(offlineClient),
      store,
      isOnline: () => false,
    });
    const editor = editable(id);
    controller.open(editor.writing);
    editor.type(`words of ${userId}`);
    controller.changed();
    await controller.saveNow();
    expect(controller.getStatus()).toMatchObject({ unsaved: true, error: messages.save.offline });
    expect(isUnsaved(id)).toBe(true);
    expect(getWritingsState().drafts[id]?.preview).toBe(`words of ${userId}`);
  });

  it('says the session expired when the token is not accepted', async () => {
    const { client, userId } = await signUp('expired');
    const { id } = await createWriting({ client, userId, folder: null });
    // A token the backend cannot verify (as an expired one): supabase-js sends the key as the Bearer
    // token when signed out, and the backend answers 401 with a "JWT ..." message.
    const { data } = await client.auth.getSession();
    const rejectedToken = `${data.session?.access_token.slice(0, -4)}xxxx`;
    const controller = createSaveController({
      save: serverSave(backend.client({ anonKey: rejectedToken })),
      store,
    });
    const editor = editable(id);
    controller.open(editor.writing);
    editor.type('late words');
    controller.changed();
    await controller.saveNow();
    expect(controller.getStatus()).toMatchObject({ unsaved: true, error: messages.save.sessionExpired });
  });

  it('says the writer has no permission when the writing belongs to someone else', async () => {
    const owner = await signUp('owner');
    const stranger = await signUp('stranger');
    const { id } = await createWriting({ client: owner.client, userId: owner.userId, folder: null });
    const controller = createSaveController({ save: serverSave(stranger.client), store });
    const editor = editable(id);
    controller.open(editor.writing);
    editor.type('not mine');
    controller.changed();
    await controller.saveNow();
    expect(controller.getStatus()).toMatchObject({ unsaved: true, error: messages.save.noPermission });
    expect((await getWriting({ client: owner.client, id }))?.content).toEqual(createWritingDocument());
  });

  it('says saving failed, keeping the draft, when the server refuses for another reason', async () => {
    const { client } = await signUp('server');
    const controller = createSaveController({ save: serverSave(client), store });
    const editor = editable('not-a-uuid');
    controller.open(editor.writing);
    editor.type('kept');
    controller.changed();
    await controller.saveNow();
    expect(controller.getStatus()).toMatchObject({ unsaved: true, error: messages.save.failed });
    expect(getWritingsState().drafts['not-a-uuid']?.preview).toBe('kept');
  });

  it('saves the pending change when the writing is closed', async () => {
    const { client, userId } = await signUp('close');
    const { id } = await createWriting({ client, userId, folder: null });
    const controller = createSaveController({ save: serverSave(client), store, saveDelayMs: 10_000 });
    const editor = editable(id);
    controller.open(editor.writing);
    editor.type('last words');
    controller.changed();
    await controller.close();
    expect((await getWriting({ client, id }))?.content).toEqual(documentWith('Essay', 'last words'));
    expect(isUnsaved(id)).toBe(false);
  });
});
