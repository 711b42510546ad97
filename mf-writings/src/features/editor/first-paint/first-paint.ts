// The writing that opens, shown before the editor's code has arrived, and what the writer did to it.
import type { Editor as TiptapEditor } from '@tiptap/core';
import type { Writing } from '../../writings-store/index.ts';
import { takeWriting } from '../saving/index.ts';

/** What the writer did to the static copy: where they clicked, what they typed, how far they scrolled. */
export interface EarlyInput {
  /** Printable text, 'Enter' and 'Backspace', in order. */
  keys: string[];
  /** The last click, in viewport coordinates (the editor lays the writing out at the same place). */
  point: { x: number; y: number } | null;
  focused: boolean;
  scrollTop: number;
}

/**
 * The hand-over from the static copy to the editor, one per mounted editor parcel: both show the same copy
 * of the writing (fetched once), and the editor replays what the writer did before it was ready, so no
 * click or keystroke is lost.
 */
export interface FirstPaint {
  /** The copy shown while the editor loads (fetched once per writing). */
  copyOf(id: string): Promise<Writing | null>;
  /** The same copy for the editor, once; undefined when none was shown (the editor fetches afresh). */
  takeCopy(id: string): Promise<Writing | null> | undefined;
  readonly input: EarlyInput;
  /** True once the editor has taken over: from then on the editor shows writings itself. */
  readonly handedOver: boolean;
  /**
   * The editor shows the writing: the caret goes where the writer clicked, and what they typed is typed
   * (`editable` false only focuses).
   */
  replay(editor: TiptapEditor, editable: boolean): void;
}

/** Typed keys as editor steps: runs of text are inserted at once, Enter and Backspace act as in the editor. */
function replayKeys(editor: TiptapEditor, keys: readonly string[]): void {
  let text = '';
  const flush = () => {
    if (text) editor.view.dispatch(editor.state.tr.insertText(text));
    text = '';
  };
  for (const key of keys) {
    if (key === 'Enter' || key === 'Backspace') {
      flush();
      editor.commands.keyboardShortcut(key);
    } else {
      text += key;
    }
  }
  flush();
}

export function createFirstPaint(): FirstPaint {
  const copies = new Map<string, Promise<Writing | null>>();
  const taken = new Set<string>();
  const input: EarlyInput = { keys: [], point: null, focused: false, scrollTop: 0 };
  let handedOver = false;
  return {
    copyOf(id) {
      let copy = copies.get(id);
      if (!copy) {
        copy = takeWriting(id);
        copies.set(id, copy);
      }
      return copy;
    },
    takeCopy(id) {
      if (handedOver || taken.has(id)) return undefined;
      taken.add(id);
      return copies.get(id);
    },
    input,
    get handedOver() {
      return handedOver;
    },
    replay(editor, editable) {
      if (handedOver) return;
      handedOver = true;
      copies.clear();
      const { keys, point, focused } = input;
      input.keys = [];
      if (!focused && keys.length === 0) return;
      const at = point ? editor.view.posAtCoords({ left: point.x, top: point.y }) : null;
      editor.commands.focus(at ? at.pos : 'start', { scrollIntoView: false });
      if (editable) replayKeys(editor, keys);
    },
  };
}
