// Saving a writing: the debounced save controller, the prefetch of the list's neighbours, and the check
// for a newer copy on the server, and the drafts kept when the page closes.
export { createSeenVersions, type SeenVersions, useNewerServerCopy } from './newer-server-copy.ts';
export { neighbourIds, prefetchNeighbours, takeWriting } from './prefetch.ts';
export {
  createSaveController,
  DRAFT_DELAY_MS,
  type OpenWriting,
  type SaveController,
  type SaveControllerOptions,
  type SaveRequest,
  type SaveStatus,
  type SaveStore,
} from './save-controller.ts';
export { type ExitDraft, exitDraftOnOpen, keepExitDraft, writingExitDrafts } from './writing-exit-drafts.ts';
