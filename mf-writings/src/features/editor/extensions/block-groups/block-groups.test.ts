import { Editor, type JSONContent } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import { afterEach, describe, expect, it } from 'vitest';
import { countDocumentWords, countWords } from '../../document/index.ts';
import { editorExtensions } from '../editor-extensions.ts';
import { BLOCK_GROUP, BLOCK_GROUP_SIZE, toEditorContent, toStoredContent } from './block-groups.ts';

let editor: Editor | undefined;
afterEach(() => {
  editor?.destroy();
  editor = undefined;
});

const heading = (value: string) => ({
  type: 'heading',
  attrs: { level: 1 },
  content: value ? [{ type: 'text', text: value }] : [],
});
const paragraph = (value: string) => ({
  type: 'paragraph',
  content: value ? [{ type: 'text', text: value }] : [],
});
const writing = (title: string, count: number): JSONContent => ({
  type: 'doc',
  content: [heading(title), ...Array.from({ length: count }, (_, index) => paragraph(`p${index}`))],
});

function editorWith(content: JSONContent): Editor {
  editor = new Editor({
    element: document.createElement('div'),
    extensions: editorExtensions({ onImageFiles: () => {} }),
    content: toEditorContent(content),
  });
  return editor;
}

/**
 * A key pressed in the editor, as the browser delivers it. (Tiptap's keyboardShortcut command replays
 * the steps of the resulting transaction through its own mapping, which moves every step after the first.)
 */
function press(current: Editor, key: string): void {
  current.view.someProp('handleKeyDown', (handle) =>
    handle(current.view, new KeyboardEvent('keydown', { key })),
  );
}

/** The stored blocks' texts, the title first. */
const texts = (current: Editor) =>
  toStoredContent(current.state.doc).content?.map((block) => block.content?.[0]?.text ?? '');

/** Puts the cursor at the start (or end) of the paragraph whose text is `text`. */
function cursorIn(current: Editor, text: string, side: 'start' | 'end'): void {
  let found: number | null = null;
  current.state.doc.descendants((node, position) => {
    if (found === null && node.isTextblock && node.textContent === text) {
      found = side === 'start' ? position + 1 : position + 1 + node.content.size;
    }
    return found === null;
  });
  if (found === null) throw new Error(`no block ${text}`);
  current.view.dispatch(current.state.tr.setSelection(TextSelection.create(current.state.doc, found)));
}

describe('blocks held in groups while editing', () => {
  it('groups a long writing and stores it exactly as it came', () => {
    const stored = writing('Novel', BLOCK_GROUP_SIZE * 2 + 50);
    const current = editorWith(stored);

    const groups: number[] = [];
    current.state.doc.forEach((node) => {
      if (node.type.name === BLOCK_GROUP) groups.push(node.childCount);
    });
    expect(groups).toEqual([BLOCK_GROUP_SIZE, BLOCK_GROUP_SIZE, 50]);
    expect(toStoredContent(current.state.doc)).toEqual(stored);
    expect(current.view.dom.querySelectorAll(':scope > .block-group')).toHaveLength(3);
  });

  it('joins two paragraphs across a group edge with Backspace, as anywhere else', () => {
    const current = editorWith(writing('T', BLOCK_GROUP_SIZE + 1));
    const first = `p${BLOCK_GROUP_SIZE}`;
    cursorIn(current, first, 'start');

    press(current, 'Backspace');

    expect(texts(current)?.slice(-2)).toEqual([
      `p${BLOCK_GROUP_SIZE - 2}`,
      `p${BLOCK_GROUP_SIZE - 1}${first}`,
    ]);
    expect(current.state.selection.$from.parentOffset).toBe(`p${BLOCK_GROUP_SIZE - 1}`.length);
    current.commands.insertContent('|');
    expect(texts(current)?.at(-1)).toBe(`p${BLOCK_GROUP_SIZE - 1}|${first}`);
  });

  it('joins two paragraphs across a group edge with Delete', () => {
    const current = editorWith(writing('T', BLOCK_GROUP_SIZE + 2));
    cursorIn(current, `p${BLOCK_GROUP_SIZE - 1}`, 'end');

    press(current, 'Delete');

    expect(texts(current)?.slice(-2)).toEqual([
      `p${BLOCK_GROUP_SIZE - 1}p${BLOCK_GROUP_SIZE}`,
      `p${BLOCK_GROUP_SIZE + 1}`,
    ]);
  });

  it('joins the first paragraph into the title with Backspace, and the title takes it with Delete', () => {
    const current = editorWith(writing('Title', 3));
    cursorIn(current, 'p0', 'start');
    press(current, 'Backspace');
    expect(texts(current)).toEqual(['Titlep0', 'p1', 'p2']);
    expect(current.state.selection.$from.parentOffset).toBe('Title'.length);

    cursorIn(current, 'Titlep0', 'end');
    press(current, 'Delete');
    expect(texts(current)).toEqual(['Titlep0p1', 'p2']);
  });

  it('starts the body with Enter in the title, taking along what follows the cursor', () => {
    const current = editorWith(writing('Title', 2));
    cursorIn(current, 'Title', 'end');
    press(current, 'Enter');
    current.commands.insertContent('First');
    expect(texts(current)).toEqual(['Title', 'First', 'p0', 'p1']);
    expect(toStoredContent(current.state.doc).content?.[1]?.type).toBe('paragraph');

    current.view.dispatch(current.state.tr.setSelection(TextSelection.create(current.state.doc, 3)));
    press(current, 'Enter');
    expect(texts(current)).toEqual(['Ti', 'tle', 'First', 'p0', 'p1']);
    expect(current.state.selection.$from.parent.textContent).toBe('tle');
  });

  it('moves into a new writing’s empty first paragraph with Enter at the title’s end, adding none', () => {
    const current = editorWith({ type: 'doc', content: [heading('Harbour'), paragraph('')] });
    cursorIn(current, 'Harbour', 'end');
    press(current, 'Enter');
    current.commands.insertContent('The boats came in.');
    expect(texts(current)).toEqual(['Harbour', 'The boats came in.']);
  });

  it('keeps a select-all overtyped as a title, the cursor after what was typed', () => {
    const current = editorWith(writing('Old title', 3));
    current.commands.selectAll();
    // As the view delivers a typed character: the plugins first, else the default insertion.
    for (const character of 'Harbour') {
      const { from, to } = current.state.selection;
      const typed = () => current.state.tr.insertText(character, from, to);
      const handled = current.view.someProp('handleTextInput', (handle) =>
        handle(current.view, from, to, character, typed),
      );
      if (!handled) current.view.dispatch(typed());
    }
    expect(texts(current)).toEqual(['Harbour', '']);
    expect(current.state.selection.$from.parent.textContent).toBe('Harbour');
  });

  it('adds a paragraph with Enter in an empty one, in the middle of a group too', () => {
    const current = editorWith({
      type: 'doc',
      content: [heading('T'), paragraph('a'), paragraph(''), paragraph('b')],
    });
    cursorIn(current, '', 'start');
    press(current, 'Enter');
    current.commands.insertContent('new');
    expect(texts(current)).toEqual(['T', 'a', '', 'new', 'b']);
  });

  it('keeps one block after the title', () => {
    const current = editorWith(writing('Title', 1));
    cursorIn(current, 'p0', 'start');
    press(current, 'Backspace');
    expect(toStoredContent(current.state.doc).content?.map((block) => block.type)).toEqual([
      'heading',
      'paragraph',
    ]);
  });

  it('replaces a selection spanning groups with what is typed, leaving one paragraph', () => {
    const current = editorWith(writing('T', BLOCK_GROUP_SIZE + 10));
    const start = TextSelection.atStart(current.state.doc).from + 'T'.length + 2 + 1; // inside p0
    cursorIn(current, `p${BLOCK_GROUP_SIZE + 5}`, 'end');
    const end = current.state.selection.from;
    current.view.dispatch(
      current.state.tr.setSelection(TextSelection.create(current.state.doc, start + 1, end)),
    );

    current.commands.insertContent('X');

    expect(texts(current)).toEqual([
      'T',
      'pX',
      ...Array.from({ length: 4 }, (_, index) => `p${BLOCK_GROUP_SIZE + 6 + index}`),
    ]);
  });

  it('splits a group grown past twice its size, as when a long text is pasted, losing nothing', () => {
    const current = editorWith(writing('T', 1));
    cursorIn(current, 'p0', 'end');
    const pasted = Array.from({ length: BLOCK_GROUP_SIZE * 3 }, (_, index) => `<p>pasted ${index}</p>`).join(
      '',
    );
    current.view.pasteHTML(pasted);

    const groups: number[] = [];
    current.state.doc.forEach((node) => {
      if (node.type.name === BLOCK_GROUP) groups.push(node.childCount);
    });
    expect(Math.max(...groups)).toBeLessThanOrEqual(2 * BLOCK_GROUP_SIZE);
    const stored = texts(current) ?? [];
    expect(stored).toHaveLength(BLOCK_GROUP_SIZE * 3 + 1);
    expect(stored.slice(0, 2)).toEqual(['T', 'p0pasted 0']);
    expect(stored.at(-1)).toBe(`pasted ${BLOCK_GROUP_SIZE * 3 - 1}`);

    current.commands.undo();
    expect(texts(current)).toEqual(['T', 'p0']);
  });

  it('counts the words of a grouped document, and again after an edit', () => {
    const current = editorWith(writing('Two words', BLOCK_GROUP_SIZE + 5));
    const textCount = () =>
      countWords(current.state.doc.textBetween(0, current.state.doc.content.size, '\n', ' '));
    expect(countDocumentWords(current.state.doc)).toBe(2 + BLOCK_GROUP_SIZE + 5);
    expect(countDocumentWords(current.state.doc)).toBe(textCount());

    cursorIn(current, 'p3', 'end');
    current.commands.insertContent(' and three more');
    expect(countDocumentWords(current.state.doc)).toBe(2 + BLOCK_GROUP_SIZE + 5 + 3);
  });

  it('counts a long document a slice at a time, going on where the last slice stopped', () => {
    const current = editorWith(writing('Two words', BLOCK_GROUP_SIZE * 3));
    // Each slice has time for 50 blocks not counted yet.
    let slices = 0;
    let countedInSlice = 0;
    const slice = () => {
      slices += 1;
      countedInSlice = 0;
      return countDocumentWords(current.state.doc, () => {
        countedInSlice += 1;
        return countedInSlice <= 50;
      });
    };
    let words = slice();
    while (words === null && slices < 100) words = slice();
    expect(words).toBe(2 + BLOCK_GROUP_SIZE * 3);
    // 301 blocks, 50 a slice: what one slice counted is not counted again by the next.
    expect(slices).toBe(7);
    // Counted: a whole count needs no time.
    expect(countDocumentWords(current.state.doc, () => false)).toBe(2 + BLOCK_GROUP_SIZE * 3);
  });

  it('empties a long writing with select-all and Backspace, leaving a title and a paragraph to type in', () => {
    const current = editorWith(writing('Gone', BLOCK_GROUP_SIZE * 2 + 3));
    current.commands.selectAll();
    press(current, 'Backspace');
    current.commands.insertContent('Fresh');

    const stored = toStoredContent(current.state.doc).content ?? [];
    expect(stored.map((block) => block.type)).toEqual(['heading', 'paragraph']);
    expect(texts(current)?.join('')).toBe('Fresh');
  });

  it('keeps a paragraph to type in after an image that ends the writing', () => {
    const current = editorWith(writing('T', BLOCK_GROUP_SIZE));
    cursorIn(current, `p${BLOCK_GROUP_SIZE - 1}`, 'end');
    current.commands.insertContent({ type: 'image', attrs: { src: 'https://example.com/a.png' } });

    const blocks = toStoredContent(current.state.doc).content ?? [];
    expect(blocks.at(-2)?.type).toBe('image');
    expect(blocks.at(-1)).toEqual({ type: 'paragraph' });
  });
});
