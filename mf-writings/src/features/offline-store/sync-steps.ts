// The server side of each outbox entry: create, update (with conflict handling) and delete, and how the
// device's copy follows each answer.
import {
  checkSynced,
  isDuplicateInsert,
  type Json,
  mergeTextsLater,
  SyncFailure,
  sameJson,
  type WorkspaceClient,
  type WritingText,
} from 'shared-kernel';
import { WRITING_COLUMNS, type Writing, writingOf } from '../writings-data/index.ts';
import {
  carriesText,
  type LocalDatabase,
  type LocalWriting,
  type OutboxEntry,
  serverIdOf,
} from './local-database.ts';

/** What a sync did, for the store and the other tabs to follow. Ids are as queued (maybe `local_`). */
export type SyncEvent =
  /** A writing made offline is on the server now, under `writing.id`. */
  | { readonly type: 'created'; readonly id: string; readonly writing: Writing }
  /** An edit is on the server. */
  | { readonly type: 'saved'; readonly id: string; readonly writing: Writing }
  | { readonly type: 'deleted'; readonly id: string }
  /**
   * The writing was changed elsewhere since the version the local edit was made from. The local edit is
   * kept in the writing; the other version was saved as `copy`.
   */
  | { readonly type: 'conflict'; readonly id: string; readonly writing: Writing; readonly copy: Writing }
  /**
   * The writing was changed elsewhere since the version the local edit was made from, in other places
   * than the edit: `writing` holds both, merged from the edit as `sent`.
   */
  | { readonly type: 'merged'; readonly id: string; readonly writing: Writing; readonly sent: WritingText }
  /**
   * The edit could not go into the writing (deleted elsewhere, or no longer writable): it was kept as
   * `copy` in the user's own writings. `writing` is the server's copy, if the user can still read it.
   */
  | {
      readonly type: 'copied';
      readonly id: string;
      readonly writing: Writing | null;
      readonly copy: Writing;
    }
  /**
   * A move into a folder the writer can no longer write (or of a writing no longer theirs to move) was
   * refused: the writing stays where the server has it.
   */
  | { readonly type: 'move-refused'; readonly id: string };

/** Appended to the title of the version a conflict moves aside. */
export const CONFLICT_COPY_SUFFIX = ' (conflicted copy)';

export { SyncFailure, sameJson };

const check = checkSynced;

/** What every step needs: the device's database, the signed-in client and user, and who to tell. */
export interface SyncContext {
  database: LocalDatabase;
  client: WorkspaceClient;
  userId: string;
  onEvent(event: SyncEvent): void;
}

type NewRow = {
  id: string;
  title: string;
  content: Json | null;
  category_id: string | null;
  /** When the device made it; the server takes a time ahead of its own as its own. */
  created_at?: string;
};

async function insertWriting({ client, userId }: SyncContext, row: NewRow): Promise<Writing> {
  return writingOf(
    check(
      await client
        .from('writings')
        .insert({ ...row, user_id: userId })
        .select(WRITING_COLUMNS)
        .single(),
    ),
  );
}

/** The row a queued create makes: its payload, else the device's copy as it was queued. */
function createdRow(entry: OutboxEntry, local: LocalWriting | undefined): NewRow {
  return {
    id: serverIdOf(entry.id),
    title: entry.payload.title ?? local?.title ?? '',
    content: entry.payload.content ?? local?.content ?? null,
    category_id: entry.payload.category_id ?? null,
    ...(local?.created_at ? { created_at: local.created_at } : {}),
  };
}

async function readWriting({ client }: SyncContext, id: string): Promise<Writing | null> {
  const row = check(await client.from('writings').select(WRITING_COLUMNS).eq('id', id).maybeSingle());
  return row ? writingOf(row) : null;
}

/**
 * Whether an edit folded into `sent` while it was on its way goes on from the text sent: it is the same
 * text (a move alone was folded in), or it was typed over it. Another tab's edit, typed over an older
 * text, is not: laid onto the version just made it would drop the words sent.
 */
function goesOnFrom(sent: OutboxEntry, latest: OutboxEntry): boolean {
  if (!carriesText(sent) || sent.payload.writeId === undefined) return true;
  return latest.payload.writeId === sent.payload.writeId || latest.payload.continues === sent.payload.writeId;
}

/**
 * Keeps the server's answer as the local copy's base, and drops the entry unless an edit was folded in
 * since. A folded edit goes next from that base when it goes on from the text sent; otherwise from the
 * version it was made from, so the server's check keeps both texts (a merge, or a conflicted copy).
 * `merged`: the answer is the text sent merged with another's; an edit folded in since, typed over the
 * text sent, goes next merged again from it (its version stays the older one, which the server has no
 * more: the next round merges rather than sends it over the other's words).
 */
async function settle(
  { database, userId }: SyncContext,
  entry: OutboxEntry,
  writing: Writing,
  local?: LocalWriting,
  merged?: WritingText,
): Promise<void> {
  const transaction = database.transaction(['writings', 'outbox', 'idMap'], 'readwrite');
  const outbox = transaction.objectStore('outbox');
  const writings = transaction.objectStore('writings');
  // An edit folded in meanwhile keeps the entry: it goes in the next round.
  const latest = await outbox.get(entry.seq);
  const folded = latest?.rev !== entry.rev;
  if (!folded) await outbox.delete(entry.seq);
  // Read before a created writing's copy moves to its server id: an edit made while it was on its way
  // is in the copy under the local id, not in `local`.
  const kept = (await writings.get(entry.id)) ?? (await writings.get(writing.id)) ?? local;
  if (entry.id !== writing.id) {
    await transaction.objectStore('idMap').put(writing.id, entry.id);
    await writings.delete(entry.id);
  }
  const queued = outbox.index('id');
  const laterWrites =
    (await queued.count(entry.id)) > 0 || (entry.id !== writing.id && (await queued.count(writing.id)) > 0);
  // The local copy may hold edits newer than this entry (folded in, or queued after it): they stay. A
  // move alone carried no text: the device's text may be older than the server's, which it answered.
  const textStays = kept && (folded || laterWrites || (!merged && carriesText(entry)));
  const goesOn = !latest || !folded || goesOnFrom(entry, latest);
  const { title, content } = writing;
  await writings.put({
    user_id: userId,
    ...writing,
    ...(textStays ? { title: kept.title, preview: kept.preview, content: kept.content } : {}),
    // ...and so does a move folded into the entry meanwhile.
    ...(kept && folded ? { category: kept.category, category_id: kept.category_id } : {}),
    id: writing.id,
    ...(!textStays
      ? { base: writing.updated_at }
      : !goesOn
        ? { base: kept.base, baseText: kept.baseText }
        : merged
          ? { base: local?.base ?? null, baseText: merged }
          : { base: writing.updated_at, ...(folded || laterWrites ? { baseText: { title, content } } : {}) }),
  });
  await transaction.done;
}

/**
 * Drops the entry and keeps the server's copy of the writing (none: deleted). `keptAs`: the writing the
 * edit went into instead; this device's later writes of `id` go there too (the id map), so a save of the
 * same text that was on its way makes no second copy.
 */
async function dropEntry(
  { database, userId }: SyncContext,
  entry: OutboxEntry,
  id: string,
  writing: Writing | null,
  keptAs?: Writing,
): Promise<void> {
  const transaction = database.transaction(['writings', 'outbox', 'idMap'], 'readwrite');
  await transaction.objectStore('outbox').delete(entry.seq);
  const writings = transaction.objectStore('writings');
  if (keptAs) {
    await transaction.objectStore('idMap').put(keptAs.id, id);
    await writings.put({ user_id: userId, ...keptAs, base: keptAs.updated_at });
  }
  if (writing) await writings.put({ user_id: userId, ...writing, base: writing.updated_at });
  else await writings.delete(id);
  await transaction.done;
}

/** Create: insert under the local id's uuid (a replay finds the row), map the local id, replace the local copy. */
export async function syncCreate(context: SyncContext, entry: OutboxEntry): Promise<void> {
  const { database, onEvent } = context;
  const id = serverIdOf(entry.id);
  const local = await database.get('writings', entry.id);
  let writing: Writing | null;
  try {
    writing = await insertWriting(context, createdRow(entry, local));
  } catch (failure) {
    // The row is there already: an earlier try got through but its answer was lost.
    if (!isDuplicateInsert(failure)) throw failure;
    writing = await readWriting(context, id);
    if (!writing) throw failure;
  }
  await settle(context, entry, writing, local);
  onEvent({ type: 'created', id: entry.id, writing });
}

/**
 * Creates in one insert, all or none: each row under its local id's uuid, then each settled as
 * {@link syncCreate} settles one. Each is dated when the device made it (`created_at`), not all at the
 * insert's one time, so the list shows them in the order they were made.
 */
export async function syncCreates(context: SyncContext, entries: readonly OutboxEntry[]): Promise<void> {
  const { database, client, userId, onEvent } = context;
  const locals = await Promise.all(entries.map((entry) => database.get('writings', entry.id)));
  const rows = check(
    await client
      .from('writings')
      .insert(entries.map((entry, index) => ({ ...createdRow(entry, locals[index]), user_id: userId })))
      .select(WRITING_COLUMNS),
  );
  const made = new Map(rows.map((row) => [row.id, writingOf(row)]));
  for (const [index, entry] of entries.entries()) {
    const writing = made.get(serverIdOf(entry.id));
    if (!writing) throw new SyncFailure(false, new Error(`Writing ${entry.id} was not made`));
    await settle(context, entry, writing, locals[index]);
    onEvent({ type: 'created', id: entry.id, writing });
  }
}

/** Whether the server refused a write under its row-level rules (a folder no longer writable). */
function isRefused(failure: unknown): boolean {
  return failure instanceof SyncFailure && !failure.network && failure.code === 'permission-denied';
}

/**
 * Update: send title and content only if the server still has the version the edit was made from;
 * otherwise keep both versions (a conflicted copy), or keep the edit as a writing of the user's own. A
 * move (a new `category_id`) changes no text, so alone it is laid onto whatever version the server has.
 * A move the server refuses (a folder no longer writable) leaves the writing where the server has it:
 * an edit queued with it still goes, and the store is told.
 */
export async function syncUpdate(context: SyncContext, entry: OutboxEntry, id: string): Promise<void> {
  const { category_id, category: _name, ...edit } = entry.payload;
  if (category_id === undefined) return sendUpdate(context, entry, id, edit);
  try {
    await sendUpdate(context, entry, id, { ...edit, category_id });
  } catch (failure) {
    if (!isRefused(failure)) throw failure;
    if (edit.title !== undefined || edit.content !== undefined) await sendUpdate(context, entry, id, edit);
    else await dropEntry(context, entry, id, await readWriting(context, id));
    context.onEvent({ type: 'move-refused', id: entry.id });
  }
}

type WritingChange = { title?: string; content?: Json; category_id?: string | null };

async function sendUpdate(
  context: SyncContext,
  entry: OutboxEntry,
  id: string,
  { title, content, category_id }: WritingChange,
): Promise<void> {
  const { database, client, onEvent } = context;
  const local = await database.get('writings', id);
  const base = local?.base ?? null;
  const moveAlone = title === undefined && content === undefined;
  const sendTo = async (version: string | null, text: Partial<WritingText> = { title, content }) => {
    const changes = {
      ...(text.title === undefined ? {} : { title: text.title }),
      ...(text.content === undefined ? {} : { content: text.content }),
      ...(category_id === undefined ? {} : { category_id }),
    };
    const query = client.from('writings').update(changes).eq('id', id);
    const rows = check(
      await (version === null || moveAlone ? query : query.eq('updated_at', version)).select(WRITING_COLUMNS),
    );
    return rows[0] ? writingOf(rows[0]) : null;
  };
  const saved = await sendTo(base);
  if (saved) {
    await settle(context, entry, saved, local);
    onEvent({ type: 'saved', id: entry.id, writing: saved });
    return;
  }
  // Nothing matched: changed elsewhere, deleted, or not writable any more.
  const current = await readWriting(context, id);
  if (moveAlone) {
    // Deleted elsewhere (nothing to keep), or no longer the writer's to move.
    await dropEntry(context, entry, id, current);
    onEvent({ type: current ? 'move-refused' : 'deleted', id: entry.id });
    return;
  }
  const own = { title: title ?? local?.title ?? '', content: content ?? local?.content ?? null };
  if (
    current &&
    (current.title === own.title || title === undefined) &&
    sameJson(current.content, own.content) &&
    (category_id === undefined || current.category_id === category_id)
  ) {
    // Our own earlier try got through and only its answer was lost.
    await settle(context, entry, current, local);
    onEvent({ type: 'saved', id: entry.id, writing: current });
    return;
  }
  if (current && current.updated_at !== base) {
    await keepBoth(context, { entry, local, own, current, sendTo });
    return;
  }
  // Deleted elsewhere or read-only now: the edit is kept as a writing of the user's own.
  const copy = await insertWriting(context, {
    id: crypto.randomUUID(),
    title: current ? `${own.title}${CONFLICT_COPY_SUFFIX}` : own.title,
    content: own.content,
    category_id: null,
  });
  await dropEntry(context, entry, id, current, copy);
  onEvent({ type: 'copied', id: entry.id, writing: current, copy });
}

/**
 * The writing changed elsewhere since the version the edit was made from: both are kept. Merged into one
 * when the text of that version is known and the two changed different places (the kernel's merge/merge-texts.ts);
 * otherwise the edit goes into the writing and the other version is saved beside it as a conflicted copy.
 */
async function keepBoth(
  context: SyncContext,
  {
    entry,
    local,
    own,
    current,
    sendTo,
  }: {
    entry: OutboxEntry;
    local: LocalWriting | undefined;
    own: WritingText;
    current: Writing;
    sendTo: (version: string, text?: WritingText) => Promise<Writing | null>;
  },
): Promise<void> {
  const merged = local?.baseText ? await mergeTextsLater(local.baseText, own, current) : null;
  const copy = merged
    ? null
    : await insertWriting(context, {
        id: crypto.randomUUID(),
        title: `${current.title}${CONFLICT_COPY_SUFFIX}`,
        content: current.content,
        category_id: current.category_id,
      });
  const writing = await sendTo(current.updated_at, merged ?? undefined);
  // Changed once more meanwhile: the next round starts over from the newest version.
  if (!writing) throw new SyncFailure(false, new Error('The writing changed again while syncing'));
  await settle(context, entry, writing, local, merged ? own : undefined);
  context.onEvent(
    copy
      ? { type: 'conflict', id: entry.id, writing, copy }
      : { type: 'merged', id: entry.id, writing, sent: own },
  );
}

/** Delete: remove the row, then the local copy and the entry. */
export async function syncRemove(context: SyncContext, entry: OutboxEntry, id: string): Promise<void> {
  const { client, onEvent } = context;
  check(await client.from('writings').delete().eq('id', id));
  await dropEntry(context, entry, id, null);
  onEvent({ type: 'deleted', id: entry.id });
}
