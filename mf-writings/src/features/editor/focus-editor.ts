// Types only: the static copy's hand-over (first-paint/) uses this before Tiptap's own code is needed.
import type { FocusPosition, Editor as TiptapEditor } from '@tiptap/core';

/**
 * Puts the caret at `position` and the browser's focus in the editor now. Tiptap's focus command moves
 * the focus at the next frame: a key pressed in between would reach whatever had the focus (nothing, when
 * the static copy has just gone) and be lost.
 */
export function focusEditor(
  editor: TiptapEditor,
  position: FocusPosition,
  { scrollIntoView = true } = {},
): void {
  editor.commands.focus(position, { scrollIntoView });
  editor.view.focus();
}
