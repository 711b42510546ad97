// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { documentOf } from '../../testing/documents.ts';
import type { Writing } from '../writings-data/index.ts';
import { localWriting, openLocalDatabase, rememberServerWritings } from './local-database.ts';

// What the server answers is kept on the device for reading offline. The browser's tabs share that copy,
// and each tab's answers arrive in their own time: one tab's answer may be older than what another has
// kept already.

const userId = crypto.randomUUID();

/** The server's row of writing `id` at `version`, with `body` under its title. */
function row(id: string, version: string, body: string): Writing {
  return {
    id,
    title: 'Harbour',
    preview: body,
    content: documentOf('Harbour', body),
    category: null,
    category_id: null,
    created_at: '2026-11-01T08:00:00.000000+00:00',
    updated_at: version,
  };
}

const v1 = '2026-11-29T09:00:00.100000+00:00';
const v2 = '2026-11-29T09:00:05.250000+00:00';

describe('keeping what the server answered, in two tabs', () => {
  it("never replaces a newer version another tab kept with an older answer, and keeps the newer one's text", async () => {
    const id = crypto.randomUUID();
    // Two tabs: each has its own connection to the device's database.
    const [first, second] = [await openLocalDatabase(userId), await openLocalDatabase(userId)];
    await rememberServerWritings(first, userId, [row(id, v2, 'Boats at dawn.')]);
    // The second tab's read was made before that version and answered after it.
    await rememberServerWritings(second, userId, [row(id, v1, 'Boats.')]);
    expect(await localWriting(first, id)).toMatchObject({
      base: v2,
      content: documentOf('Harbour', 'Boats at dawn.'),
    });

    // The first tab is answered the same version again: the device still has it.
    await rememberServerWritings(first, userId, [row(id, v2, 'Boats at dawn.')]);
    expect(await localWriting(second, id)).toMatchObject({
      base: v2,
      content: documentOf('Harbour', 'Boats at dawn.'),
    });
  });

  it('keeps the text of an older version when the newer one kept is a list summary without its text', async () => {
    const id = crypto.randomUUID();
    const [first, second] = [await openLocalDatabase(userId), await openLocalDatabase(userId)];
    const { content: _content, ...summary } = row(id, v2, 'Boats at dawn.');
    await rememberServerWritings(first, userId, [summary]);
    await rememberServerWritings(second, userId, [row(id, v1, 'Boats.')]);
    expect(await localWriting(first, id)).toMatchObject({
      base: v1,
      content: documentOf('Harbour', 'Boats.'),
    });
    // An older summary does not take the place of that text either.
    const { content: _older, ...olderSummary } = row(id, '2026-11-29T08:00:00+00:00', 'Gulls.');
    await rememberServerWritings(first, userId, [olderSummary]);
    expect(await localWriting(second, id)).toMatchObject({
      base: v1,
      content: documentOf('Harbour', 'Boats.'),
    });
  });
});
