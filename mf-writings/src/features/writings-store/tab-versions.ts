// The server version each writing's text in this tab is built on.
import type { Json } from 'shared-kernel';
import { type SyncEvent, sameJson } from '../offline-store/index.ts';

/**
 * The server version (`updated_at`) this tab's text of each writing is built on: the version it was
 * read at, then the one each of this tab's saves made. An edit is sent only if the server still has the
 * version it was made from, or both versions are kept (offline-store/sync-steps.ts). The device's copy
 * is shared by the browser's tabs, so its base is the version the last tab to save built on: another
 * tab's edit, made from an older text and sent with it, overwrote the first tab's words without a
 * conflict. So each tab's saves carry the version of their own text.
 */
const bases = new Map<string, string | null>();
/** What this tab last saved of each writing: its own saves are told apart among the syncs by it. */
const sent = new Map<string, Json>();

/** This tab shows writing `id` as read at `version` (null: made here, not yet on the server). */
export function readAt(id: string, version: string | null): void {
  bases.set(id, version);
}

/** The version this tab's text of writing `id` is built on; undefined when it has not read it. */
export function baseOf(id: string): string | null | undefined {
  return bases.get(id);
}

/** This tab saves `content` as writing `id`. */
export function sending(id: string, content: Json): void {
  sent.set(id, content);
}

/** A sync that put a writing's text on the server. */
type WritingSynced = Extract<SyncEvent, { type: 'saved' | 'conflict' | 'created' }>;

/** Whether a sync (done here or in another tab) put this tab's last save of the writing on the server. */
export function syncedFromHere(event: SyncEvent): event is WritingSynced {
  if (event.type !== 'saved' && event.type !== 'conflict' && event.type !== 'created') return false;
  const own = sent.get(event.id) ?? sent.get(event.writing.id);
  return own !== undefined && sameJson(own, event.writing.content);
}

/** A sync done here or in another tab: when it was this tab's last save, its text is at that version now. */
export function followSync(event: SyncEvent): void {
  if (!syncedFromHere(event)) return;
  bases.set(event.id, event.writing.updated_at);
  bases.set(event.writing.id, event.writing.updated_at);
}

/** Signed out: nothing of the writer's versions stays. */
export function forgetVersions(): void {
  bases.clear();
  sent.clear();
}
