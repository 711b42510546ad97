import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { normalizeDocument } from '../../document/index.ts';
import { editorExtensions, toEditorContent } from '../index.ts';
import { caretAfterInserted } from './paste-and-drop.ts';

// What the writer pastes goes in, and the caret goes on after it: the next key or paste never replaces it.

let editor: Editor | undefined;
afterEach(() => {
  editor?.destroy();
  editor = undefined;
  document.body.replaceChildren();
});

/** The editor on a writing with a title and an empty line, the caret in that line. */
function editorInEmptyLine(): Editor {
  const element = document.createElement('div');
  document.body.append(element);
  editor = new Editor({
    element,
    extensions: editorExtensions({ onImageFiles: () => {} }),
    content: toEditorContent(
      normalizeDocument({
        type: 'doc',
        content: [
          { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Listening' }] },
          { type: 'paragraph' },
        ],
      }),
    ),
  });
  editor.commands.focus('end');
  return editor;
}

/** The writing's blocks in order: a line's text, or the type of any other block. */
function blocksOf(editor: Editor): string[] {
  const blocks: string[] = [];
  editor.state.doc.descendants((node) => {
    if (node.isTextblock) blocks.push(node.textContent);
    else if (node.isAtom) blocks.push(node.type.name);
    return !node.isTextblock;
  });
  return blocks;
}

describe('a paste', () => {
  it('of a link to a video becomes its player, and what is typed next goes in the line after it', () => {
    const editor = editorInEmptyLine();
    const clipboard = new DataTransfer();
    clipboard.setData('text/plain', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    editor.view.dom.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: clipboard, bubbles: true, cancelable: true }),
    );

    // What a key does: replaces the selection with its text.
    editor.commands.insertContent('Worth a listen.');

    expect(blocksOf(editor)).toEqual(['Listening', 'embed', 'Worth a listen.']);
  });
});

describe('the caret after what was inserted', () => {
  it('goes into a new line when the inserted image ends the writing', () => {
    const editor = editorInEmptyLine();
    editor
      .chain()
      .insertContent({ type: 'image', attrs: { src: 'https://example.com/harbour.png', alt: 'harbour.png' } })
      .command(({ tr }) => {
        caretAfterInserted(tr);
        return true;
      })
      .run();

    editor.commands.insertContent('The harbour at dawn.');

    expect(blocksOf(editor)).toEqual(['Listening', 'image', 'The harbour at dawn.']);
  });
});
