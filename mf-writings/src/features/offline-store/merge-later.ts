// The three-way merge of a writing's text (merge-texts.ts), loaded when it is first needed: a merge is
// rare, and the first screen does without it.
import type { WritingText } from './merge-texts.ts';

export type { WritingText };

/**
 * {@link import('./merge-texts.ts').mergeTexts}, once its code is loaded. Code that cannot be loaded (a
 * tab open across a new release, whose old files are gone) merges nothing: both versions are then kept
 * whole, as where they clash, rather than a save that fails until the page is reloaded.
 */
export async function mergeTextsLater(
  base: WritingText,
  mine: WritingText,
  theirs: WritingText,
): Promise<WritingText | null> {
  let merge: typeof import('./merge-texts.ts');
  try {
    merge = await import('./merge-texts.ts');
  } catch (error) {
    console.warn('[writings] the merge could not be loaded; both versions are kept', error);
    return null;
  }
  return merge.mergeTexts(base, mine, theirs);
}
