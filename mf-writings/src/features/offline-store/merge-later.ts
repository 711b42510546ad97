// The three-way merge of a writing's text (merge-texts.ts), loaded when it is first needed: a merge is
// rare, and the first screen does without it.
import type { WritingText } from './merge-texts.ts';

export type { WritingText };

/** {@link import('./merge-texts.ts').mergeTexts}, once its code is loaded. */
export async function mergeTextsLater(
  base: WritingText,
  mine: WritingText,
  theirs: WritingText,
): Promise<WritingText | null> {
  const { mergeTexts } = await import('./merge-texts.ts');
  return mergeTexts(base, mine, theirs);
}
