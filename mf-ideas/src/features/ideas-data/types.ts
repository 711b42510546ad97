import type { Category, WorkspaceClient } from 'shared-kernel';

/** An idea as the panel shows it (kind is always 'note'; the title is derived from the content). */
export type Idea = {
  readonly id: string;
  readonly user_id: string;
  readonly content: string;
  readonly category_id: string | null;
  readonly created_at: string;
  readonly updated_at: string;
};

/** An ideas category (item_type 'idea') with the signed-in user's access to it. */
export type IdeaCategory = Category;

/** Which page of the list to read: the user's own ideas (no category) or a category's. */
export type IdeasPageRequest = {
  readonly client: WorkspaceClient;
  readonly userId: string;
  readonly categoryId: string | null;
  readonly offset: number;
  readonly limit: number;
  /**
   * The last idea already listed: the page starts after it (keyset paging). Reading by offset makes the
   * server walk (and check under RLS) every row before the page, so the 500th page of 10,000 ideas took
   * seconds; after the last row it takes as long as the first.
   */
  readonly after?: Pick<Idea, 'updated_at' | 'id'>;
};
