// Where the store's writes go. Online only: straight to the server. With this device's offline store
// (offline-ideas.ts): kept on the device first, then synced by the outbox.
import type { WorkspaceClient } from 'shared-kernel';
import {
  createIdea,
  deleteIdeas,
  type Idea,
  type IdeaCategory,
  type IdeasPageRequest,
  listIdeas,
  moveIdeas,
  updateIdeaContent,
} from '../ideas-data/index.ts';

/** The writes of the ideas store and the reads that must see them. */
export interface IdeaWrites {
  /** Creates an idea; answers the server's row, or `null` when it is kept here for a later sync. */
  create(idea: Idea): Promise<Idea | null>;
  /**
   * Saves an idea's content, typed over the text `over`; answers the server's row, or `null` when kept
   * here for a later sync. Rejects with a `SyncFailure` when it is kept here but the server refused it
   * (it is tried again), with any other error when it is kept nowhere.
   */
  update(idea: Idea, over: string): Promise<Idea | null>;
  /**
   * Moves ideas to a category (`null`: out of any); answers the server's rows, or `null` when kept
   * here for a later sync.
   */
  move(ideas: readonly Idea[], categoryId: string | null): Promise<readonly Idea[] | null>;
  /** Deletes ideas (on the server, or kept here for a later sync). */
  remove(ids: readonly string[]): Promise<void>;
  /** A page of the list with this device's unsynced writes laid over it. */
  readPage(request: IdeasPageRequest): Promise<Idea[]>;
  /** Keeps the categories on this device, for a reload while offline. */
  keepCategories?(categories: readonly IdeaCategory[]): Promise<void>;
  /** The categories last kept on this device, if any. */
  keptCategories?(): Promise<IdeaCategory[] | null>;
  /** Writes waiting on this device, told whenever the number changes. */
  onPending(listener: (count: number) => void): () => void;
  /**
   * A queued write reached the server (here or in another tab of the same writer); `idea` is the
   * server's row after it, where there is one.
   */
  onSynced?(
    listener: (event: { readonly type: string; readonly id: string; readonly idea?: Idea }) => void,
  ): () => void;
  close(): void;
}

/** Writes that go straight to the server (where the device's store cannot be opened). */
export function serverWrites(client: WorkspaceClient, userId: string): IdeaWrites {
  return {
    create: (idea) =>
      createIdea({ client, userId, id: idea.id, content: idea.content, categoryId: idea.category_id }),
    update: (idea) => updateIdeaContent({ client, id: idea.id, content: idea.content }),
    move: (ideas, categoryId) => moveIdeas({ client, ids: ideas.map((idea) => idea.id), categoryId }),
    async remove(ids) {
      await deleteIdeas({ client, ids });
    },
    readPage: listIdeas,
    onPending: () => () => {},
    close() {},
  };
}
