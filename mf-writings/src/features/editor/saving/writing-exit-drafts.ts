import { type ExitDrafts, exitDrafts, type Json } from 'shared-kernel';

/** A writing's draft kept when the page closes: the title and content the editor held. */
export interface ExitDraft {
  title: string;
  content: Json;
}

/**
 * The writings' drafts kept on exit for `userId` (shared-kernel/src/offline/exit-drafts.ts), compared
 * with a save by their content.
 */
export function writingExitDrafts(userId: string): ExitDrafts<ExitDraft> {
  return exitDrafts<ExitDraft>('writings', userId, (draft) => draft.content);
}
