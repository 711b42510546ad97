import { userEvent } from '@testing-library/user-event';
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { normalizeDocument } from './document/index.ts';
import { editorExtensions, toEditorContent } from './extensions/index.ts';
import {
  askBeforeLeavingWhile,
  dropKeysForNewWriting,
  editorPane,
  holdKeysForNewWriting,
  keysHeldChanged,
  replayKeys,
  takeKeysForNewWriting,
  typedSinceNew,
  whenNewRefused,
} from './typed-keys.ts';

// Keys typed between New and the new writing's editor are held for it, and go nowhere else meanwhile.

function newButton() {
  const button = document.createElement('button');
  button.textContent = 'New';
  const pressed = vi.fn();
  button.addEventListener('click', pressed);
  document.body.append(button);
  button.focus();
  return pressed;
}

/** The writing open before New, with the focus (New by its shortcut, from the editor): what reaches it. */
function writingOpenBefore(...events: string[]) {
  const before = document.createElement('div');
  before.contentEditable = 'true';
  document.body.append(before);
  before.focus();
  const reached = vi.fn();
  for (const event of events) before.addEventListener(event, reached);
  return { before, reached };
}

afterEach(() => {
  // The writings the tests make: what one test held is not left for the next.
  for (const id of ['w1', 'w2', 'w3', 'w4']) takeKeysForNewWriting(id);
  document.body.replaceChildren();
});

/** What a closing tab or a reload asks the page: true when the browser asks the writer to stay. */
function leavingAsks(): boolean {
  const leaving = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(leaving);
  return leaving.defaultPrevented;
}

describe('the keys typed after New', () => {
  it('are held for the new writing, and a space or Enter does not press New again', async () => {
    const pressed = newButton();
    holdKeysForNewWriting(Promise.resolve({ id: 'w1' }));
    await userEvent.keyboard('Ti de{Enter}x{Backspace}');
    expect(pressed).not.toHaveBeenCalled();
    // Another writing showing meanwhile does not take them.
    expect(takeKeysForNewWriting('w0')).toEqual([]);
    expect(takeKeysForNewWriting('w1')).toEqual(['T', 'i', ' ', 'd', 'e', 'Enter', 'x', 'Backspace']);
    // Taken: keys go where the focus is again.
    await userEvent.keyboard(' ');
    expect(pressed).toHaveBeenCalledOnce();
    expect(takeKeysForNewWriting('w1')).toEqual([]);
  });

  it('hold text pasted or given with no key too, which the writing open before no longer gets', async () => {
    const { before, reached } = writingOpenBefore('paste', 'beforeinput');
    holdKeysForNewWriting(Promise.resolve({ id: 'w1' }));

    await userEvent.paste('Neap\ntides');
    // Dictation, or a phone's keyboard: text with no key.
    const dictated = new InputEvent('beforeinput', {
      inputType: 'insertText',
      data: ' at dawn',
      bubbles: true,
      cancelable: true,
    });
    before.dispatchEvent(dictated);

    expect(dictated.defaultPrevented).toBe(true);
    expect(reached).not.toHaveBeenCalled();
    expect(takeKeysForNewWriting('w1')).toEqual([...'Neap', 'Enter', ...'tides at dawn']);
  });

  it("hold a paste's formatting: its HTML, pasted into the new writing as the editor pastes", async () => {
    holdKeysForNewWriting(Promise.resolve({ id: 'w1' }));
    const clipboard = new DataTransfer();
    clipboard.setData('text/plain', 'Neap tides');
    clipboard.setData('text/html', '<p><strong>Neap</strong> tides</p>');
    await userEvent.paste(clipboard);
    await userEvent.keyboard('!');
    expect(takeKeysForNewWriting('w1')).toEqual([{ html: '<p><strong>Neap</strong> tides</p>' }, '!']);
  });

  it('hold an image pasted or dropped, which the writing open before no longer gets', async () => {
    const { before, reached } = writingOpenBefore('paste', 'drop');
    holdKeysForNewWriting(Promise.resolve({ id: 'w1' }));

    // A screenshot on the clipboard, then a photo dragged in from the desktop.
    const screenshot = new File(['png'], 'screenshot.png', { type: 'image/png' });
    const clipboard = new DataTransfer();
    clipboard.items.add(screenshot);
    await userEvent.paste(clipboard);
    const photo = new File(['jpeg'], 'harbour.jpg', { type: 'image/jpeg' });
    const dragged = new DataTransfer();
    dragged.items.add(photo);
    const drop = new DragEvent('drop', { bubbles: true, cancelable: true });
    // happy-dom's DragEvent leaves out the dataTransfer it is given, as a browser's does not.
    Object.defineProperty(drop, 'dataTransfer', { value: dragged });
    before.dispatchEvent(drop);

    expect(drop.defaultPrevented).toBe(true);
    expect(reached).not.toHaveBeenCalled();
    expect(takeKeysForNewWriting('w1')).toEqual([{ files: [screenshot] }, { files: [photo] }]);
  });

  it('leave shortcuts alone', async () => {
    holdKeysForNewWriting(Promise.resolve({ id: 'w1' }));
    const seen = vi.fn();
    document.addEventListener('keydown', (event) => seen(event.key, event.defaultPrevented));
    await userEvent.keyboard('{Control>}s{/Control}');
    expect(seen).toHaveBeenCalledWith('s', false);
    expect(takeKeysForNewWriting('w1')).toEqual([]);
  });

  it('are no longer held once the writer clicks elsewhere or presses Escape, and those held before still go into the new writing', async () => {
    holdKeysForNewWriting(Promise.resolve({ id: 'w1' }));
    await userEvent.keyboard('a');
    await userEvent.pointer({ keys: '[MouseLeft]', target: document.body });
    await userEvent.keyboard('b');
    expect(takeKeysForNewWriting('w1')).toEqual(['a']);

    holdKeysForNewWriting(Promise.resolve({ id: 'w2' }));
    await userEvent.keyboard('c{Escape}d');
    expect(takeKeysForNewWriting('w2')).toEqual(['c']);
  });

  it('go on being held when the writer clicks into the editor pane, still showing the writing open before', async () => {
    const pane = document.createElement('section');
    for (const [name, value] of Object.entries(editorPane)) pane.setAttribute(name, value);
    const { before, reached } = writingOpenBefore('beforeinput', 'keydown');
    const save = document.createElement('button');
    pane.append(before, save);
    document.body.append(pane);
    holdKeysForNewWriting(Promise.resolve({ id: 'w1' }));
    await userEvent.click(before);
    await userEvent.keyboard('Chapter 1');
    expect(reached).not.toHaveBeenCalled();
    expect(before.textContent).toBe('');
    // One of the pane's controls is not the writing: the holding ends there.
    await userEvent.click(save);
    await userEvent.keyboard('!');
    expect(takeKeysForNewWriting('w1')).toEqual([...'Chapter 1']);
  });

  it('are no longer held once a text field outside the editor pane takes the focus (search, by its shortcut)', async () => {
    holdKeysForNewWriting(Promise.resolve({ id: 'w1' }));
    await userEvent.keyboard('a');
    const search = document.createElement('input');
    document.body.append(search);
    search.focus();
    await userEvent.keyboard('petrel');
    expect(search.value).toBe('petrel');
    expect(takeKeysForNewWriting('w1')).toEqual(['a']);
  });

  it('typed before a New is refused go to the open writing that takes them, in order, and are held no more', async () => {
    const taken: unknown[] = [];
    const stopTaking = whenNewRefused((keys) => taken.push(...keys));
    let refuse: (writing: null) => void = () => {};
    holdKeysForNewWriting(new Promise((resolve) => (refuse = resolve)));
    await userEvent.keyboard('Ch 4');
    refuse(null);
    await Promise.resolve();
    expect(taken).toEqual([...'Ch 4']);
    expect(leavingAsks()).toBe(false);
    // Nothing typed, nothing handed over.
    holdKeysForNewWriting(Promise.resolve(null));
    await Promise.resolve();
    expect(taken).toEqual([...'Ch 4']);
    stopTaking();
  });

  it('go nowhere when the writing cannot be made', async () => {
    holdKeysForNewWriting(Promise.resolve(null));
    await Promise.resolve();
    await userEvent.keyboard('d');
    expect(takeKeysForNewWriting('w3')).toEqual([]);
  });

  it('typed after New pressed again go into the second new writing, those typed before into the first, whichever shows first', async () => {
    const pressed = newButton();
    holdKeysForNewWriting(Promise.resolve({ id: 'w1' }));
    await userEvent.keyboard('Kept');
    // The first writing is made but has not shown yet (its editor is still loading).
    holdKeysForNewWriting(Promise.resolve({ id: 'w2' }));
    await userEvent.paste('Spring tides');
    await userEvent.keyboard(' ');

    expect(pressed).not.toHaveBeenCalled();
    // The second shows first.
    expect(takeKeysForNewWriting('w2')).toEqual([...'Spring tides ']);
    expect(takeKeysForNewWriting('w1')).toEqual([...'Kept']);
  });

  it('typed after New pressed twice (a double click, nothing typed between) go into the one writing', async () => {
    const made = Promise.resolve({ id: 'w1' });
    holdKeysForNewWriting(made);
    expect(typedSinceNew()).toBe(false);
    holdKeysForNewWriting(made);
    await userEvent.keyboard('Neap');
    await userEvent.pointer({ keys: '[MouseLeft]', target: document.body });
    await userEvent.keyboard(' tides');
    expect(takeKeysForNewWriting('w1')).toEqual([...'Neap']);
  });

  it('typed since the last New make the next New another writing, until that writing has taken them', async () => {
    expect(typedSinceNew()).toBe(false);
    holdKeysForNewWriting(Promise.resolve({ id: 'w1' }));
    await userEvent.paste('Neap');
    expect(typedSinceNew()).toBe(true);
    // The writer turned elsewhere: what was held is still theirs, the next New still another writing.
    await userEvent.pointer({ keys: '[MouseLeft]', target: document.body });
    expect(typedSinceNew()).toBe(true);
    await Promise.resolve();
    takeKeysForNewWriting('w1');
    expect(typedSinceNew()).toBe(false);
  });

  it('are not taken by a writing shown before its own writing is made', async () => {
    let made: (writing: { id: string }) => void = () => {};
    holdKeysForNewWriting(new Promise((resolve) => (made = resolve)));
    await userEvent.keyboard('Tide');
    // The writing open before shows again meanwhile: it gets none, and the keys go on being held.
    expect(takeKeysForNewWriting('w0')).toEqual([]);
    await userEvent.keyboard('s');
    made({ id: 'w1' });
    await Promise.resolve();
    expect(takeKeysForNewWriting('w1')).toEqual([...'Tides']);
  });
  it('make leaving the page ask first, until the new writing has taken them', async () => {
    holdKeysForNewWriting(Promise.resolve({ id: 'w1' }));
    expect(leavingAsks()).toBe(false);
    await userEvent.keyboard('Ebb');
    expect(leavingAsks()).toBe(true);
    takeKeysForNewWriting('w1');
    expect(leavingAsks()).toBe(false);
  });
  it('go with their writing when it is deleted before it shows: leaving the page no longer asks', async () => {
    holdKeysForNewWriting(Promise.resolve({ id: 'local_w1' }));
    await userEvent.keyboard('Neap');
    holdKeysForNewWriting(Promise.resolve({ id: 'w2' }));
    await userEvent.keyboard('Ebb');
    await Promise.resolve();
    dropKeysForNewWriting('w2');
    expect(takeKeysForNewWriting('w2')).toEqual([]);
    // Made offline and synced since: the same writing, whose keys still ask.
    expect(leavingAsks()).toBe(true);
    dropKeysForNewWriting('w1');
    expect(takeKeysForNewWriting('w1')).toEqual([]);
    expect(leavingAsks()).toBe(false);
  });

  it('are listened for on leaving only while some may be held (a listening page is kept out of some back-forward caches)', async () => {
    const listening = () => {
      const added = vi.spyOn(window, 'addEventListener');
      const removed = vi.spyOn(window, 'removeEventListener');
      return () => {
        const count = (spy: typeof added) =>
          spy.mock.calls.filter(([type]) => type === 'beforeunload').length;
        const changes = count(added) - count(removed);
        added.mockRestore();
        removed.mockRestore();
        return changes;
      };
    };
    let changes = listening();
    holdKeysForNewWriting(Promise.resolve({ id: 'w1' }));
    expect(changes()).toBe(1);
    await Promise.resolve();
    changes = listening();
    takeKeysForNewWriting('w1');
    expect(changes()).toBe(-1);
    // Keys held elsewhere (the static copy's): listened for while it holds some.
    let held = false;
    changes = listening();
    const stop = askBeforeLeavingWhile(() => held);
    expect(changes()).toBe(0);
    changes = listening();
    held = true;
    keysHeldChanged();
    expect(changes()).toBe(1);
    changes = listening();
    stop();
    expect(changes()).toBe(-1);
  });

  it('are taken by a writing made offline that shows by its server id, synced meanwhile', async () => {
    holdKeysForNewWriting(Promise.resolve({ id: 'local_w4' }));
    await userEvent.keyboard('Ebb');
    expect(takeKeysForNewWriting('w4')).toEqual([...'Ebb']);
  });
});

describe('kept keys typed into the editor', () => {
  /** The editor on a new writing's empty title, focused. */
  function newWritingEditor(
    onImageFiles: (files: File[], position: number | null) => void = () => {},
  ): Editor {
    const element = document.createElement('div');
    document.body.append(element);
    const editor = new Editor({
      element,
      extensions: editorExtensions({ onImageFiles }),
      content: toEditorContent(normalizeDocument(null)),
    });
    editor.commands.focus('start');
    return editor;
  }

  it('type as the keys would have: Enter in the title starts the body, Backspace takes a character back', () => {
    const editor = newWritingEditor();

    replayKeys(editor, [...'Tide', 'Enter', ...'Low tidd', 'Backspace', 'e', 'Enter', 'x']);

    const lines: string[] = [];
    editor.state.doc.descendants((node) => {
      if (node.isTextblock) lines.push(node.textContent);
    });
    expect(lines).toEqual(['Tide', 'Low tide', 'x']);
    expect(editor.state.doc.child(0).type.name).toBe('heading');
    editor.destroy();
  });

  it('paste a kept paste as the editor pastes: its formatting kept, at the caret', () => {
    const editor = newWritingEditor();

    replayKeys(editor, [...'Tide', 'Enter', { html: '<p>Low <strong>tide</strong> at six</p>' }, '.']);

    const lines: string[] = [];
    const bold: string[] = [];
    editor.state.doc.descendants((node) => {
      if (node.isTextblock) lines.push(node.textContent);
      if (node.isText && node.marks.some((mark) => mark.type.name === 'bold')) bold.push(node.text ?? '');
    });
    expect(lines).toEqual(['Tide', 'Low tide at six.']);
    expect(bold).toEqual(['tide']);
    editor.destroy();
  });

  it('paste kept image files as the editor pastes an image: to its image handling, at the caret', () => {
    const onImageFiles = vi.fn();
    const editor = newWritingEditor(onImageFiles);
    const photo = new File(['jpeg'], 'harbour.jpg', { type: 'image/jpeg' });

    replayKeys(editor, [...'Tide', { files: [photo] }]);

    expect(onImageFiles).toHaveBeenCalledExactlyOnceWith([photo], null);
    expect(editor.state.doc.child(0).textContent).toBe('Tide');
    editor.destroy();
  });
});
