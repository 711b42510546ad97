// One ideas store per mounted panel and signed-in user: its state object and its actions, each module
// of this folder holding one concern over that state.
import {
  ideaTitle,
  messages,
  onPageHiding,
  reportUnsyncedChanges,
  type WorkspaceClient,
} from 'shared-kernel';
import type { IdeaCategory } from '../ideas-data/index.ts';
import {
  addCategory,
  chooseCategory,
  leaveSharedCategory,
  refreshCategories,
  removeCategory,
  renameCategoryTo,
} from './categories.ts';
import {
  captureIdea,
  deleteIdeasNow,
  editIdea,
  keepAndSaveAll,
  moveIdeasTo,
  saveAll,
  saveIdea,
} from './idea-actions.ts';
import { type IdeaWrites, serverWrites } from './idea-writes.ts';
import { loadFirstPage, loadMore } from './list-paging.ts';
import { scheduleRefetch } from './realtime.ts';
import { revealIdea } from './reveal.ts';
import { type ClickModifiers, clickSelection } from './selection.ts';
import { createRuntime, type IdeasState, selectedCategory, setState } from './store-state.ts';

export interface IdeasStoreOptions {
  client: WorkspaceClient;
  userId: string;
  /** Where writes go; by default straight to the server. */
  writes?: IdeaWrites;
}

/** Makes the store of one signed-in user; `start` loads and subscribes, `close` stops everything. */
export function createIdeasStore({
  client,
  userId,
  writes = serverWrites(client, userId),
}: IdeasStoreOptions) {
  const runtime = createRuntime(client, userId, writes);
  const stopPending = writes.onPending((pending) => {
    setState(runtime, { pending });
    reportUnsyncedChanges('ideas', pending); // signing out asks first while they wait
  });
  // A write kept on this device reached the server: its unsaved mark goes, and the list is refetched.
  // A move the server refused (the category is no longer writable) is told; the idea stays where it is.
  // So is an edit made over a version saved elsewhere meanwhile: the other version is an idea of its own.
  const stopSynced =
    writes.onSynced?.(({ type, id, idea }) => {
      if (type === 'move-refused') setState(runtime, { notice: messages.categories.noWriteAccess });
      if (type === 'conflict' && idea) {
        setState(runtime, { notice: messages.ideas.changedElsewhere(ideaTitle(idea.content)) });
      }
      if (!runtime.edits.has(id) && runtime.state.unsaved.has(id)) {
        const unsaved = new Set(runtime.state.unsaved);
        unsaved.delete(id);
        setState(runtime, { unsaved });
      }
      scheduleRefetch(runtime);
    }) ?? (() => {});
  let stopFlushOnHide = () => {};
  return {
    getState: (): IdeasState => runtime.state,
    subscribe(listener: () => void): () => void {
      runtime.listeners.add(listener);
      return () => runtime.listeners.delete(listener);
    },
    client,
    userId,

    /** Loads the categories and the first page, and subscribes to changes. */
    async start(): Promise<void> {
      if (globalThis.document) stopFlushOnHide = onPageHiding(() => void keepAndSaveAll(runtime));
      refreshCategories(runtime).catch((error: unknown) =>
        console.warn('The categories could not be loaded', error),
      );
      await loadFirstPage(runtime);
    },
    /** Saves pending edits, unsubscribes, and drops every later answer. */
    close(): void {
      void saveAll(runtime).finally(() => {
        runtime.closed = true;
        writes.close();
      });
      stopFlushOnHide();
      stopPending();
      stopSynced();
      runtime.generation += 1;
      runtime.stopLive?.();
      runtime.stopLive = null;
    },

    loadMore: () => loadMore(runtime),
    refetch: () => scheduleRefetch(runtime),
    capture: (text: string) => captureIdea(runtime, text),
    edit: (id: string, content: string) => editIdea(runtime, id, content),
    save: (id: string) => saveIdea(runtime, id),
    saveAll: () => saveAll(runtime),
    remove: (ids?: readonly string[]) => deleteIdeasNow(runtime, ids),
    move: (categoryId: string | null, ids?: readonly string[]) => moveIdeasTo(runtime, categoryId, ids),
    click: (id: string, modifiers?: ClickModifiers) =>
      setState(runtime, clickSelection(runtime.state, id, modifiers)),
    clearSelection: () => setState(runtime, { selectedIds: new Set(), anchorId: null, expandedId: null }),
    reveal: (id: string) => revealIdea(runtime, id),
    chooseCategory: (id: string | null) => chooseCategory(runtime, id),
    refreshCategories: () => refreshCategories(runtime),
    addCategory: (name: string) => addCategory(runtime, name),
    renameCategory: (id: string, name: string) => renameCategoryTo(runtime, id, name),
    removeCategory: (id: string) => removeCategory(runtime, id),
    leaveCategory: (id: string) => leaveSharedCategory(runtime, id),
    selectedCategory: (): IdeaCategory | null => selectedCategory(runtime),
    notify: (notice: string | null) => setState(runtime, { notice }),
  };
}

/** The ideas store of one signed-in user. */
export type IdeasStore = ReturnType<typeof createIdeasStore>;
