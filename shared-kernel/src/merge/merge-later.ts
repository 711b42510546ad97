// The three-way merge (merge-texts.ts), loaded when it is first needed: a merge is rare, and the first
// screen does without it.
import type { WritingText } from './merge-texts.ts';

export type { WritingText };

/**
 * The merge's code. Code that cannot be loaded (a tab open across a new release, whose old files are
 * gone) merges nothing: both versions are then kept whole, as where they clash, rather than a save that
 * fails until the page is reloaded.
 */
async function loadMerge(): Promise<typeof import('./merge-texts.ts') | null> {
  try {
    return await import('./merge-texts.ts');
  } catch (error) {
    console.warn('The merge could not be loaded; both versions are kept', error);
    return null;
  }
}

/** {@link import('./merge-texts.ts').mergeTexts} (a writing), once its code is loaded. */
export async function mergeTextsLater(
  base: WritingText,
  mine: WritingText,
  theirs: WritingText,
): Promise<WritingText | null> {
  return (await loadMerge())?.mergeTexts(base, mine, theirs) ?? null;
}

/** {@link import('./merge-texts.ts').mergeWords} (an idea's text), once its code is loaded. */
export async function mergeWordsLater(base: string, mine: string, theirs: string): Promise<string | null> {
  return (await loadMerge())?.mergeWords(base, mine, theirs) ?? null;
}
