// Local edits: the list row shows them at once, the draft keeps them until the server has them.
import type { Json } from 'shared-kernel';
import { summaryOf, type Writing, type WritingDraft, type WritingSummary } from '../writings-data/index.ts';
import { scheduleRefetch } from './realtime-refetch.ts';
import { runtime, setState } from './store-state.ts';

export function replaceItem(id: string, update: (item: WritingSummary) => WritingSummary): void {
  setState({ items: runtime.state.items.map((item) => (item.id === id ? update(item) : item)) });
}

/** An edit in the editor: the list row shows it at once, the draft keeps it, the writing is unsaved. */
export function applyLocalEdit(id: string, { title, preview, content }: WritingDraft): void {
  replaceItem(id, (item) => ({ ...item, title, preview }));
  setState({
    drafts: { ...runtime.state.drafts, [id]: { title, preview, content } },
    unsaved: new Set(runtime.state.unsaved).add(id),
  });
}

/**
 * The server has saved `row`. The unsaved mark and the draft go, unless `sent` (the content the save
 * carried) is given and a newer edit arrived meanwhile: then the draft stays unsaved. A newer version
 * listed meanwhile stays listed. One saved elsewhere after `row` (while this save was on its way, or
 * another tab's, or a sync's conflicted copy) is refetched once the edits are saved: the list shows the
 * server's copy, and the open pane with it (editor/saving/newer-server-copy.ts).
 */
export function markSaved(id: string, row: Writing, sent?: Json): void {
  const draft = runtime.state.drafts[id];
  const newerEdit = sent !== undefined && draft !== undefined && draft.content !== sent;
  replaceItem(id, (item) =>
    item.updated_at > row.updated_at
      ? item
      : {
          ...summaryOf(row),
          ...(newerEdit && draft ? { title: draft.title, preview: draft.preview } : {}),
          created_at: item.created_at,
        },
  );
  if (newerEdit) return;
  const unsaved = new Set(runtime.state.unsaved);
  unsaved.delete(id);
  const { [id]: _saved, ...drafts } = runtime.state.drafts;
  setState({ unsaved, drafts });
  const elsewhere = runtime.newerElsewhere.get(id);
  runtime.newerElsewhere.delete(id);
  if (elsewhere !== undefined && elsewhere > row.updated_at) scheduleRefetch();
}

/** Marks a writing unsaved (a failed save keeps the mark). */
export function markUnsaved(id: string): void {
  setState({ unsaved: new Set(runtime.state.unsaved).add(id) });
}

/** The writing's unsaved text is kept elsewhere now (as a copy): nothing of it is left to save. */
export function forgetUnsaved(id: string): void {
  const unsaved = new Set(runtime.state.unsaved);
  unsaved.delete(id);
  const { [id]: _kept, ...drafts } = runtime.state.drafts;
  setState({ unsaved, drafts });
}

/** Whether a writing has local edits the server does not have. */
export function isUnsaved(id: string): boolean {
  return runtime.state.unsaved.has(id);
}
