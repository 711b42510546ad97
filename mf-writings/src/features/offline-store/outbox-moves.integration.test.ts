// @vitest-environment node
import 'fake-indexeddb/auto';
import { acceptInvitation, createCategory, shareCategory, updateSharePermission } from 'shared-kernel';
import { describe, expect, it } from 'vitest';
import { backendForThisFile } from '../../testing/in-process-backend.ts';
import { localWriting, openLocalDatabase, outboxEntries } from './local-database.ts';
import { documentOf, edit, localCopy, move, signUpWriter, syncFor } from './outbox.testing.ts';

const backend = backendForThisFile();
const signUp = () => signUpWriter(backend);
type Writer = Awaited<ReturnType<typeof signUp>>;

const folderOf = (writer: Writer, name: string) =>
  createCategory({ client: writer.client, userId: writer.userId, name, itemType: 'writing' });

/** A writing of the writer on the server, and its local copy as the device keeps it after loading it. */
async function loadedWriting({ client, userId }: Writer, title: string, body: string) {
  const { data, error } = await client
    .from('writings')
    .insert({ user_id: userId, title, content: documentOf(title, body) })
    .select('id, updated_at')
    .single();
  if (error) throw error;
  return localCopy(data.id, userId, title, body, data.updated_at);
}

async function onServer({ elsewhere }: Writer, id: string) {
  const { data, error } = await elsewhere
    .from('writings')
    .select('title, content, category_id')
    .eq('id', id)
    .single();
  if (error) throw error;
  return data;
}

const countOnServer = async ({ elsewhere }: Writer) =>
  (await elsewhere.from('writings').select('id', { count: 'exact', head: true })).count;

describe('moves in the outbox', { timeout: 30_000 }, () => {
  it('lays a move alone onto the version the server has: an edit made elsewhere meanwhile is no conflict', async () => {
    const writer = await signUp();
    const folder = await folderOf(writer, 'Letters');
    const database = await openLocalDatabase(writer.userId);
    const loaded = await loadedWriting(writer, 'Letter', 'Dear A,');
    await move(database, loaded, folder.id);
    await writer.elsewhere
      .from('writings')
      .update({ content: documentOf('Letter', 'Dear A, written at home.') })
      .eq('id', loaded.id);
    const { sync, events } = syncFor(database, writer.client, writer.userId);

    await sync.flush();

    expect(await onServer(writer, loaded.id)).toEqual({
      title: 'Letter',
      content: documentOf('Letter', 'Dear A, written at home.'),
      category_id: folder.id,
    });
    expect(await countOnServer(writer)).toBe(1);
    expect(events.map((event) => event.type)).toEqual(['saved']);
    expect(await outboxEntries(database)).toEqual([]);
    expect((await localWriting(database, loaded.id))?.category_id).toBe(folder.id);
  });

  it('keeps the server’s text on the device after a move, when the device had an older one', async () => {
    const writer = await signUp();
    const folder = await folderOf(writer, 'Drafts');
    const database = await openLocalDatabase(writer.userId);
    const loaded = await loadedWriting(writer, 'Draft', 'As read here.');
    await writer.elsewhere
      .from('writings')
      .update({ content: documentOf('Draft', 'Rewritten elsewhere.') })
      .eq('id', loaded.id);
    await move(database, loaded, folder.id);
    const { sync } = syncFor(database, writer.client, writer.userId);

    await sync.flush();

    const { data: current } = await writer.elsewhere
      .from('writings')
      .select('updated_at')
      .eq('id', loaded.id)
      .single();
    // An edit made here next starts from the text the server has, at its version.
    expect(await localWriting(database, loaded.id)).toMatchObject({
      content: documentOf('Draft', 'Rewritten elsewhere.'),
      category_id: folder.id,
      base: current?.updated_at,
    });
  });

  it('sends an edit and a move of the same writing, folded into one entry, together', async () => {
    const writer = await signUp();
    const folder = await folderOf(writer, 'Poems');
    const database = await openLocalDatabase(writer.userId);
    const loaded = await loadedWriting(writer, 'Poem', 'First line.');
    const edited = await edit(database, loaded, 'Poem', 'First line. Second line.');
    await move(database, edited, folder.id);
    expect(await outboxEntries(database)).toHaveLength(1);
    const { sync, events } = syncFor(database, writer.client, writer.userId);

    await sync.flush();

    expect(await onServer(writer, loaded.id)).toEqual({
      title: 'Poem',
      content: documentOf('Poem', 'First line. Second line.'),
      category_id: folder.id,
    });
    expect(events.map((event) => event.type)).toEqual(['saved']);
    expect(await outboxEntries(database)).toEqual([]);
  });

  it('refuses a move into a folder no longer writable: the writing stays where the server has it, and an edit queued with it still goes', async () => {
    const owner = await signUp();
    const writer = await signUp();
    const shared = await folderOf(owner, 'Shared with write');
    await shareCategory({
      client: owner.client,
      userId: owner.userId,
      categoryId: shared.id,
      email: writer.email,
      permission: 'write',
    });
    const { data: shares } = await writer.client.from('category_shares').select('id');
    const shareId = shares?.[0]?.id ?? '';
    await acceptInvitation({ client: writer.client, shareId });
    const database = await openLocalDatabase(writer.userId);
    const moved = await loadedWriting(writer, 'Moved alone', 'One.');
    const edited = await loadedWriting(writer, 'Edited and moved', 'Two.');
    await move(database, moved, shared.id);
    await move(database, await edit(database, edited, 'Edited and moved', 'Two, and more.'), shared.id);
    await updateSharePermission({ client: owner.client, shareId, permission: 'read' });
    const { sync, events } = syncFor(database, writer.client, writer.userId);

    await sync.flush();

    expect(await onServer(writer, moved.id)).toEqual({
      title: 'Moved alone',
      content: documentOf('Moved alone', 'One.'),
      category_id: null,
    });
    expect(await onServer(writer, edited.id)).toEqual({
      title: 'Edited and moved',
      content: documentOf('Edited and moved', 'Two, and more.'),
      category_id: null,
    });
    expect(await countOnServer(writer)).toBe(2); // no copies
    expect(events.map((event) => [event.type, event.id])).toEqual([
      ['move-refused', moved.id],
      ['saved', edited.id],
      ['move-refused', edited.id],
    ]);
    expect(await outboxEntries(database)).toEqual([]);
    expect((await localWriting(database, moved.id))?.category_id).toBeNull();
    expect((await localWriting(database, edited.id))?.category_id).toBeNull();
  });
});
