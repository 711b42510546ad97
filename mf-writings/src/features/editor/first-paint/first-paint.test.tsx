import { render, screen } from '@testing-library/react';
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import type { Writing } from '../../writings-store/index.ts';
import { editorExtensions } from '../extensions/index.ts';
import { createFirstPaint, type FirstPaint } from './first-paint.ts';
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
afterEach(() => {
  editor?.destroy();
  editor = undefined;
  document.body.replaceChildren();
});

describe('the hand-over to the editor', () => {
  it('gives the editor the focus at once, with the caret where the writer clicked and their keys typed', () => {
    const element = document.createElement('div');
    document.body.append(element);
    editor = new Editor({
      element,
      extensions: editorExtensions({ onImageFiles: () => {} }),
      content: tides,
    });
    const firstPaint = createFirstPaint();
    Object.assign(firstPaint.input, { focused: true, caret: { block: 1, offset: 3 }, keys: ['x', ' '] });

    firstPaint.replay(editor, true);

    // Now, not at the next frame: a key pressed in between lands in the editor.
    expect(document.activeElement).toBe(editor.view.dom);
    expect(editor.state.doc.child(1).textContent).toBe('Lowx  water at noon.');
    expect(firstPaint.handedOver).toBe(true);
  });
});

describe('the static copy shown again as the editor’s code arrives', () => {
  it('shows the copy that has arrived and keeps the writer’s focus in its first frame', () => {
    const writing = { id: 'w1', content: tides } as unknown as Writing;
    const firstPaint: FirstPaint = {
      copyOf: () => Promise.resolve(writing),
      arrivedCopy: () => writing,
      takeCopy: () => undefined,
      input: { keys: [], caret: null, focused: true, scrollTop: 0 },
      handedOver: false,
      replay: () => {},
    };

    render(<StaticWriting writingId="w1" firstPaint={firstPaint} />);

    // Before any promise settles: the text is there and has the focus.
    const copy = screen.getByTestId('static-writing');
    expect(copy.textContent).toContain('Low water at noon.');
    expect(document.activeElement).toBe(copy);
  });
});
