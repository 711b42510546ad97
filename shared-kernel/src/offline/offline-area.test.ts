import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteServerReached } from '../network/network-status.ts';
import { enqueueWrite, openOfflineDatabase, outboxEntries } from './local-database.ts';
import { type OfflineArea, startOfflineArea } from './offline-area.ts';
import { SyncFailure } from './sync-failure.ts';

const opened: OfflineArea[] = [];
afterEach(() => {
  for (const area of opened.splice(0)) area.close();
});

/** One tab's offline store of the area `name`: what it hears from the other tabs lands in `heard`. */
async function openTab(name: string, heard: unknown[], whileOpening?: () => void): Promise<OfflineArea> {
  const starting = startOfflineArea<unknown, Record<string, unknown>>({
    name,
    itemStore: 'items',
    lockName: `${name}-outbox`,
    itemLabel: 'item',
    steps: () => ({ create: async () => {}, update: async () => {}, remove: async () => {} }),
    onEvent: (event) => heard.push(event),
    onPending: () => {},
    sync: { exclusive: (run) => run() },
  });
  whileOpening?.();
  const area = await starting;
  if (!area) throw new Error('the store did not open');
  await area.flush(); // its sync on start is done before the test closes it
  opened.push(area);
  return area;
}

describe('an offline area across tabs', () => {
  it('hears a sync another tab told while its own store was still opening', async () => {
    const name = `area-${crypto.randomUUID()}`;
    const heard: unknown[] = [];
    const otherTab = new BroadcastChannel(name);
    await openTab(name, heard, () => otherTab.postMessage({ kind: 'synced', event: 'renamed elsewhere' }));
    await vi.waitFor(() => expect(heard).toEqual(['renamed elsewhere']));
    otherTab.close();
  });

  it('works online only, without failing, where the browser has no IndexedDB', async () => {
    vi.stubGlobal('indexedDB', undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const area = await startOfflineArea({
        name: `area-${crypto.randomUUID()}`,
        itemStore: 'items',
        lockName: 'outbox',
        itemLabel: 'item',
        steps: () => ({ create: async () => {}, update: async () => {}, remove: async () => {} }),
        onEvent: () => {},
        onPending: () => {},
      });
      expect(area).toBeNull();
      expect(warn).toHaveBeenCalledOnce();
    } finally {
      vi.unstubAllGlobals();
      warn.mockRestore();
    }
  });
});

describe('an offline area whose server was down while the device stayed online', () => {
  /** An area whose creates fail at the network until `reachable`, and whose backoff never runs out. */
  async function openWaitingArea(server: { reachable: boolean; sent: string[]; rounds: number }) {
    const area = await startOfflineArea<unknown, Record<string, unknown>>({
      name: `area-${crypto.randomUUID()}`,
      itemStore: 'items',
      lockName: 'outbox',
      itemLabel: 'item',
      steps: (database, tell) => ({
        create: async (entry) => {
          if (!server.reachable) throw new SyncFailure(true, new TypeError('Failed to fetch'));
          server.sent.push(entry.id);
          await database.delete('outbox', entry.seq);
          tell('created');
        },
        update: async () => {},
        remove: async () => {},
      }),
      onEvent: () => {},
      onPending: () => {},
      sync: {
        exclusive: (run) => {
          server.rounds += 1;
          return run();
        },
        setTimer: () => 0,
        clearTimer: () => {},
      },
    });
    if (!area) throw new Error('the store did not open');
    opened.push(area);
    return area;
  }

  it('syncs as soon as another request reaches the server, not after its backoff', async () => {
    const server = { reachable: false, sent: [] as string[], rounds: 0 };
    const area = await openWaitingArea(server);
    const { synced, failure } = await area.queue({
      op: 'create',
      id: 'local_a',
      item: { id: 'local_a', base: null },
    });
    expect({ synced, network: failure?.network }).toEqual({ synced: false, network: true });

    server.reachable = true;
    noteServerReached();
    await vi.waitFor(() => expect(server.sent).toEqual(['local_a']));
  });

  it('makes no round of its own when nothing waits on the network', async () => {
    const server = { reachable: true, sent: [] as string[], rounds: 0 };
    const area = await openWaitingArea(server);
    await area.queue({ op: 'create', id: 'local_b', item: { id: 'local_b', base: null } });
    const before = server.rounds;

    noteServerReached();
    await area.flush();
    expect(server.sent).toEqual(['local_b']);
    expect(server.rounds - before).toBe(1); // the flush called here, and no other round
  });
});

describe('a write queued in an offline area', () => {
  it('is synced once its own entry has gone, though another tab queued a write of the item right after', async () => {
    let database: Parameters<typeof enqueueWrite>[0] | undefined;
    let otherTabWrites = false;
    const area = await startOfflineArea<unknown, Record<string, unknown>>({
      name: `area-${crypto.randomUUID()}`,
      itemStore: 'items',
      lockName: 'outbox',
      itemLabel: 'item',
      steps: (opened) => {
        database = opened;
        return {
          create: async () => {},
          update: async (entry) => void (await opened.delete('outbox', entry.seq)),
          remove: async () => {},
        };
      },
      onEvent: () => {},
      onPending: () => {},
      sync: {
        // The other tab queues its write of the item as soon as this tab's round has ended.
        exclusive: async (run) => {
          const result = await run();
          if (otherTabWrites && database) {
            otherTabWrites = false;
            await enqueueWrite(database, 'items', { op: 'update', id: 'a', item: { id: 'a', base: null } });
          }
          return result;
        },
        setTimer: () => 0,
        clearTimer: () => {},
      },
    });
    if (!area) throw new Error('the store did not open');
    opened.push(area);
    await area.flush(); // its sync on start

    otherTabWrites = true;
    const outcome = await area.queue({ op: 'update', id: 'a', item: { id: 'a', base: null } });
    expect(outcome).toEqual({ synced: true, failure: null });
    expect(await area.database.count('outbox')).toBe(1); // the other tab's write, still to go
  });

  it('is queued apart, from the version it was made from, where the area does not fold it; then folds into the write it goes on from', async () => {
    const database = await openOfflineDatabase(`area-${crypto.randomUUID()}`, 'items');
    // A text folds into a queued one only where it was typed over that one's text.
    const fold = (queued: { text: string }, next: { text: string; over: string }) =>
      next.over === queued.text ? { ...queued, ...next } : null;
    const write = (text: string, over: string, base: string) =>
      enqueueWrite(database, 'items', {
        op: 'update',
        id: 'a',
        payload: { text, over },
        item: { id: 'a', base },
        fold,
      });
    await write('one tab', 'first', 'v2');
    await write('other tab', 'first', 'v1'); // typed over the same text, in a tab that had an older version
    await write('one tab, on', 'one tab', 'v2');

    const entries = await outboxEntries<{ text: string }>(database);
    expect(entries.map(({ payload, base }) => ({ text: payload.text, base }))).toEqual([
      { text: 'one tab, on', base: undefined },
      { text: 'other tab', base: 'v1' },
    ]);
    expect(await database.get('items', 'a')).toMatchObject({ base: 'v2' }); // the first write's
    database.close();
  });
});
