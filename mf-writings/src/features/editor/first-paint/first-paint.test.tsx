import { render, screen } from '@testing-library/react';
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import type { Writing } from '../../writings-store/index.ts';
import { resetState, setState } from '../../writings-store/store-state.ts';
import { normalizeDocument } from '../document/index.ts';
import { editorExtensions, toEditorContent } from '../extensions/index.ts';
import { createFirstPaint, type EarlyInput, type FirstPaint } from './first-paint.ts';
import { StaticWriting } from './static-writing.tsx';

// The hand-over from the static copy to the editor loses no key: at no moment between the two is the
// focus on neither (a key pressed then reaches no element).

const tides = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Tides' }] },
    { type: 'paragraph', content: [{ type: 'text', text: 'Low water at noon.' }] },
  ],
};

let editor: Editor | undefined;

/** The editor on the writing of {@link tides}. */
function tidesEditor(): Editor {
  const element = document.createElement('div');
  document.body.append(element);
  editor = new Editor({
    element,
    extensions: editorExtensions({ onImageFiles: () => {} }),
    content: toEditorContent(normalizeDocument(tides)),
  });
  return editor;
}
afterEach(() => {
  resetState();
  editor?.destroy();
  editor = undefined;
  document.body.replaceChildren();
});

describe('the hand-over to the editor', () => {
  it('gives the editor the focus at once, with the caret where the writer clicked and their keys typed', () => {
    const editor = tidesEditor();
    const firstPaint = createFirstPaint();
    const caret = { block: 1, offset: 3 };
    Object.assign(firstPaint.inputOf('w1'), {
      focused: true,
      caret,
      anchor: caret,
      typed: [{ caret, anchor: caret, keys: ['x', ' '] }],
    });

    firstPaint.replay(editor, 'w1', true);

    // Now, not at the next frame: a key pressed in between lands in the editor.
    expect(document.activeElement).toBe(editor.view.dom);
    expect(editor.state.doc.child(1).textContent).toBe('Lowx  water at noon.');
    expect(firstPaint.handedOver).toBe(true);
  });

  it('types what was typed at each place where it was typed, and leaves the caret after the last', () => {
    const editor = tidesEditor();
    const firstPaint = createFirstPaint();
    // At the end of the title: '!', then Enter (the body starts) and a line; then a click into the body.
    const inBody = { block: 1, offset: 3 };
    Object.assign(firstPaint.inputOf('w1'), {
      focused: true,
      caret: inBody,
      anchor: inBody,
      typed: [
        { caret: { block: 0, offset: 5 }, anchor: { block: 0, offset: 5 }, keys: ['!', 'Enter', ...'Rain'] },
        { caret: inBody, anchor: inBody, keys: ['x'] },
      ],
    });

    firstPaint.replay(editor, 'w1', true);

    const lines: string[] = [];
    editor.state.doc.descendants((node) => {
      if (node.isTextblock) lines.push(node.textContent);
    });
    // The click's line moved down by the line typed above it, and 'x' went into it all the same.
    expect(lines).toEqual(['Tides!', 'Rain', 'Lowx water at noon.']);
    const { $from } = editor.state.selection;
    expect([$from.parent.textContent, $from.parentOffset]).toEqual(['Lowx water at noon.', 4]);
  });

  it('types over what was selected, as typing over a selection in the editor does', () => {
    const editor = tidesEditor();
    const firstPaint = createFirstPaint();
    // 'Low water' selected from its end back to its start, then typed over.
    const place = { caret: { block: 1, offset: 0 }, anchor: { block: 1, offset: 9 } };
    Object.assign(firstPaint.inputOf('w1'), {
      focused: true,
      ...place,
      typed: [{ ...place, keys: [...'High'] }],
    });

    firstPaint.replay(editor, 'w1', true);

    expect(editor.state.doc.child(1).textContent).toBe('High at noon.');
  });
});

describe('keys typed on the static copy of one writing', () => {
  const typedAtNoon = (firstPaint: FirstPaint, id: string) => {
    const caret = { block: 1, offset: 18 };
    Object.assign(firstPaint.inputOf(id), {
      focused: true,
      caret,
      anchor: caret,
      typed: [{ caret, anchor: caret, keys: [...' Ebb'] }],
    });
  };

  it('go into that writing when it shows, never into another shown first', () => {
    const firstPaint = createFirstPaint();
    typedAtNoon(firstPaint, 'w1');
    // The writer opened w2 before the editor was ready: it shows first, as it was.
    const other = tidesEditor();
    firstPaint.replay(other, 'w2', true);
    expect(other.state.doc.child(1).textContent).toBe('Low water at noon.');
    expect(firstPaint.holdsKeys()).toBe(true);
    other.destroy();

    const own = tidesEditor();
    firstPaint.replay(own, 'w1', true);
    expect(own.state.doc.child(1).textContent).toBe('Low water at noon. Ebb');
    expect(document.activeElement).toBe(own.view.dom);
    expect(firstPaint.holdsKeys()).toBe(false);
  });

  it('go with their writing when it is deleted, or with every writing when another writer signs in', () => {
    const firstPaint = createFirstPaint();
    typedAtNoon(firstPaint, 'w1');
    typedAtNoon(firstPaint, 'local_w2');
    firstPaint.forget('w1');
    expect(firstPaint.holdsKeys()).toBe(true);
    // Made offline and synced since: the same writing.
    firstPaint.forget('w2');
    expect(firstPaint.holdsKeys()).toBe(false);

    typedAtNoon(firstPaint, 'w3');
    firstPaint.forget();
    const editor = tidesEditor();
    firstPaint.replay(editor, 'w3', true);
    expect(editor.state.doc.child(1).textContent).toBe('Low water at noon.');
  });
});

/** A first paint whose copy of the writing has arrived, with what the writer did so far. */
function arrived(early: Partial<EarlyInput> = {}): FirstPaint {
  const writing = { id: 'w1', content: tides } as unknown as Writing;
  const input: EarlyInput = { typed: [], caret: null, anchor: null, focused: false, scrollTop: 0, ...early };
  return {
    copyOf: () => Promise.resolve(writing),
    arrivedCopy: () => writing,
    takeCopy: () => undefined,
    inputOf: () => input,
    takeKeysForOtherWritings: () => [],
    giveBack: () => {},
    holdsKeys: () => false,
    forget: () => {},
    handedOver: false,
    replay: () => {},
  };
}

describe('the static copy shown again as the editor’s code arrives', () => {
  it('shows the copy that has arrived and keeps the writer’s focus in its first frame', () => {
    const firstPaint = arrived({ focused: true });

    render(<StaticWriting writingId="w1" firstPaint={firstPaint} />);

    // Before any promise settles: the text is there and has the focus.
    const copy = screen.getByTestId('static-writing');
    expect(copy.textContent).toContain('Low water at noon.');
    expect(document.activeElement).toBe(copy);
  });
});

/** A place on the copy with nothing selected. */
const at = (block: number, offset: number) => ({ caret: { block, offset }, anchor: { block, offset } });

/** The static copy of {@link tides} on screen, and the writer's hands on it. */
function renderedCopy() {
  const firstPaint = arrived();
  render(<StaticWriting writingId="w1" firstPaint={firstPaint} />);
  const copy = screen.getByTestId('static-writing');
  const type = (data: string) =>
    copy.dispatchEvent(
      new InputEvent('beforeinput', { inputType: 'insertText', data, bubbles: true, cancelable: true }),
    );
  /** A click `offset` characters into the line showing `text`: its text node. */
  const clickInto = (text: string, offset: number): Text => {
    const line = screen.getByText(text).firstChild;
    if (!(line instanceof Text)) throw new Error(`no text ${text}`);
    document.getSelection()?.collapse(line, offset);
    document.dispatchEvent(new Event('selectionchange'));
    return line;
  };
  return { firstPaint, copy, type, clickInto };
}

describe('what the writer types on the static copy', () => {
  it('knows where a click put the caret at once, so the editor taking over before the browser tells puts it there', () => {
    const { firstPaint, copy } = renderedCopy();
    const line = screen.getByText('Low water at noon.').firstChild as Text;
    // The point clicked, as the browser finds it; no selectionchange has come yet.
    Object.defineProperty(document, 'caretPositionFromPoint', {
      configurable: true,
      value: () => ({ offsetNode: line, offset: 3 }),
    });
    try {
      // A right click (the context menu) moves nothing.
      copy.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 2, clientX: 40, clientY: 60 }));
      expect(firstPaint.inputOf('w1').caret).toBeNull();
      copy.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, clientX: 40, clientY: 60 }));
    } finally {
      Reflect.deleteProperty(document, 'caretPositionFromPoint');
    }
    expect(firstPaint.inputOf('w1')).toMatchObject({ focused: true, ...at(1, 3) });

    const editor = tidesEditor();
    const handOver = createFirstPaint();
    Object.assign(handOver.inputOf('w1'), firstPaint.inputOf('w1'));
    handOver.replay(editor, 'w1', true);
    editor.commands.insertContent('x');
    expect(editor.state.doc.child(1).textContent).toBe('Lowx water at noon.');
    expect(editor.state.doc.child(0).textContent).toBe('Tides');
  });

  it('is kept however it comes (keys, a paste, dictation, an input method), and the copy stays as it is', () => {
    const firstPaint = arrived();
    render(<StaticWriting writingId="w1" firstPaint={firstPaint} />);
    const copy = screen.getByTestId('static-writing');
    const input = (init: InputEventInit) => {
      const event = new InputEvent('beforeinput', { bubbles: true, cancelable: true, ...init });
      copy.dispatchEvent(event);
      return event.defaultPrevented;
    };

    // A key, dictation or a phone's keyboard (text with no key, lines and all), Enter, Backspace, an input
    // method's word: all kept, none done to the copy. (A paste: writings-early-input.spec.ts, as happy-dom's
    // InputEvent keeps no dataTransfer.)
    expect(input({ inputType: 'insertText', data: ' ' })).toBe(true);
    expect(input({ inputType: 'insertText', data: 'Slack\r\ntide' })).toBe(true);
    expect(input({ inputType: 'insertParagraph' })).toBe(true);
    expect(input({ inputType: 'deleteContentBackward' })).toBe(true);
    // Formatting or deleting a word does nothing.
    expect(input({ inputType: 'formatBold' })).toBe(true);
    // An input method's word as it is composed (not an edit that can be stopped), kept once when composed
    // (Safari tells it again as insertFromComposition). (happy-dom's CompositionEvent keeps no data.)
    expect(input({ inputType: 'insertCompositionText', data: '潮' })).toBe(false);
    expect(input({ inputType: 'insertFromComposition', data: '潮' })).toBe(false);
    const composed = new CompositionEvent('compositionend', { bubbles: true });
    copy.dispatchEvent(Object.defineProperty(composed, 'data', { value: '潮' }));

    expect(firstPaint.inputOf('w1').typed).toHaveLength(1);
    expect(firstPaint.inputOf('w1').typed[0]?.keys).toEqual([
      ' ',
      'S',
      'l',
      'a',
      'c',
      'k',
      'Enter',
      't',
      'i',
      'd',
      'e',
      'Enter',
      'Backspace',
      '潮',
    ]);
    expect(firstPaint.inputOf('w1').focused).toBe(true);
    expect(copy.textContent).toBe('TidesLow water at noon.');
  });

  it('is kept with the place it was typed at: a click or select-all between two keys starts anew there', () => {
    const { firstPaint, copy, type, clickInto } = renderedCopy();

    clickInto('Tides', 5);
    type('!');
    type('?');
    clickInto('Low water at noon.', 3);
    type('x');
    // Select-all: from before the copy's text to after it.
    document.getSelection()?.selectAllChildren(copy);
    document.dispatchEvent(new Event('selectionchange'));
    type('y');

    expect(firstPaint.inputOf('w1').typed).toEqual([
      { ...at(0, 5), keys: ['!', '?'] },
      { ...at(1, 3), keys: ['x'] },
      { anchor: { block: 0, offset: 0 }, caret: { block: 1, offset: 18 }, keys: ['y'] },
    ]);
  });

  it("keeps an input method's word where its composition started, and the keys after it after it", () => {
    const { firstPaint, copy, type, clickInto } = renderedCopy();
    const line = clickInto('Low water at noon.', 3);

    copy.dispatchEvent(new CompositionEvent('compositionstart', { bubbles: true }));
    // The word shows in the copy as it is composed, the caret after it.
    line.insertData(3, '潮汐');
    document.getSelection()?.collapse(line, 5);
    document.dispatchEvent(new Event('selectionchange'));
    const composed = new CompositionEvent('compositionend', { bubbles: true });
    copy.dispatchEvent(Object.defineProperty(composed, 'data', { value: '潮汐' }));
    type('!');

    expect(firstPaint.inputOf('w1').typed).toEqual([{ ...at(1, 3), keys: ['潮', '汐', '!'] }]);
  });

  it('shown again, puts the caret back where the writer had it, and their selection', () => {
    const { unmount } = render(
      <StaticWriting
        writingId="w1"
        firstPaint={arrived({ focused: true, caret: { block: 1, offset: 3 } })}
      />,
    );

    const selection = document.getSelection();
    expect(selection?.focusNode?.textContent).toBe('Low water at noon.');
    expect(selection?.focusOffset).toBe(3);
    unmount();

    // Select-all kept: from the start of the title to the end of the last line.
    render(
      <StaticWriting
        writingId="w1"
        firstPaint={arrived({
          focused: true,
          anchor: { block: 0, offset: 0 },
          caret: { block: 1, offset: 18 },
        })}
      />,
    );
    expect(document.getSelection()?.toString()).toBe('TidesLow water at noon.');
  });
});

describe('the static copy of a writing the writer may only read', () => {
  it('takes no input, as the editor takes none', () => {
    setState({
      folders: [
        {
          id: 'f1',
          name: 'Shared poems',
          isOwner: false,
          isShared: true,
          permission: 'read',
          sharedUsers: [],
        },
      ],
      selectedFolderId: 'f1',
    });
    render(<StaticWriting writingId="w1" firstPaint={arrived()} />);

    expect(screen.getByTestId('static-writing').isContentEditable).toBe(false);
  });

  it('of the writer’s own writing takes input', () => {
    render(<StaticWriting writingId="w1" firstPaint={arrived()} />);

    expect(screen.getByTestId('static-writing').isContentEditable).toBe(true);
  });
});
