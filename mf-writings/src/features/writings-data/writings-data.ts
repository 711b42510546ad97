import {
  canWriteToFolder,
  createWritingDocument,
  DataError,
  type DocumentNode,
  dataOf,
  type Json,
  messages,
  type Tables,
  toDataError,
  type WorkspaceClient,
  writingPreview,
} from 'shared-kernel';
import type { Folder, ListPageRequest, Writing, WritingSummary } from './types.ts';

// A writing's summary is derived from its content (the preview); the summary drops the content.
const SUMMARY_COLUMNS = 'id, title, category, category_id, created_at, updated_at, content';
/** The columns of a whole writing. */
export const WRITING_COLUMNS = SUMMARY_COLUMNS;

type WritingRow = Pick<
  Tables<'writings'>,
  'id' | 'title' | 'category' | 'category_id' | 'created_at' | 'updated_at' | 'content'
>;

/** A row's list summary: its preview derived from the content, without the content. */
export function summaryOf({ content, ...row }: WritingRow): WritingSummary {
  return { ...row, preview: writingPreview(content as DocumentNode | null) };
}

/** A row as a whole writing, with its preview. */
export function writingOf(row: WritingRow): Writing {
  return { ...summaryOf(row), content: row.content };
}

/** Narrows a read to the writings of the user (no folder) or of a folder (anyone's, as RLS lets), newest first. */
function newestFirst<Query extends Scopable<Query>>(
  query: Query,
  { userId, folderId }: { userId: string; folderId: string | null },
): Query {
  const scoped = folderId === null ? query.eq('user_id', userId) : query.eq('category_id', folderId);
  // id breaks ties between writings created in the same instant, so pages never overlap.
  return scoped.order('created_at', { ascending: false }).order('id', { ascending: false });
}
type Scopable<Query> = {
  eq(column: 'user_id' | 'category_id', value: string): Query;
  order(column: 'created_at' | 'id', options: { ascending: boolean }): Query;
};

/**
 * The list reads a writing's first blocks, not its whole content: a preview is 120 characters after the
 * title, and a page of long writings (a novel is megabytes of JSON) must not come whole to show a line
 * of each. A preview whose first eight blocks after the title hold no text is empty.
 */
const PREVIEW_BLOCKS = 8;
const LIST_COLUMNS = `id, title, category, category_id, created_at, updated_at, ${Array.from(
  { length: PREVIEW_BLOCKS },
  (_, index) => `block${index}:content->content->${index}`,
).join(', ')}`;
type ListedRow = Omit<WritingRow, 'content'> & Record<`block${number}`, DocumentNode | null>;

function summaryOfListed(row: ListedRow): WritingSummary {
  const { id, title, category, category_id, created_at, updated_at } = row;
  const blocks = Array.from({ length: PREVIEW_BLOCKS }, (_, index) => row[`block${index}`]).filter(
    (block): block is DocumentNode => block != null,
  );
  return summaryOf({
    id,
    title,
    category,
    category_id,
    created_at,
    updated_at,
    content: { type: 'doc', content: blocks } as unknown as Json,
  });
}

/** One page of the list (see {@link newestFirst}). Throws the PostgrestError on failure. */
export async function listWritings({
  client,
  userId,
  folderId,
  offset,
  limit,
}: ListPageRequest): Promise<WritingSummary[]> {
  const data = dataOf(
    await newestFirst(client.from('writings').select(LIST_COLUMNS), { userId, folderId }).range(
      offset,
      offset + limit - 1,
    ),
  );
  // The select is built from parts, so its row type is written here.
  return (data as unknown as ListedRow[]).map(summaryOfListed);
}

/** The first `limit` writings of the list, whole: the one that opens on load, and its neighbour. */
export async function listFirstWritings({
  client,
  userId,
  folderId,
  limit,
}: Omit<ListPageRequest, 'offset'>): Promise<Writing[]> {
  const data = dataOf(
    await newestFirst(client.from('writings').select(WRITING_COLUMNS), { userId, folderId }).limit(limit),
  );
  return data.map(writingOf);
}

/** One writing with its content, or `null` when it does not exist or is not visible. */
export async function getWriting({
  client,
  id,
}: {
  client: WorkspaceClient;
  id: string;
}): Promise<Writing | null> {
  const data = dataOf(await client.from('writings').select(WRITING_COLUMNS).eq('id', id).maybeSingle());
  return data ? writingOf(data) : null;
}

/**
 * Creates a writing in `folder` or outside any folder: an empty one (a level-1 heading then a paragraph)
 * unless `title` and `content` are given. The id is made here, so a retry after a lost answer finds the
 * row instead of making a second one. Refuses a read-only shared folder with the spec's text.
 */
export async function createWriting({
  client,
  userId,
  folder,
  id = crypto.randomUUID(),
  title = messages.writings.untitled,
  content = createWritingDocument() as unknown as Json,
}: {
  client: WorkspaceClient;
  userId: string;
  folder: Folder | null;
  id?: string;
  title?: string;
  content?: Json;
}): Promise<Writing> {
  if (!canWriteToFolder(folder)) throw new Error(messages.categories.readOnlyCreate);
  const answer = await client
    .from('writings')
    .insert({
      id,
      user_id: userId,
      title,
      category: folder?.name ?? null,
      category_id: folder?.id ?? null,
      // The kernel's document type is readonly; Json is the same shape, mutable.
      content,
    })
    .select(WRITING_COLUMNS)
    .single();
  if (answer.error && toDataError(answer.error).code === 'conflict') {
    const existing = await getWriting({ client, id });
    if (existing) return existing;
  }
  return writingOf(dataOf(answer));
}

/** Saves a writing's title and content (and folder name when given). Throws a DataError. */
export async function saveWriting({
  client,
  id,
  title,
  content,
  category,
}: {
  client: WorkspaceClient;
  id: string;
  title: string;
  content: Json;
  category?: string | null;
}): Promise<Writing> {
  const data = dataOf(
    await client
      .from('writings')
      .update({ title, content, ...(category === undefined ? {} : { category }) })
      .eq('id', id)
      .select(WRITING_COLUMNS)
      .single(),
  );
  return writingOf(data);
}

/** Renames a writing (the list's rename; the editor derives titles from the first heading). */
export async function renameWriting({
  client,
  id,
  title,
}: {
  client: WorkspaceClient;
  id: string;
  title: string;
}): Promise<WritingSummary> {
  return summaryOf(
    dataOf(await client.from('writings').update({ title }).eq('id', id).select(SUMMARY_COLUMNS).single()),
  );
}

/** Deletes a writing. Throws a DataError. */
export async function deleteWriting({ client, id }: { client: WorkspaceClient; id: string }): Promise<void> {
  dataOf(await client.from('writings').delete().eq('id', id));
}

/**
 * Moves writings into a folder (or out of any with `null`). The database keeps `category` in step and its
 * RLS refuses a folder the user cannot write; the caller checks first to show the spec's alert. Returns
 * the moved rows; throws when a row could not be moved.
 */
export async function moveWritings({
  client,
  ids,
  folderId,
}: {
  client: WorkspaceClient;
  ids: readonly string[];
  folderId: string | null;
}): Promise<WritingSummary[]> {
  const data = dataOf(
    await client
      .from('writings')
      .update({ category_id: folderId })
      .in('id', [...ids])
      .select(SUMMARY_COLUMNS),
  );
  // RLS hides rows the user may not update instead of failing: a short answer is a refusal.
  if (data.length !== ids.length) throw new Error(messages.writings.moveFailed);
  return data.map(summaryOf);
}

/**
 * Saves through the store's data access. Under RLS an update of a row the user may not change matches
 * nothing instead of failing, so `.single()` answers PGRST116 (no row); that is a permission failure
 * and is reported as one.
 */
export function serverSave(
  client: WorkspaceClient,
): (request: { id: string; title: string; content: Json }) => Promise<Writing> {
  return async (request) => {
    try {
      return await saveWriting({ client, ...request });
    } catch (error) {
      if (toDataError(error).code === 'not-found') {
        throw new DataError('permission-denied', 'The writing cannot be updated by this user', {
          cause: error,
        });
      }
      throw error;
    }
  };
}
