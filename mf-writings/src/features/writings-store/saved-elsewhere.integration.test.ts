// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { documentOf } from '../../testing/documents.ts';
import { backendForThisFile, signUpOn } from '../../testing/in-process-backend.ts';
import { saveWriting } from '../writings-data/index.ts';
import {
  applyLocalEdit,
  connectWritingsStore,
  getWritingsState,
  markSaved,
  refetchAndMerge,
} from './index.ts';

// A writing saved elsewhere (another tab, a collaborator, a sync's conflicted copy) while this tab had
// an edit of it unsaved: the list keeps the edit's row, and must not forget the newer version.

const backend = backendForThisFile();

describe('a version saved elsewhere during an unsaved edit', { timeout: 30_000 }, () => {
  it('lists a version saved elsewhere while an edit was unsaved once that edit is saved, if it is the newer', async () => {
    const { client, userId } = await signUpOn(backend, 'newer-elsewhere');
    const { data: row } = await client
      .from('writings')
      .insert({ user_id: userId, title: 'Harbour', content: documentOf('Harbour', 'Boats.') })
      .select('id')
      .single();
    const id = row?.id ?? '';
    connectWritingsStore({ client, userId });
    await vi.waitFor(() => expect(getWritingsState().items.map((item) => item.id)).toEqual([id]));

    // This tab's edit: its save lands first, and its answer is still on the way…
    const mine = documentOf('Harbour', 'Boats. Mine.');
    applyLocalEdit(id, { title: 'Harbour', preview: 'Boats. Mine.', content: mine });
    const saved = await saveWriting({ client, id, title: 'Harbour', content: mine });
    // …when another tab saves over it, and the list refetches (the edit's row is kept as it is).
    const theirs = await saveWriting({
      client,
      id,
      title: 'Harbour',
      content: documentOf('Harbour', 'Theirs.'),
    });
    await new Promise((resolve) => setTimeout(resolve, 300)); // realtime's refetches, while unsaved
    await refetchAndMerge();
    expect(getWritingsState().items[0]?.preview).toBe('Boats. Mine.');

    markSaved(id, saved, mine);
    await vi.waitFor(() =>
      expect(getWritingsState().items[0]).toMatchObject({
        preview: 'Theirs.',
        updated_at: theirs.updated_at,
      }),
    );
    expect(getWritingsState().unsaved.size).toBe(0);
  });
});
