import type { WritingText } from 'shared-kernel';
import { type ExitDrafts, exitDrafts, type Json, sameJson } from 'shared-kernel';
import type { Writing } from '../../writings-data/index.ts';
import { baseOf, baseTextOf, getWritingsState, keepDraftTypedOver } from '../../writings-store/index.ts';

/**
 * A writing's draft kept when the page closes: the title and content the editor held, and the server
 * version they were typed over (with its text, when known), for a merge if it is saved over meanwhile.
 */
export interface ExitDraft {
  title: string;
  content: Json;
  base?: string | null;
  baseText?: WritingText;
}

/**
 * The writings' drafts kept on exit for `userId` (shared-kernel/src/offline/exit-drafts.ts), compared
 * with a save by their content.
 */
export function writingExitDrafts(userId: string): ExitDrafts<ExitDraft> {
  return exitDrafts<ExitDraft>('writings', userId, (draft) => draft.content);
}

/**
 * Keeps the open writing's unsaved `draft` as the page hides, with the version it was typed over and that
 * version's text; without the text when there is no room for both (the draft's words come first).
 */
export function keepExitDraft(userId: string, draft: { id: string; title: string; content: Json }): void {
  const drafts = writingExitDrafts(userId);
  const kept = { title: draft.title, content: draft.content, base: baseOf(draft.id) };
  const baseText = baseTextOf(draft.id);
  if (!baseText || !drafts.keep(draft.id, { ...kept, baseText })) drafts.keep(draft.id, kept);
}

/**
 * The draft kept when the page last closed with writing `id` unsaved, when it differs from `opened` (the
 * copy being opened) and was typed over the version that copy is built on, or a newer one; one that is
 * the same text is forgotten. One typed over an older version (someone saved over it meanwhile) is merged into the
 * writing, or kept as a writing of its own: never shown over the other's words, never lost.
 */
export function exitDraftOnOpen(id: string, opened: Writing): ExitDraft | undefined {
  const { userId } = getWritingsState();
  if (!userId) return undefined;
  const drafts = writingExitDrafts(userId);
  // The server version the copy opened is built on (a device copy's: the one its queued edits were
  // made from). Versions are the server's `updated_at`, in one format: they compare as text.
  const shownBase = baseOf(id);
  const draft = drafts.find(
    id,
    opened.updated_at,
    (stale) => sameJson(stale.content, opened.content) || keepDraftTypedOver(id, stale, opened),
    // Without both versions, the kernel judges by when the draft was kept.
    (kept) => (kept.base && shownBase ? kept.base < shownBase : undefined),
  );
  if (!draft || !sameJson(draft.content, opened.content)) return draft;
  drafts.forget(id);
  return undefined;
}
