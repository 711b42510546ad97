// Keys typed on the static copy of a writing the writer left before the editor was there (they opened
// another one): typed into the copy they were typed on, as the editor would, and saved as the editor takes
// over, rather than held until that writing shows again (over a copy that may have changed by then).
import { Editor } from '@tiptap/core';
import { saveEditOutsideEditor, type WritingDraft } from '../writings-store/index.ts';
import { readDraft, showDocument } from './document-view.ts';
import { editorExtensions } from './extensions/index.ts';
import type { FirstPaint, KeysOnCopy } from './first-paint/index.ts';
import { typeRuns } from './first-paint/index.ts';

/** The copy with the keys typed on it, as the editor would make it, read as a draft of the writing. */
function typedInto({ id, copy, input }: KeysOnCopy): WritingDraft {
  // Unseen: a document the editor's own way, for the editor's steps.
  const editor = new Editor({
    element: document.createElement('div'),
    extensions: editorExtensions({ onImageFiles: () => {} }),
  });
  try {
    showDocument(editor, copy.content);
    typeRuns(editor, input.typed, input);
    return readDraft(editor, id);
  } finally {
    editor.destroy();
  }
}

/**
 * Types the keys typed on other writings' copies into those copies and saves each (kept on this device
 * first, then synced). Every draft is made and put in the list at once, so a writing opened meanwhile
 * opens with its keys; keys that cannot be typed wait for their writing to show, as before.
 */
export function saveKeysOnOtherCopies(firstPaint: FirstPaint, shownId: string): void {
  for (const keys of firstPaint.takeKeysForOtherWritings(shownId)) {
    let draft: WritingDraft;
    try {
      draft = typedInto(keys);
    } catch (error) {
      console.warn(`Keys typed on writing ${keys.id} wait for it to open`, error);
      firstPaint.giveBack(keys);
      continue;
    }
    void saveEditOutsideEditor(keys.id, draft);
  }
}
