// @vitest-environment node
import 'fake-indexeddb/auto';
import { cuttableNetwork } from 'local-backend/testing';
import { describe, expect, it } from 'vitest';
import { backendForThisFile } from '../../testing/in-process-backend.ts';
import { openLocalDatabase, outboxEntries } from './local-database.ts';
import { documentOf, edit, localCopy, serverWritings, signUpWriter, syncFor } from './outbox.testing.ts';
import { CONFLICT_COPY_SUFFIX } from './sync-steps.ts';

// The tabs of a browser share one outbox: an edit saved in one tab folds into the entry of another
// tab's edit, even while that entry is on its way to the server.

const backend = backendForThisFile();

/**
 * A writer with the writing 'Log' on the server, the device's database (as every tab of the browser
 * shares it) and the writing as a tab loaded it.
 */
async function writerWithLog(options: { fetch?: typeof fetch } = {}) {
  const { client, elsewhere, userId } = await signUpWriter(backend, options);
  const database = await openLocalDatabase(userId);
  const { data: row, error } = await client
    .from('writings')
    .insert({ user_id: userId, title: 'Log', content: documentOf('Log', 'Day one.') })
    .select('id, updated_at')
    .single();
  if (error) throw error;
  const loaded = localCopy(row.id, userId, 'Log', 'Day one.', row.updated_at);
  return { client, elsewhere, userId, database, row, loaded };
}

/**
 * A writer's writing 'Log' on the server and on this device, a first tab's edit of it queued, and a
 * sync that, while that edit is on its way, folds in a second edit with the write ids `second`.
 */
async function editFoldedOnItsWay(second: { writeId: string; continues: string | null }) {
  const wire = cuttableNetwork();
  const { client, elsewhere, userId, database, row, loaded } = await writerWithLog({ fetch: wire.fetch });
  await edit(database, loaded, 'Log', 'Day one. From the first tab.', { writeId: 'first', continues: null });
  let folded = false;
  wire.before = async (request) => {
    if (request.method === 'PATCH' && !folded) {
      folded = true;
      const body =
        second.continues === 'first'
          ? 'Day one. From the first tab. Then more.'
          : 'Day one. From the second tab.';
      await edit(database, loaded, 'Log', body, second);
    }
  };
  const { sync, events } = syncFor(database, client, userId);
  await sync.flush();
  return { id: row.id, elsewhere, database, events };
}

describe('an edit folded into an entry on its way to the server', { timeout: 30_000 }, () => {
  it("is another tab's, typed over the older text: both texts are kept, the one sent as a conflicted copy", async () => {
    const { id, elsewhere, database, events } = await editFoldedOnItsWay({
      writeId: 'second',
      continues: null,
    });

    expect(await serverWritings(elsewhere)).toEqual([
      { id, title: 'Log', content: documentOf('Log', 'Day one. From the second tab.') },
      {
        id: expect.any(String),
        title: `Log${CONFLICT_COPY_SUFFIX}`,
        content: documentOf('Log', 'Day one. From the first tab.'),
      },
    ]);
    expect(events.map((event) => event.type)).toEqual(['saved', 'conflict']);
    expect(await outboxEntries(database)).toEqual([]);
  });

  it('goes on from the text sent (the same tab typing on): it is sent over it, no copy made', async () => {
    const { id, elsewhere, database, events } = await editFoldedOnItsWay({
      writeId: 'more',
      continues: 'first',
    });

    expect(await serverWritings(elsewhere)).toEqual([
      { id, title: 'Log', content: documentOf('Log', 'Day one. From the first tab. Then more.') },
    ]);
    expect(events.map((event) => event.type)).toEqual(['saved', 'saved']);
    expect(await outboxEntries(database)).toEqual([]);
  });
});

describe('an edit folded into an entry made from a newer version', { timeout: 30_000 }, () => {
  it("is sent checked against its own, older version: the other tab's text is kept as a conflicted copy", async () => {
    // Both tabs opened the writing at its first version; the second tab's edit went to the server.
    const { client, elsewhere, userId, database, row, loaded } = await writerWithLog();
    const { sync, events } = syncFor(database, client, userId);
    await edit(database, loaded, 'Log', 'Day one. From the second tab.', {
      writeId: 'second',
      continues: null,
    });
    await sync.flush();
    const [savedBySecond] = events;
    if (savedBySecond?.type !== 'saved') throw new Error('the second tab did not save');
    // The second tab saves its text again, built on the version its save made; before that syncs, the
    // first tab saves its own text, built on the first version, into the same entry.
    const second = { ...loaded, base: savedBySecond.writing.updated_at };
    await edit(database, second, 'Log', 'Day one. From the second tab.', {
      writeId: 'again',
      continues: 'second',
    });
    await edit(database, loaded, 'Log', 'Day one. From the first tab.', {
      writeId: 'first',
      continues: null,
    });
    await sync.flush();

    expect(await serverWritings(elsewhere)).toEqual([
      { id: row.id, title: 'Log', content: documentOf('Log', 'Day one. From the first tab.') },
      {
        id: expect.any(String),
        title: `Log${CONFLICT_COPY_SUFFIX}`,
        content: documentOf('Log', 'Day one. From the second tab.'),
      },
    ]);
    expect(events.map((event) => event.type)).toEqual(['saved', 'conflict']);
    expect(await outboxEntries(database)).toEqual([]);
  });
});
