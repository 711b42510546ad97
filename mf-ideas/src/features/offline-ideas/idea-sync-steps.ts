// The server side of each queued idea write: create, update (never overwriting a newer version made
// elsewhere: both are kept) and delete, and how the device's copy follows each answer.
import {
  checkSynced,
  isDuplicateInsert,
  mergeWordsLater,
  SyncFailure,
  type WorkspaceClient,
} from 'shared-kernel';
import { IDEA_COLUMNS, type Idea } from '../ideas-data/index.ts';
import type { IdeaCopy, IdeaOutboxEntry, IdeaPayload, IdeasDatabase, LocalIdea } from './local-ideas.ts';

/** What a sync did, for the store and the other tabs to follow. */
export type IdeaSyncEvent =
  | { readonly type: 'synced'; readonly id: string; readonly idea: Idea }
  | { readonly type: 'deleted'; readonly id: string }
  /** Changed elsewhere since the offline edit began: the edit is in the idea, the other version in `copy`. */
  | { readonly type: 'conflict'; readonly id: string; readonly idea: Idea; readonly copy: Idea }
  /** A move into a category the writer can no longer write: the idea stays where the server has it. */
  | { readonly type: 'move-refused'; readonly id: string };

export interface IdeaSyncContext {
  database: IdeasDatabase;
  client: WorkspaceClient;
  userId: string;
  tell(event: IdeaSyncEvent): void;
}

async function insertIdea(
  { client, userId }: IdeaSyncContext,
  row: { id: string; content: string; category_id: string | null },
): Promise<Idea> {
  return checkSynced<Idea>(
    await client
      .from('ideas')
      .insert({ ...row, user_id: userId, kind: 'note' })
      .select(IDEA_COLUMNS)
      .single(),
  );
}

async function readIdea({ client }: IdeaSyncContext, id: string): Promise<Idea | null> {
  return checkSynced(await client.from('ideas').select(IDEA_COLUMNS).eq('id', id).maybeSingle());
}

/** Inserts an idea under its own id; a replay after a lost answer finds the row it made. */
async function insertOrFind(context: IdeaSyncContext, row: IdeaCopy): Promise<Idea> {
  try {
    return await insertIdea(context, row);
  } catch (failure) {
    if (!isDuplicateInsert(failure)) throw failure;
    const idea = await readIdea(context, row.id);
    if (!idea) throw failure;
    return idea;
  }
}

/**
 * Keeps the server's answer as the local copy's base, and drops the entry unless an edit was folded in
 * since (typed on from the text sent: foldIdeaPayload). That edit goes next from the answer's version
 * when the answer has the text sent; otherwise (merged with another's words) from the version it was
 * made from, so the server's check merges again (sendUpdate).
 */
async function settle(
  { database }: IdeaSyncContext,
  entry: IdeaOutboxEntry,
  idea: Idea | null,
): Promise<void> {
  const transaction = database.transaction(['ideas', 'outbox'], 'readwrite');
  const outbox = transaction.objectStore('outbox');
  const ideas = transaction.objectStore('ideas');
  const latest = await outbox.get(entry.seq);
  const folded = latest !== undefined && latest.rev !== entry.rev;
  if (latest && !folded) await outbox.delete(entry.seq);
  else if (latest && entry.payload.content !== undefined) {
    const { tried: _sent, copy: _made, ...payload } = latest.payload;
    await outbox.put({ ...latest, payload: { ...payload, over: entry.payload.content } });
  }
  if (idea) {
    const kept: LocalIdea | undefined = await ideas.get(idea.id);
    // The local copy may hold an edit newer than this entry (queued after it): it stays, and so does its
    // category (a move folded into this entry as it was sent). Otherwise it is the server's (merged).
    const waiting = kept && (await outbox.index('id').count(idea.id)) > 0;
    const newer = waiting ? { content: kept.content, category_id: kept.category_id } : {};
    // Edits folded in go on from the answer's version only where it has the very text they were typed
    // over: an answer merged with another's words keeps their version, and the next round merges again.
    const typedOver =
      folded && latest.payload.content !== undefined
        ? (entry.payload.content ?? latest.payload.over)
        : undefined;
    const advances = typedOver === undefined || idea.content === typedOver;
    const base = kept?.base && !advances ? kept.base : idea.updated_at;
    await ideas.put({ ...idea, ...newer, base });
  } else await ideas.delete(entry.id);
  await transaction.done;
}

/** Create: insert under the idea's own id, so a replay after a lost answer finds the row. */
export async function syncCreateIdea(context: IdeaSyncContext, entry: IdeaOutboxEntry): Promise<void> {
  const local = await context.database.get('ideas', entry.id);
  const idea = await insertOrFind(context, {
    id: entry.id,
    content: entry.payload.content ?? local?.content ?? '',
    category_id: entry.payload.category_id ?? local?.category_id ?? null,
  });
  await settle(context, entry, idea);
  context.tell({ type: 'synced', id: entry.id, idea });
}

/** The fields an update entry changes: its content, its category, or both. */
type IdeaChange = { content?: string; category_id?: string | null };

/** Whether the server's row already has every field of `change` (an earlier try's answer was lost). */
function hasChange(idea: Idea, change: IdeaChange): boolean {
  return (
    (change.content === undefined || idea.content === change.content) &&
    (change.category_id === undefined || idea.category_id === change.category_id)
  );
}

/** Whether the server refused a write under its row-level rules (a category no longer writable). */
function isRefused(failure: unknown): boolean {
  return failure instanceof SyncFailure && !failure.network && failure.code === 'permission-denied';
}

/**
 * Update: sent only if the server still has the version the edit was made from. Otherwise the two are
 * merged word by word from the text the edit was typed over (the kernel's merge/merge-texts.ts); where
 * both changed the same words, both are kept: the edit goes into the idea and the other version becomes
 * an idea of its own (the store tells the writer). An idea deleted
 * elsewhere (or no longer writable) gets the edit as a new idea of the writer's own. A move alone
 * changes no text, so it is laid onto whatever version the server has. A move into a category the
 * writer can no longer write is refused: the idea stays where the server has it (an edit queued with
 * the move still goes), and the store is told.
 */
export async function syncUpdateIdea(
  context: IdeaSyncContext,
  entry: IdeaOutboxEntry,
  id: string,
): Promise<void> {
  const local = await context.database.get('ideas', id);
  const { content, category_id } = entry.payload;
  const moving = category_id !== undefined;
  // An entry without either field is an edit queued before moves were kept: its content is the copy's.
  const edit = content ?? (moving ? undefined : (local?.content ?? ''));
  const change: IdeaChange = {
    ...(edit === undefined ? {} : { content: edit }),
    ...(moving ? { category_id } : {}),
  };
  // An edit queued apart from another tab's goes from its own version (local-ideas.ts).
  const base = entry.base !== undefined ? entry.base : local?.base;
  if (!moving) return sendUpdate(context, entry, id, base, change);
  try {
    await sendUpdate(context, entry, id, base, change);
  } catch (failure) {
    if (!isRefused(failure)) throw failure;
    if (edit === undefined) await settle(context, entry, await readIdea(context, id));
    else await sendUpdate(context, entry, id, base, { content: edit });
    context.tell({ type: 'move-refused', id });
  }
}

/** `change` with its text merged into `current` from `over`; null with nothing to merge, or where they clash. */
async function mergedWith(
  current: Idea,
  change: IdeaChange,
  over: string | undefined,
): Promise<IdeaChange | null> {
  if (change.content === undefined || over === undefined || change.content === current.content) return null;
  const content = await mergeWordsLater(over, change.content, current.content);
  return content === null ? null : { ...change, content };
}

/** Keeps on the entry, for its next try, what this one sent or will make ({@link IdeaPayload}). */
async function remember(
  { database }: IdeaSyncContext,
  entry: IdeaOutboxEntry,
  fields: Pick<IdeaPayload, 'tried' | 'copy'>,
) {
  const transaction = database.transaction('outbox', 'readwrite');
  const latest = await transaction.store.get(entry.seq);
  if (latest) await transaction.store.put({ ...latest, payload: { ...latest.payload, ...fields } });
  await transaction.done;
}

/** Settles an update the server has taken, and tells it: with a copy made of the other version, a clash. */
async function updated(context: IdeaSyncContext, entry: IdeaOutboxEntry, idea: Idea, copy: IdeaCopy | null) {
  const made = copy && (await insertOrFind(context, copy));
  await settle(context, entry, idea);
  context.tell(
    made ? { type: 'conflict', id: idea.id, idea, copy: made } : { type: 'synced', id: idea.id, idea },
  );
}

async function sendUpdate(
  context: IdeaSyncContext,
  entry: IdeaOutboxEntry,
  id: string,
  base: string | null | undefined,
  change: IdeaChange,
): Promise<void> {
  const sendTo = async (version: string | null | undefined, sent = change) => {
    // Kept before it goes: should its answer be lost (no answer, or the page closed before it came), the
    // server may have the text. Only the entry's own text is typed on from (not a merge).
    if (sent === change && change.content !== undefined && entry.payload.tried !== change.content) {
      await remember(context, entry, { tried: change.content });
    }
    const query = context.client.from('ideas').update(sent).eq('id', id);
    const answer = await (version ? query.eq('updated_at', version) : query).select(IDEA_COLUMNS);
    return checkSynced(answer)[0] ?? null;
  };
  const saved = await sendTo(base);
  if (saved) return updated(context, entry, saved, null);
  const current = await readIdea(context, id);
  const { over, tried, copy: pending = null } = entry.payload;
  // Our own earlier try got through, its answer lost (and the copy it was to make, maybe, not made).
  if (current && hasChange(current, change)) return updated(context, entry, current, pending);
  // Typed on since from that try's text: it goes on from the server's version. Otherwise made from a
  // version the server has no more: merged with the server's, word by word, from the text the edit was
  // typed over, where the two changed different words.
  const ownTry = current !== null && tried !== undefined && current.content === tried;
  const merged = current && !ownTry && (await mergedWith(current, change, over));
  // Changed in the same words: the other version is kept as an idea of its own, made once the edit has
  // gone over it, under an id kept on the entry first, so that no try makes it twice or loses it.
  const clash =
    current !== null &&
    !ownTry &&
    !merged &&
    change.content !== undefined &&
    change.content !== current.content;
  const copy = clash
    ? { id: crypto.randomUUID(), content: current.content, category_id: current.category_id }
    : null;
  if (copy) await remember(context, entry, { tried: change.content, copy });
  const idea = current ? await sendTo(current.updated_at, merged || change) : null;
  if (idea) return updated(context, entry, idea, ownTry ? pending : copy);
  if (change.content === undefined) {
    await settle(context, entry, current); // moved an idea deleted (or hidden) elsewhere: nothing to keep
    context.tell(current ? { type: 'synced', id, idea: current } : { type: 'deleted', id });
    return;
  }
  // Deleted elsewhere, or not writable any more: the edit is kept as an idea of the writer's own, once.
  const own =
    pending?.content === change.content
      ? pending
      : { id: crypto.randomUUID(), content: change.content, category_id: null };
  if (own !== pending) await remember(context, entry, { copy: own });
  const kept = await insertOrFind(context, own);
  await settle(context, entry, current);
  context.tell({ type: 'synced', id: kept.id, idea: kept });
}

/** Delete: remove the row, then the local copy and the entry. */
export async function syncRemoveIdea(
  context: IdeaSyncContext,
  entry: IdeaOutboxEntry,
  id: string,
): Promise<void> {
  checkSynced(await context.client.from('ideas').delete().eq('id', id));
  await settle(context, entry, null);
  context.tell({ type: 'deleted', id });
}
