// The writing that opens, shown before the editor's code has arrived, and what the writer did to it.
import type { Editor as TiptapEditor } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { Transaction } from '@tiptap/pm/state';
import { serverIdOf } from 'shared-kernel';
import { getWritingsState, isCurrentCopy, type Writing } from '../../writings-store/index.ts';
import { focusEditor } from '../focus-editor.ts';
import { takeWriting } from '../saving/index.ts';
import { type KeptInput, keysHeldChanged, replayKeys } from '../typed-keys.ts';

/** A caret by the text before it, which the static copy and the editor's document have alike. */
export interface TextCaret {
  block: number;
  offset: number;
}

/** The editor position of a caret: `offset` characters into the text of the `block`-th top-level block. */
export function positionOfCaret(doc: ProseMirrorNode, caret: TextCaret): number | null {
  let index = 0;
  let found: number | null = null;
  doc.forEach((child, childOffset) => {
    const blocks: [ProseMirrorNode, number][] = [];
    if (child.type.name !== 'blockGroup') blocks.push([child, childOffset]);
    else
      child.forEach((block, offset) => {
        blocks.push([block, childOffset + 1 + offset]);
      });
    for (const [block, position] of blocks) {
      if (found === null && index === caret.block) found = positionInBlock(block, position, caret.offset);
      index += 1;
    }
  });
  return found;
}

function positionInBlock(block: ProseMirrorNode, position: number, offset: number): number {
  let remaining = offset;
  let found: number | null = null;
  block.descendants((node, relative) => {
    if (found !== null) return false;
    if (!node.isText) return true;
    const length = node.text?.length ?? 0;
    if (remaining <= length) found = position + 1 + relative + remaining;
    else remaining -= length;
    return false;
  });
  return found ?? position + block.nodeSize - 1;
}

/**
 * Where the writer is on the static copy, as a click, the arrow keys, select-all or a drop put them: the
 * caret, and where their selection starts (`anchor`, the caret itself when nothing is selected). Each is a
 * top-level block (the title is 0) and the text before it in that block; null: no caret yet.
 */
export interface CopyPlace {
  caret: TextCaret | null;
  anchor: TextCaret | null;
}

/** What the writer typed at one place of the static copy: the place (typing replaces its selection), and the keys. */
export interface TypedRun extends CopyPlace {
  keys: KeptInput[];
}

/** What the writer did to the static copy: where their caret is, what they typed, how far they scrolled. */
export interface EarlyInput extends CopyPlace {
  /**
   * Printable text, 'Enter', 'Backspace', pastes and drops, in order, each where it was typed: the copy
   * takes no edit, so its caret and selection move only by a click, the arrow keys, select-all or a drop,
   * and each move between two keys starts a run at the new place ({@link keysAtCaret}).
   */
  typed: TypedRun[];
  focused: boolean;
  scrollTop: number;
}

const sameCaret = (a: TextCaret | null, b: TextCaret | null) =>
  a === b || (a !== null && b !== null && a.block === b.block && a.offset === b.offset);
const samePlace = (a: CopyPlace, b: CopyPlace) =>
  sameCaret(a.caret, b.caret) && sameCaret(a.anchor, b.anchor);

/** Where a key typed now is kept: with the keys typed at the same place, or starting a run at a new one. */
export function keysAtCaret(input: EarlyInput): KeptInput[] {
  const last = input.typed.at(-1);
  if (last && samePlace(last, input)) return last.keys;
  const run: TypedRun = { caret: input.caret, anchor: input.anchor, keys: [] };
  input.typed.push(run);
  return run.keys;
}

/**
 * Types each run where it was typed (over its selection, as typing over a selection does), then puts the
 * caret where the writer's is. The places are found in the document as the copy showed it, then moved by
 * what each run typed (an Enter in the title moves every line below it down a block).
 */
export function typeRuns(editor: TiptapEditor, runs: readonly TypedRun[], now: CopyPlace): void {
  const { doc } = editor.state;
  const start: TextCaret = { block: 0, offset: 0 };
  const positionOf = (caret: TextCaret | null) => positionOfCaret(doc, caret ?? start);
  let places = [...runs, now].map((place) => {
    const from = positionOf(place.anchor ?? place.caret);
    const to = positionOf(place.caret);
    return from === null || to === null ? null : { from, to };
  });
  const select = (place: { from: number; to: number } | null | undefined) => {
    if (place) editor.commands.setTextSelection(place);
  };
  const follow = ({
    transaction,
    appendedTransactions,
  }: {
    transaction: Transaction;
    appendedTransactions: Transaction[];
  }) => {
    for (const step of [transaction, ...appendedTransactions])
      places = places.map(
        (place) => place && { from: step.mapping.map(place.from), to: step.mapping.map(place.to) },
      );
  };
  editor.on('transaction', follow);
  try {
    runs.forEach((run, index) => {
      select(places[index]);
      replayKeys(editor, run.keys);
    });
  } finally {
    editor.off('transaction', follow);
  }
  // Moved on since the last key: the caret goes there, not after the text typed last.
  const last = runs.at(-1);
  if (last && !samePlace(last, now)) select(places.at(-1));
}

/**
 * The hand-over from the static copy to the editor, one per mounted editor parcel: both show the same copy
 * of the writing (fetched once), and the editor replays what the writer did before it was ready, so no
 * click or keystroke is lost. What was done on each writing's copy is kept apart: a writer who typed on
 * one and opened another before the editor was ready finds their keys in the first, never in the second.
 */
export interface FirstPaint {
  /** The copy shown while the editor loads (fetched once per writing). */
  copyOf(id: string): Promise<Writing | null>;
  /**
   * The copy of `copyOf(id)` once it has arrived (null: there is none), else undefined. The static copy
   * shown again as the editor's code arrives shows it in the same frame: the writer's focus and keys
   * never fall between the two.
   */
  arrivedCopy(id: string): Writing | null | undefined;
  /** The same copy for the editor, once; undefined when none was shown (the editor fetches afresh). */
  takeCopy(id: string): Promise<Writing | null> | undefined;
  /** What the writer did on writing `id`'s static copy. */
  inputOf(id: string): EarlyInput;
  /**
   * What was typed on the copies of writings other than `shownId`, with the copy each was typed on, to be
   * typed into that copy and saved as the editor takes over: the writer opened another writing before the
   * editor was there. Keys among which an image was pasted or dropped are left to be typed when their
   * writing shows (an image is uploaded for the writing open).
   */
  takeKeysForOtherWritings(shownId: string): KeysOnCopy[];
  /** Keys taken by {@link FirstPaint.takeKeysForOtherWritings} that could not be kept wait again. */
  giveBack(keys: KeysOnCopy): void;
  /** Whether keys typed on a static copy wait for their writing to show in the editor. */
  holdsKeys(): boolean;
  /** What was typed on writing `id`'s copy goes (it was deleted), or on every copy (the writer signed out). */
  forget(id?: string): void;
  /** True once the editor has taken over: from then on the editor shows writings itself. */
  readonly handedOver: boolean;
  /**
   * The editor shows writing `id`. The first time, it takes over: the caret goes where the writer's caret
   * was on this writing's copy, and what they typed there is typed (`editable` false only focuses). Later,
   * what was typed on this writing's copy before the writer opened another one is typed.
   */
  replay(editor: TiptapEditor, id: string, editable: boolean): void;
}

/** Keys typed on writing `id`'s static copy, the copy they were typed on, and where. */
export interface KeysOnCopy {
  id: string;
  copy: Writing;
  input: EarlyInput;
}

/** A copy read for the static copy: when, and the writing once it has arrived. */
interface CopyRead {
  copy: Promise<Writing | null>;
  readAt: number;
  arrived?: Writing | null;
}

const hasKeys = (input: EarlyInput) => input.typed.some((run) => run.keys.length > 0);

export function createFirstPaint(): FirstPaint {
  const copies = new Map<string, CopyRead>();
  const taken = new Set<string>();
  // By server id: a writing made offline keeps its input when it syncs (`local_<uuid>` becomes `<uuid>`).
  const inputs = new Map<string, EarlyInput>();
  let handedOver = false;
  return {
    copyOf(id) {
      let read = copies.get(id);
      if (!read) {
        const entry: CopyRead = { copy: takeWriting(id), readAt: Date.now() };
        entry.copy.then(
          (writing) => {
            entry.arrived = writing;
          },
          () => {},
        );
        read = entry;
        copies.set(id, read);
      }
      return read.copy;
    },
    arrivedCopy: (id) => copies.get(id)?.arrived,
    takeCopy(id) {
      const read = copies.get(id);
      if (handedOver || taken.has(id) || !read) return undefined;
      taken.add(id);
      // Still the newest? A rename from the list, a save elsewhere or a local draft since the copy was
      // read means the editor opens a fresh one (which lays the draft over it), never the stale copy.
      return read.copy.then((writing) =>
        writing && isCurrentCopy(writing, read.readAt) && !getWritingsState().drafts[id]
          ? writing
          : takeWriting(id),
      );
    },
    inputOf(id) {
      const key = serverIdOf(id);
      let input = inputs.get(key);
      if (!input) {
        input = { typed: [], caret: null, anchor: null, focused: false, scrollTop: 0 };
        inputs.set(key, input);
      }
      return input;
    },
    takeKeysForOtherWritings(shownId) {
      // The copy read last of each writing (one made offline may have been read by both its ids).
      const latest = new Map<string, Writing>();
      for (const [id, read] of copies) if (read.arrived) latest.set(serverIdOf(id), read.arrived);
      const { items, drafts, unsaved } = getWritingsState();
      const taken: KeysOnCopy[] = [];
      for (const [key, copy] of latest) {
        const input = inputs.get(key);
        if (key === serverIdOf(shownId) || !input || !hasKeys(input)) continue;
        if (input.typed.some((run) => run.keys.some((kept) => typeof kept !== 'string' && 'files' in kept)))
          continue;
        // Under the id the list knows it by now; and only over the copy this tab has as the newest, with
        // nothing of its own on top (a rename from the list since): otherwise they wait for it to show.
        const listed = items.find((item) => serverIdOf(item.id) === key);
        const id = listed?.id ?? copy.id;
        if ((listed && listed.updated_at > copy.updated_at) || drafts[id] || unsaved.has(id)) continue;
        inputs.delete(key);
        taken.push({ id, copy, input });
      }
      return taken;
    },
    giveBack({ id, input }) {
      inputs.set(serverIdOf(id), input);
      keysHeldChanged();
    },
    holdsKeys: () => [...inputs.values()].some(hasKeys),
    forget(id) {
      if (id === undefined) inputs.clear();
      else inputs.delete(serverIdOf(id));
      keysHeldChanged();
    },
    get handedOver() {
      return handedOver;
    },
    replay(editor, id, editable) {
      const first = !handedOver;
      handedOver = true;
      copies.clear();
      const input = inputs.get(serverIdOf(id));
      inputs.delete(serverIdOf(id));
      // No copy shows again: a place without keys is nothing to keep.
      for (const [key, other] of inputs) if (!hasKeys(other)) inputs.delete(key);
      keysHeldChanged();
      if (!input || !(hasKeys(input) || (first && input.focused))) return;
      const { typed, caret, anchor } = input;
      const at = caret ? positionOfCaret(editor.state.doc, caret) : null;
      focusEditor(editor, at ?? 'start', { scrollIntoView: false });
      if (editable) typeRuns(editor, typed, { caret, anchor });
    },
  };
}
