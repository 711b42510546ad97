import type { Editor } from '@tiptap/core';
import { getPreferences, type Preferences, preferences$ } from 'shared-kernel';

/** The preferences the editor's look depends on; a change of another one does not redraw it. */
const EDITOR_KEYS = [
  'spellCheck',
  'focusMode',
  'lineNumbers',
  'tabSize',
] as const satisfies readonly (keyof Preferences)[];

/**
 * The editable root's attributes for the writer's Editor settings: spell check, focus mode, line
 * numbers and tab size of code blocks (read by editor.module.css). ProseMirror evaluates them on each
 * update, so they are read from the kernel's preferences rather than kept in React state.
 */
export function preferenceAttributes(): Record<string, string> {
  const { spellCheck, focusMode, lineNumbers, tabSize } = getPreferences();
  return {
    spellcheck: String(spellCheck),
    'data-focus-mode': focusMode ? 'on' : 'off',
    'data-code-line-numbers': lineNumbers ? 'on' : 'off',
    style: `--code-tab-size: ${tabSize}`,
  };
}

/** Redraws the editor when one of its settings changes (in the settings dialog, or another tab). */
export function followEditorPreferences(editor: Editor): () => void {
  let last = getPreferences();
  const subscription = preferences$.subscribe((next) => {
    const changed = EDITOR_KEYS.some((key) => next[key] !== last[key]);
    last = next;
    if (changed && !editor.isDestroyed) editor.view.updateState(editor.state);
  });
  return () => subscription.unsubscribe();
}
