// Syncs of queued writes: ids that change, saved marks, and what the writer must know about a conflict.
import { messages, syncConflictText, syncKeptAsCopyText } from 'shared-kernel';
import { type SyncEvent, sameJson } from '../offline-store/index.ts';
import { forgetUnsaved, markSaved } from './drafts.ts';
import { scheduleRefetch } from './realtime-refetch.ts';
import { selectWriting } from './selection.ts';
import { runtime, setState } from './store-state.ts';
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
  if (
    event.type === 'created' ||
    event.type === 'saved' ||
    event.type === 'conflict' ||
    event.type === 'merged'
  ) {
    const { id } = event.writing;
    const content = event.type === 'merged' ? event.sent.content : event.writing.content;
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
