// The server version each writing's text in this tab is built on.
import { type Json, serverIdOf, type WritingText } from 'shared-kernel';
import { type SyncEvent, sameJson } from '../offline-store/index.ts';
import type { Writing } from '../writings-data/index.ts';

/**
 * The server version (`updated_at`) this tab's text of each writing is built on: the version it was
 * read at, then the one each of this tab's saves made. An edit is sent only if the server still has the
 * version it was made from, or both versions are kept (offline-store/sync-steps.ts). The device's copy
 * is shared by the browser's tabs, so its base is the version the last tab to save built on: another
 * tab's edit, made from an older text and sent with it, overwrote the first tab's words without a
 * conflict. So each tab's saves carry the version of their own text.
 */
const bases = new Map<string, string | null>();
/**
 * The text this tab's text of each writing is built on, when known: the base's, or (after a sync merged
 * this tab's save with another's) the text this tab sent. A save that meets a newer version is merged
 * from it (shared-kernel/src/merge/merge-texts.ts).
 */
const baseTexts = new Map<string, WritingText>();
/** What this tab last saved of each writing: its own saves are told apart among the syncs by it. */
const sent = new Map<string, Json>();
/** This tab's saves a sync put on the server: the text as sent, and the server's row of it. */
const landed = new Map<string, { content: Json; writing: Writing }>();
/** The server's rows of this tab's saves that a sync merged with another's text. */
const mergedRows = new WeakSet<Writing>();

/** Whether `row`, answered for a save of this tab, holds another's text merged in (more than the pane shows). */
export function isMergedRow(row: Writing): boolean {
  return mergedRows.has(row);
}

/**
 * This tab shows writing `id` as read at `version` (null: made here, not yet on the server), whose text
 * is `text` (undefined: not known).
 */
export function readAt(id: string, version: string | null, text: WritingText | undefined): void {
  bases.set(id, version);
  if (text) baseTexts.set(id, text);
  else baseTexts.delete(id);
}

/** The version this tab's text of writing `id` is built on; undefined when it has not read it. */
export function baseOf(id: string): string | null | undefined {
  return bases.get(id);
}

/** The text this tab's text of writing `id` is built on, when known. */
export function baseTextOf(id: string): WritingText | undefined {
  return baseTexts.get(id);
}

/** An edit's write ids (offline-store's OutboxPayload); `continues` null: it goes on from no write known. */
export type WriteIds = { writeId: string; continues: string | null };

/**
 * The write id of each writing's text in this tab: the last this tab sent, or took up from the outbox. By
 * server id: a writing made offline goes on from its `local_<uuid>` saves once it is `<uuid>`.
 */
const writes = new Map<string, string>();

/**
 * This tab saves `content` as writing `id`. Answers the ids its outbox entry carries: a fresh one for
 * this text, and the one of the text it goes on from.
 */
export function sending(id: string, content: Json): WriteIds {
  sent.set(id, content);
  const writing = serverIdOf(id);
  const continues = writes.get(writing) ?? null;
  const writeId = crypto.randomUUID();
  writes.set(writing, writeId);
  newestSave.set(writing, writeId);
  return { writeId, continues };
}

/**
 * This tab opened writing `id` as read, with nothing of its own typed over it. When that is text still
 * waiting in the outbox (`queued`: typed here before a reload, or in another tab), its sync is this
 * tab's save too, and this tab's next edit goes on from it.
 */
export function opened(id: string, queued?: { content: Json; writeId: string | undefined }): void {
  if (queued) sent.set(id, queued.content);
  if (queued?.writeId) writes.set(serverIdOf(id), queued.writeId);
  else writes.delete(serverIdOf(id));
}

/**
 * The write id of this tab's newest save of each writing, by its server id (a writing made offline is
 * saved under `local_<uuid>` and, once synced, `<uuid>`): set by {@link sending} alone.
 */
const newestSave = new Map<string, string>();

/**
 * Whether this tab has sent a newer save of writing `id` than the one with `writeId` (false when it
 * cannot tell, after sign-out).
 */
export function savedAgainSince(id: string, writeId: string): boolean {
  return (newestSave.get(serverIdOf(id)) ?? writeId) !== writeId;
}

/** A sync that put a writing's text on the server (merged with another's, for `merged`). */
type WritingSynced = Extract<SyncEvent, { type: 'saved' | 'conflict' | 'created' | 'merged' }>;

/** Whether a sync (done here or in another tab) put this tab's last save of the writing on the server. */
export function syncedFromHere(event: SyncEvent): event is WritingSynced {
  if (
    event.type !== 'saved' &&
    event.type !== 'conflict' &&
    event.type !== 'created' &&
    event.type !== 'merged'
  )
    return false;
  const own = sent.get(event.id) ?? sent.get(event.writing.id);
  const synced = event.type === 'merged' ? event.sent.content : event.writing.content;
  return own !== undefined && sameJson(own, synced);
}

/**
 * A sync done here or in another tab: when it was this tab's last save, its text is at that version
 * now. When it was merged with another's text, this tab's text is built on the text sent, not on the
 * merged version: its version stays the older one, so its next save is merged again, from the text sent,
 * rather than sent over the other's words (until this tab shows the merged version).
 */
export function followSync(event: SyncEvent): void {
  if (!syncedFromHere(event)) return;
  const { writing } = event;
  const content = sent.get(event.id) ?? sent.get(writing.id);
  if (event.type === 'merged') mergedRows.add(writing);
  for (const id of [event.id, writing.id]) {
    if (event.type === 'merged') baseTexts.set(id, event.sent);
    else {
      bases.set(id, writing.updated_at);
      baseTexts.set(id, { title: writing.title, content: writing.content });
    }
    if (content !== undefined) landed.set(id, { content, writing });
  }
}

/**
 * The server's row of this tab's save of `content` (the very text it sent) as writing `id`, once a sync
 * (here or in another tab) has put it there; undefined until then, or when it went as part of another
 * tab's save.
 */
export function landedRow(id: string, content: Json): Writing | undefined {
  const arrived = landed.get(id);
  return arrived?.content === content ? arrived.writing : undefined;
}

/** Signed out: nothing of the writer's versions stays. */
export function forgetVersions(): void {
  bases.clear();
  baseTexts.clear();
  sent.clear();
  landed.clear();
  writes.clear();
  newestSave.clear();
}
