// Keys typed before the editor that is to take them has the focus, kept and typed into it once it has:
// on the static copy of the first screen (first-paint/; text pasted or dictated there too), and between
// New and the new writing's editor.
// Types only from Tiptap: the first screen's chunk carries no ProseMirror.
import type { Editor as TiptapEditor } from '@tiptap/core';
import { serverIdOf } from 'shared-kernel';
import { imageFilesOf } from './images/image-files.ts';

/**
 * What the writer typed before the editor had the focus, in order: a key (printable text, 'Enter',
 * 'Backspace'), or a paste or drop that the editor pastes as its own paste would: its HTML (formatting
 * kept) or its image files (uploaded and shown as any pasted image).
 */
export type KeptInput = string | { html: string } | { files: File[] };

/**
 * Keeps a key that types into a writing (printable text, Enter and Backspace; shortcuts are left alone)
 * in `keys`, and keeps it from doing anything else. Answers whether it was kept.
 */
export function keepKey(event: KeyboardEvent, keys: KeptInput[]): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return false;
  if (event.key.length !== 1 && event.key !== 'Enter' && event.key !== 'Backspace') return false;
  event.preventDefault();
  keys.push(event.key);
  return true;
}

/** Text as kept keys: each character, a line break as Enter. */
function keysOfText(text: string): string[] {
  return Array.from(text.replace(/\r\n?/g, '\n'), (character) => (character === '\n' ? 'Enter' : character));
}

/**
 * A paste or a drop, as the editor would take it: its image files when it has some (a screenshot, an
 * image copied or dropped from the desktop), else its HTML (formatted text), else its plain text as keys.
 */
function keepTransfer(data: DataTransfer | null, keys: KeptInput[]): void {
  const files = imageFilesOf(data?.files);
  const html = data?.getData('text/html') ?? '';
  if (files.length > 0) keys.push({ files });
  else if (html) keys.push({ html });
  else keys.push(...keysOfText(data?.getData('text/plain') ?? ''));
}

/**
 * Keeps what is dropped (image files, text) in `keys`, and keeps it from landing where it was dropped: a
 * drop of files brings no input event to stop, and the editor of the writing open before would take it.
 */
export function keepDrop(event: DragEvent, keys: KeptInput[]): void {
  event.preventDefault();
  keepTransfer(event.dataTransfer, keys);
}

/**
 * Keeps what an input event on an editing host would type, whatever made it: a key, a paste, a drop,
 * dictation, a phone's keyboard (which reports no key), an input method's word (kept at its
 * `compositionend`, {@link keepComposedText}). Text, Enter, Backspace and what is pasted or dropped are
 * kept in `keys`; the edit itself is stopped, and so is every other one (formatting, undo, deleting a
 * word). Answers whether it was stopped.
 */
export function keepInput(event: InputEvent, keys: KeptInput[]): boolean {
  // An input method's text as it is composed cannot be stopped; the word is kept when composed (Safari
  // tells it once more, as insertFromComposition).
  if (event.inputType === 'insertCompositionText' || event.inputType === 'insertFromComposition')
    return false;
  event.preventDefault();
  if (event.inputType === 'insertParagraph' || event.inputType === 'insertLineBreak') keys.push('Enter');
  else if (event.inputType === 'deleteContentBackward') keys.push('Backspace');
  else if (event.inputType === 'insertFromPaste' || event.inputType === 'insertFromDrop')
    keepTransfer(event.dataTransfer, keys);
  else if (event.inputType.startsWith('insert'))
    keys.push(...keysOfText(event.data ?? event.dataTransfer?.getData('text/plain') ?? ''));
  return true;
}

/** Keeps the word an input method composed (its text, shown as composed, is not an edit that can be stopped). */
export function keepComposedText(event: CompositionEvent, keys: KeptInput[]): void {
  keys.push(...keysOfText(event.data));
}

/**
 * A key as the editor's own key handling takes it (its keymaps: Enter in the title starts the body).
 * Not Tiptap's `keyboardShortcut` command, which keeps the steps of what the key did but not where it
 * put the caret.
 */
function press(editor: TiptapEditor, key: string): boolean {
  const event = new KeyboardEvent('keydown', { key });
  return editor.view.someProp('handleKeyDown', (handle) => handle(editor.view, event)) ?? false;
}

/**
 * Backspace as the browser does it in the editor: the character before the caret, or (at the start of a
 * block, or over a selection) the editor's own Backspace, which joins blocks.
 */
function backspace(editor: TiptapEditor): void {
  const { selection } = editor.state;
  const { $from } = selection;
  if (!selection.empty || $from.parentOffset === 0) {
    press(editor, 'Backspace');
    return;
  }
  const before = $from.parent.textBetween(Math.max(0, $from.parentOffset - 2), $from.parentOffset);
  const last = Array.from(before).pop() ?? '';
  editor.view.dispatch(editor.state.tr.delete(selection.from - last.length, selection.from));
}

/** Image files pasted through the editor's own paste handling, at the caret. */
function pasteFiles(editor: TiptapEditor, files: File[]): void {
  const data = new DataTransfer();
  for (const file of files) data.items.add(file);
  const event = new ClipboardEvent('paste', { clipboardData: data });
  // An empty slice: what the clipboard holds is the files alone.
  const nothing = editor.state.doc.slice(0, 0);
  editor.view.someProp('handlePaste', (handle) => handle(editor.view, event, nothing));
}

/**
 * Kept keys as editor steps at the caret: runs of text are inserted at once, Enter and Backspace act as in
 * the editor, and a paste is pasted through the editor's own paste handling.
 */
export function replayKeys(editor: TiptapEditor, keys: readonly KeptInput[]): void {
  let text = '';
  const flush = () => {
    if (text) editor.view.dispatch(editor.state.tr.insertText(text));
    text = '';
  };
  for (const key of keys) {
    if (typeof key !== 'string') {
      flush();
      if ('files' in key) pasteFiles(editor, key.files);
      else editor.view.pasteHTML(key.html);
    } else if (key === 'Enter' || key === 'Backspace') {
      flush();
      if (key === 'Enter') press(editor, 'Enter');
      else backspace(editor);
    } else {
      text += key;
    }
  }
  flush();
}

/**
 * A New the writer pressed: the keys typed for the writing it makes (`id` once it is made), and the
 * listening that holds them, ended by the next New, a click, or Escape.
 */
interface Held {
  keys: KeptInput[];
  id?: string;
  listening: AbortController;
}
/**
 * The editor's pane, where a new writing shows: spread on its root. A click into the writing it shows
 * while a new one is on its way (not on one of its controls) is a click into the new writing, whose keys
 * go on being held: the pane is the new writing's from New on, and what was open before is leaving it.
 */
export const editorPane = { 'data-editor-pane': '' } as const;

const intoEditorPane = (target: EventTarget | null): boolean =>
  target instanceof Element &&
  target.closest('[data-editor-pane]') !== null &&
  target.closest('button, a, input, select, textarea, [role="menu"]') === null;

/** A text field outside the editor's pane: search's, the chat's or the ideas' composer. */
const textFieldElsewhere = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLInputElement) &&
  !intoEditorPane(target);

/** Whether the writer is typing in another field (search, a composer): a writing shown leaves them there. */
export const typingElsewhere = (): boolean => textFieldElsewhere(document.activeElement);

/** The New presses whose writing has not shown yet, oldest first: the last one holds what is typed. */
let holds: Held[] = [];

function forget(hold: Held): void {
  hold.listening.abort();
  holds = holds.filter((other) => other !== hold);
  keysHeldChanged();
}

/** Other keys kept for an editor not there yet (the static copy's): each says whether it holds any now. */
const otherHolders = new Set<() => boolean>();

const holdsKeys = () =>
  holds.some((hold) => hold.keys.length > 0) || [...otherHolders].some((holding) => holding());

const askIfKeysHeld = (event: BeforeUnloadEvent) => {
  if (holdsKeys()) event.preventDefault();
};
let askingBeforeLeaving = false;

/**
 * Leaving the page (closing the tab, reloading) while keys are held for an editor that is not there yet
 * asks the writer first, with the browser's own question: the keys live only in the page until the editor
 * has them and saves them, and the save bar cannot count them meanwhile. Staying loses nothing. The page
 * listens for leaving only while something may hold keys (a New whose writing has not shown, keys on the
 * static copy): a page that listens is kept out of some browsers' back-forward cache. Called after each
 * change of what is held.
 */
export function keysHeldChanged(): void {
  const ask = holds.length > 0 || holdsKeys();
  if (ask === askingBeforeLeaving) return;
  askingBeforeLeaving = ask;
  if (ask) window.addEventListener('beforeunload', askIfKeysHeld);
  else window.removeEventListener('beforeunload', askIfKeysHeld);
}

/**
 * While `holding()` says keys are kept for an editor not there yet, leaving the page asks first (as for the
 * keys held after New; {@link keysHeldChanged} when what it holds changes). Returns the function that
 * stops asking it.
 */
export function askBeforeLeavingWhile(holding: () => boolean): () => void {
  otherHolders.add(holding);
  keysHeldChanged();
  return () => {
    otherHolders.delete(holding);
    keysHeldChanged();
  };
}

/**
 * The keys held for new writing `id` go with it (it was deleted before it showed), or all of them (the
 * writer signed out): no editor will take them, and leaving the page no longer asks for them.
 */
export function dropKeysForNewWriting(id?: string): void {
  for (const hold of holds)
    if (id === undefined || (hold.id !== undefined && serverIdOf(hold.id) === serverIdOf(id))) forget(hold);
}

/**
 * New was asked for (`made`: the writing, or null when it could not be made): until the new writing's
 * editor takes the focus ({@link takeKeysForNewWriting}), the keys the writer goes on typing, text given
 * with no key (dictation, a phone's keyboard), and what is pasted or dropped (text, images) are held for
 * it. They would otherwise reach the New button (a space or Enter presses it again) or the writing open
 * before (a paste went into it).
 * A click anywhere but into the editor's pane ({@link editorPane}), a text field taking the focus outside
 * it (search's, by its shortcut), Escape, or New again ends the holding: what was held still goes into
 * this writing when it shows, what comes next goes where the writer turned (or into the next new
 * writing). A New pressed again while its writing is being made, nothing typed between (a double click),
 * is the same writing (`made` is the same), whose keys follow on; pressed after typing, it is another
 * ({@link typedSinceNew}).
 */
export function holdKeysForNewWriting(made: Promise<{ id: string } | null>): void {
  for (const earlier of holds) earlier.listening.abort();
  const hold: Held = { keys: [], listening: new AbortController() };
  const { keys } = hold;
  const stop = () => hold.listening.abort();
  const options = { capture: true, signal: hold.listening.signal };
  document.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Escape') stop();
      else if (keepKey(event, keys)) event.stopPropagation();
    },
    options,
  );
  // A space presses a focused button when it is released.
  document.addEventListener(
    'keyup',
    (event) => {
      if (event.key === ' ' || event.key === 'Enter') event.preventDefault();
    },
    options,
  );
  document.addEventListener(
    'paste',
    (event) => {
      event.preventDefault();
      event.stopPropagation();
      keepTransfer(event.clipboardData, keys);
    },
    options,
  );
  // Dropped from outside the page (a drag from within it starts with a click, which ends the holding).
  document.addEventListener(
    'drop',
    (event) => {
      event.stopPropagation();
      keepDrop(event, keys);
    },
    options,
  );
  // Text with no key, into the writing open before (an input method's word is left to it: it cannot be
  // stopped while composed).
  document.addEventListener(
    'beforeinput',
    (event) => {
      if (keepInput(event, keys)) event.stopPropagation();
    },
    options,
  );
  document.addEventListener(
    'pointerdown',
    (event) => {
      if (!intoEditorPane(event.target)) stop();
    },
    options,
  );
  // A field the writer turned to by a shortcut (search's, with Cmd/Ctrl+/) takes what they type next.
  document.addEventListener(
    'focusin',
    (event) => {
      if (textFieldElsewhere(event.target)) stop();
    },
    options,
  );
  holds.push(hold);
  keysHeldChanged();
  const refused = () => {
    forget(hold);
    if (hold.keys.length > 0) for (const take of refusedKeyTakers) take(hold.keys);
  };
  made.then((writing) => {
    if (writing) hold.id = writing.id;
    else refused();
  }, refused);
}

/** Who takes the keys held for a New that could not be made ({@link whenNewRefused}). */
const refusedKeyTakers = new Set<(keys: KeptInput[]) => void>();

/**
 * A New that could not be made (the plan's limit, a read-only folder, a failure) hands the keys held for
 * it to `take`: the open writing's editor, which types them where the writer's caret is when it has the
 * focus (they clicked into it meanwhile), as they would have been typed without New. Returns the function
 * that stops taking them.
 */
export function whenNewRefused(take: (keys: KeptInput[]) => void): () => void {
  refusedKeyTakers.add(take);
  return () => refusedKeyTakers.delete(take);
}

/**
 * Whether the writer typed (or pasted, or dropped) anything since the last New whose writing has not
 * shown yet: a New pressed now is then for another writing, not the same one pressed twice.
 */
export function typedSinceNew(): boolean {
  return (holds.at(-1)?.keys.length ?? 0) > 0;
}

/**
 * Writing `id` shows in the editor, which has the focus: the keys held for it when it is a new writing
 * (none otherwise), in the order they were typed, holding no more for it. A writing made offline may show
 * by its server id already (synced since it was made, as `local_<uuid>`): it is the same writing.
 */
export function takeKeysForNewWriting(id: string): KeptInput[] {
  const taken = holds.filter((hold) => hold.id !== undefined && serverIdOf(hold.id) === serverIdOf(id));
  for (const hold of taken) forget(hold);
  return taken.flatMap((hold) => hold.keys);
}
