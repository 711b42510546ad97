// @vitest-environment node
import 'fake-indexeddb/auto';
import { cuttableNetwork } from 'local-backend/testing';
import { describe, expect, it } from 'vitest';
import { backendForThisFile } from '../../testing/in-process-backend.ts';
import {
  enqueue,
  type LocalWriting,
  localWriting,
  newLocalId,
  openLocalDatabase,
  outboxEntries,
  pendingIds,
  resolveId,
} from './local-database.ts';
import {
  create,
  documentOf,
  edit,
  localCopy,
  serverWritings,
  signUpWriter,
  syncFor,
} from './outbox.testing.ts';
import { createOutboxSync } from './outbox-sync.ts';
import { CONFLICT_COPY_SUFFIX, type SyncEvent } from './sync-steps.ts';

const backend = backendForThisFile();
const signUp = (options: { fetch?: typeof fetch } = {}) => signUpWriter(backend, options);

describe('the outbox sync', { timeout: 30_000 }, () => {
  it('syncs a writing created, edited and another deleted offline, in order, and maps the local id', async () => {
    const { client, elsewhere, userId } = await signUp();
    const database = await openLocalDatabase(userId);
    const { data: doomed } = await client
      .from('writings')
      .insert({ user_id: userId, title: 'Doomed', content: documentOf('Doomed', '') })
      .select('id')
      .single();
    const created = await create(database, userId, 'Untitled', '');
    const localId = created.id;
    await edit(database, created, 'Night train', 'The compartment smelled of oranges.');
    await enqueue(database, { op: 'delete', id: doomed?.id ?? '' });
    expect(await pendingIds(database)).toEqual(new Set([localId, doomed?.id]));
    const { sync, events } = syncFor(database, client, userId);

    await sync.flush();

    const serverId = localId.slice('local_'.length);
    expect(await serverWritings(elsewhere)).toEqual([
      {
        id: serverId,
        title: 'Night train',
        content: documentOf('Night train', 'The compartment smelled of oranges.'),
      },
    ]);
    expect(events.map((event) => event.type)).toEqual(['created', 'deleted']);
    expect(await outboxEntries(database)).toEqual([]);
    expect(await resolveId(database, localId)).toBe(serverId);
    expect(await localWriting(database, localId)).toBeUndefined();
    expect((await localWriting(database, serverId))?.title).toBe('Night train');
  });

  it('does not create a second writing when a create is replayed after its answer was lost', async () => {
    const wire = cuttableNetwork();
    const { client, elsewhere, userId } = await signUp({ fetch: wire.fetch });
    const database = await openLocalDatabase(userId);
    const created = await create(database, userId, 'Harbour', 'Gulls.');
    const _localId = created.id;
    const { sync, retries } = syncFor(database, client, userId);

    wire.loseAnswers = 1;
    await sync.flush();
    expect(retries).toEqual([1_000]);
    expect(await outboxEntries(database)).toHaveLength(1);
    await sync.flush();

    expect(await serverWritings(elsewhere)).toHaveLength(1);
    expect(await outboxEntries(database)).toEqual([]);
  });

  it('does not mistake its own edit, whose answer was lost, for a conflict', async () => {
    const wire = cuttableNetwork();
    const { client, elsewhere, userId } = await signUp({ fetch: wire.fetch });
    const database = await openLocalDatabase(userId);
    const created = await create(database, userId, 'Lighthouse', 'One.');
    const localId = created.id;
    const { sync, events } = syncFor(database, client, userId);
    await sync.flush();
    const serverId = localId.slice('local_'.length);
    const kept = (await localWriting(database, serverId)) as LocalWriting;

    await edit(database, kept, 'Lighthouse', 'Two.');
    wire.loseAnswers = 1;
    await sync.flush();
    await sync.flush();

    expect(events.map((event) => event.type)).toEqual(['created', 'saved']);
    expect(await serverWritings(elsewhere)).toEqual([
      { id: serverId, title: 'Lighthouse', content: documentOf('Lighthouse', 'Two.') },
    ]);
  });

  it('keeps everything queued while the network is down, retrying after 1 s, 2 s, 4 s, then syncs', async () => {
    const wire = cuttableNetwork();
    const { client, elsewhere, userId } = await signUp({ fetch: wire.fetch });
    const database = await openLocalDatabase(userId);
    for (const title of ['One', 'Two', 'Three']) {
      const id = newLocalId();
      await enqueue(database, {
        op: 'create',
        id,
        payload: { title },
        writing: localCopy(id, userId, title, ''),
      });
    }
    const { sync, retries } = syncFor(database, client, userId);

    wire.down = true;
    await sync.flush();
    await sync.flush();
    await sync.flush();
    expect(retries).toEqual([1_000, 2_000, 4_000]);
    expect(await outboxEntries(database)).toHaveLength(3);

    wire.down = false;
    await sync.flush();
    expect((await serverWritings(elsewhere)).map((row) => row.title)).toEqual(['One', 'Three', 'Two']);
    expect(await outboxEntries(database)).toEqual([]);
  });

  it('holds back the later writes of a writing the server refuses, and syncs the other writings', async () => {
    const { client, elsewhere, userId } = await signUp();
    const database = await openLocalDatabase(userId);
    // A folder of someone else's, not shared: the insert is refused by row-level security.
    const stranger = await signUp();
    const { data: folder } = await stranger.client
      .from('categories')
      .insert({ user_id: stranger.userId, name: 'Private', item_type: 'writing' })
      .select('id')
      .single();
    const refused = newLocalId();
    const refusedCopy = localCopy(refused, userId, 'Refused', '');
    await enqueue(database, {
      op: 'create',
      id: refused,
      payload: { title: 'Refused', category_id: folder?.id ?? null },
      writing: refusedCopy,
    });
    await edit(database, refusedCopy, 'Refused, edited', 'Kept.');
    const accepted = newLocalId();
    await enqueue(database, {
      op: 'create',
      id: accepted,
      payload: { title: 'Accepted' },
      writing: localCopy(accepted, userId, 'Accepted', ''),
    });
    const { sync, retries } = syncFor(database, client, userId);

    await sync.flush();

    expect((await serverWritings(elsewhere)).map((row) => row.title)).toEqual(['Accepted']);
    // The edit made before the create was sent went into it: both wait, as one entry.
    expect((await outboxEntries(database)).map((entry) => [entry.op, entry.id, entry.payload.title])).toEqual(
      [['create', refused, 'Refused, edited']],
    );
    expect(retries).toEqual([1_000]);
    expect((await localWriting(database, refused))?.title).toBe('Refused, edited');
  });

  it('keeps both versions when the writing was changed elsewhere since the offline edit began', async () => {
    const { client, elsewhere, userId } = await signUp();
    const database = await openLocalDatabase(userId);
    const { data: row } = await client
      .from('writings')
      .insert({ user_id: userId, title: 'Letter', content: documentOf('Letter', 'Dear A,') })
      .select('id, updated_at')
      .single();
    const id = row?.id ?? '';
    const loaded = localCopy(id, userId, 'Letter', 'Dear A,', row?.updated_at ?? null);
    await edit(database, loaded, 'Letter', 'Dear A, written on the train.');
    await elsewhere
      .from('writings')
      .update({ content: documentOf('Letter', 'Dear A, written at home.') })
      .eq('id', id);
    const { sync, events } = syncFor(database, client, userId);

    await sync.flush();

    expect(await serverWritings(elsewhere)).toEqual([
      { id, title: 'Letter', content: documentOf('Letter', 'Dear A, written on the train.') },
      {
        id: expect.any(String),
        title: `Letter${CONFLICT_COPY_SUFFIX}`,
        content: documentOf('Letter', 'Dear A, written at home.'),
      },
    ]);
    expect(events.map((event) => event.type)).toEqual(['conflict']);
    expect(await outboxEntries(database)).toEqual([]);
  });

  it('keeps an offline edit of a writing deleted elsewhere as a writing of its own', async () => {
    const { client, elsewhere, userId } = await signUp();
    const database = await openLocalDatabase(userId);
    const { data: row } = await client
      .from('writings')
      .insert({ user_id: userId, title: 'Draft', content: documentOf('Draft', '') })
      .select('id, updated_at')
      .single();
    const loaded = localCopy(row?.id ?? '', userId, 'Draft', '', row?.updated_at ?? null);
    await edit(database, loaded, 'Draft', 'Worth keeping.');
    await elsewhere
      .from('writings')
      .delete()
      .eq('id', row?.id ?? '');
    const { sync, events } = syncFor(database, client, userId);

    await sync.flush();

    expect(await serverWritings(elsewhere)).toEqual([
      { id: expect.any(String), title: 'Draft', content: documentOf('Draft', 'Worth keeping.') },
    ]);
    expect(events.map((event) => event.type)).toEqual(['copied']);

    // A save of the same text that was on its way, and a later edit, go into that writing: no second copy.
    await edit(database, loaded, 'Draft', 'Worth keeping.');
    await sync.flush();
    await edit(database, loaded, 'Draft', 'Worth keeping. More.');
    await sync.flush();
    expect(await serverWritings(elsewhere)).toEqual([
      { id: expect.any(String), title: 'Draft', content: documentOf('Draft', 'Worth keeping. More.') },
    ]);
  });

  it('sends in the next round an edit folded in while an older one was on its way', async () => {
    const wire = cuttableNetwork();
    const { client, elsewhere, userId } = await signUp({ fetch: wire.fetch });
    const database = await openLocalDatabase(userId);
    const created = await create(database, userId, 'Poem', 'First line.');
    const _localId = created.id;
    let folded = false;
    wire.before = async (request) => {
      if (request.method === 'POST' && !folded) {
        folded = true;
        await edit(database, created, 'Poem', 'First line. Second line.');
      }
    };
    const { sync } = syncFor(database, client, userId);

    await sync.flush();

    expect(await serverWritings(elsewhere)).toEqual([
      { id: expect.any(String), title: 'Poem', content: documentOf('Poem', 'First line. Second line.') },
    ]);
    expect(await outboxEntries(database)).toEqual([]);
  });

  it('lets two tabs queue edits and flush together without losing or repeating any', async () => {
    const { client, elsewhere, userId } = await signUp();
    const [first, second] = [await openLocalDatabase(userId), await openLocalDatabase(userId)];
    let queue = Promise.resolve();
    // The Web Lock the tabs share, as a promise chain.
    const exclusive = <T>(run: () => Promise<T>) => {
      const result = queue.then(run);
      queue = result.then(
        () => {},
        () => {},
      );
      return result;
    };
    const events: SyncEvent[] = [];
    const syncs = [first, second].map((database) =>
      createOutboxSync({ database, client, userId, exclusive, onEvent: (event) => events.push(event) }),
    );
    const ids = Array.from({ length: 10 }, () => newLocalId());
    await Promise.all(
      ids.map((id, index) =>
        enqueue(index % 2 ? first : second, {
          op: 'create',
          id,
          payload: { title: `W${index}` },
          writing: localCopy(id, userId, `W${index}`, ''),
        }),
      ),
    );

    await Promise.all(syncs.map((sync) => sync.flush()));

    expect(await serverWritings(elsewhere)).toHaveLength(10);
    expect(events.filter((event) => event.type === 'created')).toHaveLength(10);
    expect(await outboxEntries(first)).toEqual([]);
  });
});
