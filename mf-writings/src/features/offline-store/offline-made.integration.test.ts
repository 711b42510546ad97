// @vitest-environment node
import 'fake-indexeddb/auto';
import { cuttableNetwork } from 'local-backend/testing';
import { describe, expect, it } from 'vitest';
import { backendForThisFile } from '../../testing/in-process-backend.ts';
import { getWriting } from '../writings-data/index.ts';
import {
  localWriting,
  openLocalDatabase,
  outboxEntries,
  pendingIds,
  rememberServerWritings,
  serverIdOf,
} from './local-database.ts';
import { create, documentOf, edit, serverWritings, signUpWriter, syncFor } from './outbox.testing.ts';

const backend = backendForThisFile();

describe('a writing made offline, its create synced and its edit not yet', { timeout: 30_000 }, () => {
  it('counts as waiting under its server id, and the server’s older copy does not replace the edit', async () => {
    const wire = cuttableNetwork();
    const { client, elsewhere, userId } = await signUpWriter(backend, { fetch: wire.fetch });
    const database = await openLocalDatabase(userId);
    const created = await create(database, userId, 'Untitled', '');
    const localId = created.id;
    // The edit is typed while the create is on its way (so it is queued apart); the create gets
    // through, and the connection drops before the edit does.
    wire.before = async (request) => {
      if (request.method === 'POST' && !wire.down) {
        await edit(database, created, 'Made offline', 'Typed before the create reached the server.');
      }
      if (request.method === 'PATCH') wire.down = true;
    };
    const { sync } = syncFor(database, client, userId);
    await sync.flush();

    const serverId = serverIdOf(localId);
    expect((await outboxEntries(database)).map((entry) => [entry.op, entry.id])).toEqual([
      ['update', localId],
    ]);
    // The list and the editor know the writing by its server id now.
    expect(await pendingIds(database)).toEqual(new Set([localId, serverId]));
    // A list read (a reload) brings the server's copy, still Untitled: the device keeps the edit.
    const untitled = await getWriting({ client: elsewhere, id: serverId });
    expect(untitled?.title).toBe('Untitled');
    await rememberServerWritings(database, userId, untitled ? [untitled] : []);
    expect(await localWriting(database, serverId)).toMatchObject({
      title: 'Made offline',
      content: documentOf('Made offline', 'Typed before the create reached the server.'),
    });

    wire.down = false;
    wire.before = async () => {};
    await sync.flush();
    expect(await serverWritings(elsewhere)).toEqual([
      {
        id: serverId,
        title: 'Made offline',
        content: documentOf('Made offline', 'Typed before the create reached the server.'),
      },
    ]);
  });
});
