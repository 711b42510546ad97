// The ideas store: one per mounted panel and signed-in user (createIdeasStore), its state read with
// useIdeasState. Its modules each hold one concern: paging, live updates, selection, actions, categories.
export type { Idea, IdeaCategory } from '../ideas-data/index.ts';
export { inReadOnlyCategory } from './idea-actions.ts';
export { type IdeaWrites, serverWrites } from './idea-writes.ts';
export { createIdeasStore, type IdeasStore, type IdeasStoreOptions } from './ideas-store.ts';
export { mergeRefetched, upsertIdea } from './merge.ts';
export { type ClickModifiers, clickSelection, pruneSelection } from './selection.ts';
export { type IdeasState, initialIdeasState, type ListStatus } from './store-state.ts';
export { IdeasStoreContext, useIdeasState, useStore } from './use-ideas-store.ts';
