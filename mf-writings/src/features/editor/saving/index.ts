// Saving a writing: the debounced save controller, the prefetch of the list's neighbours, and the check
// for a newer copy on the server.
export { createSeenVersions, type SeenVersions, useNewerServerCopy } from './newer-server-copy.ts';
export { neighbourIds, PREFETCH_DELAY_MS, prefetchNeighbours, takeWriting } from './prefetch.ts';
export {
  createSaveController,
  DRAFT_DELAY_MS,
  type OpenWriting,
  SAVE_DELAY_MS,
  type SaveController,
  type SaveControllerOptions,
  type SaveRequest,
  type SaveStatus,
  type SaveStore,
} from './save-controller.ts';
