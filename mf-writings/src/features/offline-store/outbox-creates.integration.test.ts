// @vitest-environment node
import 'fake-indexeddb/auto';
import { cuttableNetwork } from 'local-backend/testing';
import { describe, expect, it } from 'vitest';
import { backendForThisFile } from '../../testing/in-process-backend.ts';
import { openLocalDatabase, outboxEntries, serverIdOf } from './local-database.ts';
import { create, documentOf, edit, serverWritings, signUpWriter, syncFor } from './outbox.testing.ts';

const backend = backendForThisFile();
const signUp = (options: { fetch?: typeof fetch } = {}) => signUpWriter(backend, options);

describe('the outbox sync of writings made on this device', { timeout: 30_000 }, () => {
  it('sends a writing made offline with the edits typed since in one insert', async () => {
    const wire = cuttableNetwork();
    const { client, elsewhere, userId } = await signUp({ fetch: wire.fetch });
    const database = await openLocalDatabase(userId);
    const created = await create(database, userId, 'Untitled', '');
    const localId = created.id;
    const titled = await edit(database, created, 'Orchard', 'Apples.');
    await edit(database, titled, 'Orchard', 'Apples, then pears.');
    expect(await outboxEntries(database)).toHaveLength(1);
    const sent: string[] = [];
    wire.before = async (request) => {
      sent.push(`${request.method} ${new URL(request.url).pathname}`);
    };
    const { sync, events } = syncFor(database, client, userId);

    await sync.flush();

    expect(sent).toEqual(['POST /rest/v1/writings']);
    expect(events.map((event) => event.type)).toEqual(['created']);
    expect(await serverWritings(elsewhere)).toEqual([
      { id: serverIdOf(localId), title: 'Orchard', content: documentOf('Orchard', 'Apples, then pears.') },
    ]);
  });

  it('queues an edit apart once its create was sent, so a create replayed after its lost answer brings it', async () => {
    const wire = cuttableNetwork();
    const { client, elsewhere, userId } = await signUp({ fetch: wire.fetch });
    const database = await openLocalDatabase(userId);
    const created = await create(database, userId, 'Harbour', 'Gulls.');
    const localId = created.id;
    const { sync, retries } = syncFor(database, client, userId);
    // The insert reaches the server, its answer does not.
    wire.loseAnswers = 1;
    await sync.flush();
    expect(retries).toEqual([1_000]);

    await edit(database, created, 'Harbour', 'Gulls, and a ferry at dawn.');
    expect((await outboxEntries(database)).map((entry) => entry.op)).toEqual(['create', 'update']);
    await sync.flush();

    expect(await serverWritings(elsewhere)).toEqual([
      {
        id: serverIdOf(localId),
        title: 'Harbour',
        content: documentOf('Harbour', 'Gulls, and a ferry at dawn.'),
      },
    ]);
    expect(await outboxEntries(database)).toEqual([]);
  });

  it('sends the writings made offline in one insert, each dated when it was made', async () => {
    const wire = cuttableNetwork();
    const { client, elsewhere, userId } = await signUp({ fetch: wire.fetch });
    const database = await openLocalDatabase(userId);
    // Made on a train, ten minutes apart; one more with the device's clock a day ahead.
    const madeAt = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    const made = [madeAt(30), madeAt(20), madeAt(10)];
    const writings = [
      await create(database, userId, 'First', '', made[0]),
      await create(database, userId, 'Second', '', made[1]),
      await create(database, userId, 'Third', '', made[2]),
      await create(database, userId, 'Ahead', '', madeAt(-24 * 60)),
    ];
    const sent: string[] = [];
    wire.before = async (request) => {
      sent.push(`${request.method} ${new URL(request.url).pathname}`);
    };
    const { sync, events } = syncFor(database, client, userId);

    const syncedAt = Date.now();
    await sync.flush();

    expect(sent).toEqual(['POST /rest/v1/writings']);
    expect(events.map((event) => [event.type, event.id])).toEqual(
      writings.map((writing) => ['created', writing.id]),
    );
    // The list's order: newest first.
    const { data: listed } = await elsewhere
      .from('writings')
      .select('title, created_at')
      .order('created_at', { ascending: false })
      .order('id', { ascending: false });
    expect(listed?.map((row) => row.title)).toEqual(['Ahead', 'Third', 'Second', 'First']);
    const times = listed?.map((row) => Date.parse(row.created_at)) ?? [];
    expect(times.slice(1)).toEqual([...made].reverse().map((time) => Date.parse(time)));
    // A time ahead of the server's is the server's: the sync's.
    expect(Math.abs((times[0] ?? 0) - syncedAt)).toBeLessThan(5_000);
    expect(await outboxEntries(database)).toEqual([]);
  });

  it('sends each create alone when the answer to their insert was lost, making none twice', async () => {
    const wire = cuttableNetwork();
    const { client, elsewhere, userId } = await signUp({ fetch: wire.fetch });
    const database = await openLocalDatabase(userId);
    await create(database, userId, 'Dune');
    await create(database, userId, 'Shore');
    const { sync, events } = syncFor(database, client, userId);

    wire.loseAnswers = 1;
    await sync.flush();

    expect((await serverWritings(elsewhere)).map((row) => row.title)).toEqual(['Dune', 'Shore']);
    expect(events.map((event) => event.type)).toEqual(['created', 'created']);
    expect(await outboxEntries(database)).toEqual([]);
  });
});
