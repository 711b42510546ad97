import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type OfflineArea, startOfflineArea } from './offline-area.ts';

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
