// The ideas' side of the device's store: the kernel's offline database with an `ideas` item store.
import type { DBSchema, IDBPDatabase } from 'idb';
import type { OutboxEntry } from 'shared-kernel';
import { compareNewestFirst, type Idea } from '../ideas-data/index.ts';

/** An idea as this device keeps it; `base` is the server version a local edit was made from. */
export type LocalIdea = Idea & { readonly base: string | null };

/**
 * The fields a create or an update sends; with an edit, `over`: the text it was typed over (what the tab
 * showed when the typing began, or the text its last save sent), from which it is merged with a version
 * saved elsewhere meanwhile. Kept for the next try of an entry (idea-sync-steps.ts): `tried`, its text
 * as a try sent it that may have reached the server (what is typed on from it then goes on from the
 * server's version), and `copy`, the idea of its own it makes (the other version of a clash, or the edit
 * of an idea deleted elsewhere), under one id however many tries it takes.
 */
export type IdeaPayload = {
  readonly content?: string;
  readonly category_id?: string | null;
  readonly over?: string;
  readonly tried?: string;
  readonly copy?: IdeaCopy;
};

/** An idea an update makes of its own, as it will be inserted. */
export type IdeaCopy = { readonly id: string; readonly content: string; readonly category_id: string | null };

/**
 * An idea's write folded into a queued one. The browser's tabs share one queue: an edit typed over
 * another text than the queued one (another tab's, typed over an older text) does not fold (`null`). It
 * is queued apart with the version it was made from, and merged with the queued one when it syncs,
 * rather than replace its words.
 */
export function foldIdeaPayload(queued: IdeaPayload, next: IdeaPayload): IdeaPayload | null {
  if (next.content === undefined) return { ...queued, ...next }; // a move alone
  if (queued.content === undefined) return { ...queued, ...next }; // an edit after a move
  // An edit of a device whose code did not say what it was typed over goes on.
  if (next.over !== undefined && next.over !== queued.content) return null;
  // Typed on from the queued text: with it, typed over what that was typed over (unknown for an edit
  // queued by older code, or a create: then no merge, both versions are kept).
  return { ...queued, ...next, over: queued.over };
}

export type IdeaOutboxEntry = OutboxEntry<IdeaPayload>;

interface IdeasOfflineSchema extends DBSchema {
  ideas: { key: string; value: LocalIdea };
  outbox: { key: number; value: IdeaOutboxEntry; indexes: { id: string } };
  idMap: { key: string; value: string };
  meta: { key: string; value: unknown };
}

/** The user's ideas database on this device. */
export type IdeasDatabase = IDBPDatabase<IdeasOfflineSchema>;

/** One database per user, so two people on one browser never see each other's ideas. */
export function ideasDatabaseName(userId: string): string {
  return `ideas-offline:${userId}`;
}

/** An idea as the list shows it (without the base). */
export function ideaOfLocal({ base: _base, ...idea }: LocalIdea): Idea {
  return idea;
}

/** The ideas of a list read while the server cannot be reached, newest change first. */
export async function listLocalIdeas(
  database: IdeasDatabase,
  {
    userId,
    categoryId,
    limit,
    offset,
  }: { userId: string; categoryId: string | null; offset: number; limit: number },
): Promise<Idea[]> {
  const all = await database.getAll('ideas');
  return all
    .filter((idea) => (categoryId === null ? idea.user_id === userId : idea.category_id === categoryId))
    .map(ideaOfLocal)
    .sort(compareNewestFirst)
    .slice(offset, offset + limit);
}

/** Keeps what the server answered for reading offline; an idea with queued writes keeps its local copy. */
export async function rememberServerIdeas(database: IdeasDatabase, rows: readonly Idea[]): Promise<void> {
  const transaction = database.transaction(['ideas', 'outbox'], 'readwrite');
  const ideas = transaction.objectStore('ideas');
  const queued = transaction.objectStore('outbox').index('id');
  await Promise.all(
    rows.map(async (row) => {
      if ((await queued.count(row.id)) > 0) return;
      await ideas.put({ ...row, base: row.updated_at });
    }),
  );
  await transaction.done;
}
