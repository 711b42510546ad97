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
import type { IdeaOutboxEntry, IdeasDatabase, LocalIdea } from './local-ideas.ts';

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
    const { tried: _answered, ...payload } = latest.payload;
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
  let idea: Idea | null;
  try {
    idea = await insertIdea(context, {
      id: entry.id,
      content: entry.payload.content ?? local?.content ?? '',
      category_id: entry.payload.category_id ?? local?.category_id ?? null,
    });
  } catch (failure) {
    if (!isDuplicateInsert(failure)) throw failure;
    idea = await readIdea(context, entry.id);
    if (!idea) throw failure;
  }
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

/** Keeps on the entry its text as a try sent it, whose answer never came back ({@link IdeaPayload}). */
async function rememberTry({ database }: IdeaSyncContext, entry: IdeaOutboxEntry, tried: string) {
  const transaction = database.transaction('outbox', 'readwrite');
  const latest = await transaction.store.get(entry.seq);
  if (latest) await transaction.store.put({ ...latest, payload: { ...latest.payload, tried } });
  await transaction.done;
}

async function sendUpdate(
  context: IdeaSyncContext,
  entry: IdeaOutboxEntry,
  id: string,
  base: string | null | undefined,
  change: IdeaChange,
): Promise<void> {
  const { client, tell } = context;
  const sendTo = async (version: string | null | undefined, sent = change) => {
    const query = client.from('ideas').update(sent).eq('id', id);
    const answer = await (version ? query.eq('updated_at', version) : query).select(IDEA_COLUMNS);
    // No answer: the server may have the text. Only the entry's own text is typed on from (not a merge).
    if (answer.status === 0 && sent === change && change.content !== undefined) {
      await rememberTry(context, entry, change.content);
    }
    return checkSynced(answer)[0] ?? null;
  };
  const saved = await sendTo(base);
  if (saved) {
    await settle(context, entry, saved);
    tell({ type: 'synced', id, idea: saved });
    return;
  }
  const current = await readIdea(context, id);
  if (current && hasChange(current, change)) {
    await settle(context, entry, current); // our own earlier try got through; its answer was lost
    tell({ type: 'synced', id, idea: current });
    return;
  }
  // An earlier try got through, its answer lost, and the writer typed on from its text: it goes on from
  // the server's version. Otherwise made from a version the server has no more: merged with the
  // server's, word by word, from the text the edit was typed over, where the two changed different words.
  const { over, tried } = entry.payload;
  const ownTry = current !== null && tried !== undefined && current.content === tried;
  const merged = current && !ownTry && (await mergedWith(current, change, over));
  const idea = current ? await sendTo(current.updated_at, merged || change) : null;
  // Typed on from our own try, merged, or a move alone, or with the text the server has already
  // (re-queued as its first try was answered): no text of the other version is lost.
  const kept = ownTry || merged || change.content === undefined || change.content === current?.content;
  if (current && idea && kept) {
    await settle(context, entry, idea);
    tell({ type: 'synced', id, idea });
    return;
  }
  if (current && idea) {
    const copy = await insertIdea(context, {
      id: crypto.randomUUID(),
      content: current.content,
      category_id: current.category_id,
    });
    await settle(context, entry, idea);
    tell({ type: 'conflict', id, idea, copy });
    return;
  }
  if (change.content === undefined) {
    await settle(context, entry, current); // moved an idea deleted (or hidden) elsewhere: nothing to keep
    tell(current ? { type: 'synced', id, idea: current } : { type: 'deleted', id });
    return;
  }
  // Deleted elsewhere, or not writable any more: the edit is kept as an idea of the writer's own.
  const copy = await insertIdea(context, {
    id: crypto.randomUUID(),
    content: change.content,
    category_id: null,
  });
  await settle(context, entry, current);
  tell({ type: 'synced', id: copy.id, idea: copy });
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
