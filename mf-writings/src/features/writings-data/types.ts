import type { Category, Json, WorkspaceClient } from 'shared-kernel';

/** A writing as the list shows it: no content, a 120-character preview that skips the first heading. */
export type WritingSummary = {
  readonly id: string;
  readonly title: string;
  readonly preview: string;
  /** The folder's name (kept by the database in step with `category_id`). */
  readonly category: string | null;
  readonly category_id: string | null;
  readonly created_at: string;
  readonly updated_at: string;
};

/** Which page of the list to read: the user's own writings (no folder) or a folder's. */
export type ListPageRequest = {
  readonly client: WorkspaceClient;
  readonly userId: string;
  readonly folderId: string | null;
  readonly offset: number;
  readonly limit: number;
};

/** A whole writing: its summary and its Tiptap JSON document (`null` for a writing never edited). */
export type Writing = WritingSummary & { readonly content: Json | null };

/** A writings folder (a category with item_type 'writing'), with the signed-in user's access to it. */
export type Folder = Category;

/** The local copy of an edit, kept until the server has it. */
export type WritingDraft = { readonly title: string; readonly preview: string; readonly content: Json };
