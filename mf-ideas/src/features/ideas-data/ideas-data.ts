import { DataError, dataOf, messages, toDataError, type WorkspaceClient } from 'shared-kernel';
import type { Idea, IdeasPageRequest } from './types.ts';

/** The columns of an idea the panel reads. */
export const IDEA_COLUMNS = 'id, user_id, content, category_id, created_at, updated_at';

/** Newest change first; the id breaks ties the same way the server does. */
export function compareNewestFirst(left: Idea, right: Idea): number {
  if (left.updated_at !== right.updated_at) return left.updated_at < right.updated_at ? 1 : -1;
  return left.id < right.id ? 1 : left.id > right.id ? -1 : 0;
}

/**
 * One page of the list: the user's own ideas (no category) or a category's (anyone's, as RLS lets),
 * kind 'note', newest change first.
 */
export async function listIdeas({
  client,
  userId,
  categoryId,
  offset,
  limit,
  after,
}: IdeasPageRequest): Promise<Idea[]> {
  const query = client.from('ideas').select(IDEA_COLUMNS).eq('kind', 'note');
  const scoped = categoryId === null ? query.eq('user_id', userId) : query.eq('category_id', categoryId);
  const ordered = scoped.order('updated_at', { ascending: false }).order('id', { ascending: false });
  if (!after) return dataOf(await ordered.range(offset, offset + limit - 1));
  const time = `"${after.updated_at}"`;
  return dataOf(
    await ordered.or(`updated_at.lt.${time},and(updated_at.eq.${time},id.lt.${after.id})`).limit(limit),
  );
}

/** One idea, or `null` when it does not exist or is not visible. */
export async function getIdea({ client, id }: { client: WorkspaceClient; id: string }): Promise<Idea | null> {
  return dataOf(await client.from('ideas').select(IDEA_COLUMNS).eq('id', id).maybeSingle());
}

/**
 * Creates an idea under an id made by the caller, so a retry after a lost answer finds the row instead
 * of making a second one. RLS refuses a category the user cannot write.
 */
export async function createIdea({
  client,
  userId,
  id,
  content,
  categoryId,
}: {
  client: WorkspaceClient;
  userId: string;
  id: string;
  content: string;
  categoryId: string | null;
}): Promise<Idea> {
  const answer = await client
    .from('ideas')
    .insert({ id, user_id: userId, content, kind: 'note', category_id: categoryId })
    .select(IDEA_COLUMNS)
    .single();
  if (answer.error && toDataError(answer.error).code === 'conflict') {
    const existing = await getIdea({ client, id });
    if (existing) return existing;
  }
  return dataOf(answer);
}

/**
 * Saves an idea's content. Under RLS an update of a row the user may not change matches nothing, so no
 * row back is a permission failure. With `base`, only the version the edit was made from is updated
 * (a newer one made elsewhere answers `null`, never overwritten silently).
 */
export async function updateIdeaContent({
  client,
  id,
  content,
  base,
}: {
  client: WorkspaceClient;
  id: string;
  content: string;
  base?: string;
}): Promise<Idea | null> {
  const query = client.from('ideas').update({ content }).eq('id', id);
  const rows = dataOf(await (base === undefined ? query : query.eq('updated_at', base)).select(IDEA_COLUMNS));
  if (rows[0]) return rows[0];
  if (base !== undefined) return null;
  throw new DataError('permission-denied', messages.save.noPermission);
}

/** Deletes ideas; answers the ids the server deleted (RLS hides what the user may not delete). */
export async function deleteIdeas({
  client,
  ids,
}: {
  client: WorkspaceClient;
  ids: readonly string[];
}): Promise<string[]> {
  const rows = dataOf(
    await client
      .from('ideas')
      .delete()
      .in('id', [...ids])
      .select('id'),
  );
  return rows.map((row) => row.id);
}

/**
 * Moves ideas into a category (or out of any with `null`). RLS refuses a category the user cannot write
 * (the caller checks first to show the spec's alert); a short answer is a refusal.
 */
export async function moveIdeas({
  client,
  ids,
  categoryId,
}: {
  client: WorkspaceClient;
  ids: readonly string[];
  categoryId: string | null;
}): Promise<Idea[]> {
  const rows = dataOf(
    await client
      .from('ideas')
      .update({ category_id: categoryId })
      .in('id', [...ids])
      .select(IDEA_COLUMNS),
  );
  if (rows.length !== ids.length) throw new DataError('permission-denied', messages.categories.noWriteAccess);
  return rows;
}
