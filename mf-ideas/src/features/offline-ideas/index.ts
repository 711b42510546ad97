// Ideas kept on this device first and synced by the kernel's outbox (capture never fails offline).
export type { IdeaSyncEvent } from './idea-sync-steps.ts';
export { offlineIdeaWrites } from './offline-writes.ts';
