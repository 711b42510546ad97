// Syncs of queued writes: ids that change, saved marks, and what the writer must know about a conflict.
import { type Json, messages, movedAsideText, syncConflictText, syncKeptAsCopyText } from 'shared-kernel';
import { CONFLICT_COPY_SUFFIX, type SyncEvent, sameJson } from '../offline-store/index.ts';
import { forgetUnsaved, markSaved } from './drafts.ts';
import { scheduleRefetch } from './realtime-refetch.ts';
import { selectWriting } from './selection.ts';
import { connection, runtime, setState } from './store-state.ts';
import { followSync } from './tab-versions.ts';

/** Listens to the syncs of queued writes (this tab's and the other tabs'). */
export function onWritingsSynced(listener: (event: SyncEvent) => void): () => void {
  runtime.syncListeners.add(listener);
  return () => runtime.syncListeners.delete(listener);
}

/** A writing made offline got its server id: every reference to it follows. */
export function renameLocalWriting(from: string, to: string): void {
  if (from === to) return;
  const rename = (id: string) => (id === from ? to : id);
  const { [from]: draft, ...drafts } = runtime.state.drafts;
  const renamed = runtime.state.items.some((item) => item.id === from);
  setState({
    items: renamed
      ? runtime.state.items
          .filter((item) => item.id !== to)
          .map((item) => (item.id === from ? { ...item, id: to } : item))
      : runtime.state.items,
    selectedWritingId:
      runtime.state.selectedWritingId === null ? null : rename(runtime.state.selectedWritingId),
    selectedIds: new Set([...runtime.state.selectedIds].map(rename)),
    anchorId: runtime.state.anchorId === null ? null : rename(runtime.state.anchorId),
    unsaved: new Set([...runtime.state.unsaved].map(rename)),
    drafts: draft ? { ...drafts, [to]: draft } : runtime.state.drafts,
  });
}

/** Follows a sync: ids, saved marks, and what the writer must know about a conflict. */
export function applySyncEvent(event: SyncEvent): void {
  followSync(event);
  if (event.type === 'created') renameLocalWriting(event.id, event.writing.id);
  if (event.type === 'created' || event.type === 'saved' || event.type === 'conflict') {
    const { id, content } = event.writing;
    const draft = runtime.state.drafts[id];
    // Saved unless the draft has moved on since (then it stays unsaved and is saved next).
    markSaved(id, event.writing, draft && sameJson(draft.content, content) ? draft.content : content);
  }
  if (event.type === 'conflict') {
    setState({ notice: syncConflictText({ title: event.writing.title, copy: event.copy.title }) });
    scheduleRefetch();
  }
  if (event.type === 'move-refused') {
    setState({ notice: messages.categories.noWriteAccess });
    scheduleRefetch();
  }
  if (event.type === 'copied') {
    // The writer's text is safe in the copy, which opens in place of the writing they may no longer
    // write: saved again, the same text would make a second copy.
    forgetUnsaved(event.id);
    setState({ notice: syncKeptAsCopyText({ copy: event.copy.title }) });
    if (runtime.state.selectedWritingId === event.id) selectWriting(event.copy.id);
    scheduleRefetch();
  }
  for (const listener of runtime.syncListeners) listener(event);
}

/** How recent a conflicted copy must be to be the one a sync just made of the words shown here. */
const MOVED_ASIDE_WITHIN_MS = 10 * 60_000;

/**
 * The open writing was replaced by a newer version (`useNewerServerCopy`). When a sync elsewhere made
 * that version from an older one, the words shown here until then (saved, nothing unsaved) were moved
 * aside into "<title> (conflicted copy)" by it, and only the writer whose sync it was was told. This
 * finds that copy, by its title and its text, and tells this writer where their words are.
 */
export async function tellIfMovedAside(shown: { title: string; content: Json }): Promise<void> {
  const { data, error } = await connection()
    .client.from('writings')
    .select('title, content')
    .eq('title', `${shown.title}${CONFLICT_COPY_SUFFIX}`)
    .gte('created_at', new Date(Date.now() - MOVED_ASIDE_WITHIN_MS).toISOString())
    .order('created_at', { ascending: false })
    .limit(3);
  if (error) throw error;
  const copy = data.find((row) => sameJson(row.content, shown.content));
  if (copy) setState({ notice: movedAsideText({ title: shown.title, copy: copy.title }) });
}
