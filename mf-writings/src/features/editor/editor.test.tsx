import { act, fireEvent, render, screen } from '@testing-library/react';
import { Editor as TiptapEditor } from '@tiptap/core';
import {
  createEventBus,
  FIRST_SCREEN_WAIT_MS,
  FOOTER_CLOCK_TICK_MS,
  markFirstScreen,
  messages,
} from 'shared-kernel';
import { createTestAreaProps } from 'shared-kernel/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Editor } from './editor.tsx';
import { EditorContextMenu } from './editor-context-menu.tsx';
import { EditorFooter } from './editor-footer.tsx';
import { editorExtensions } from './extensions/index.ts';
import { formatCountdown } from './use-countdown.ts';

describe('the editor pane', () => {
  it('invites the writer to select or create a writing when none is open', () => {
    render(<Editor {...createTestAreaProps({ user: null })} />);
    expect(screen.getByText(messages.editor.empty)).toBeTruthy();
  });
});

describe('the footer', () => {
  let editor: TiptapEditor;
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date(2026, 10, 22, 9, 41, 30) });
    // The footer formats once the page is idle. The fake timers' own requestIdleCallback takes its options
    // object for a delay (NaN), so the page is idle at the next fake timer here.
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => setTimeout(callback, 0));
    vi.stubGlobal('cancelIdleCallback', (handle: number) => clearTimeout(handle));
    editor = new TiptapEditor({
      element: document.createElement('div'),
      extensions: editorExtensions({ onImageFiles: () => {} }),
      content: {
        type: 'doc',
        content: [
          { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'A title' }] },
          { type: 'paragraph', content: [{ type: 'text', text: "It's three words." }] },
        ],
      },
    });
  });
  afterEach(() => {
    editor.destroy();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** The footer on a page whose first screen is usable, once the page is idle. */
  function renderFooter() {
    const bus = createEventBus();
    markFirstScreen(bus);
    render(<EditorFooter editor={editor} bus={bus} writing="w" revision={0} />);
    act(() => vi.advanceTimersToNextTimer());
  }

  it('formats the time and the count only once the first screen is usable', () => {
    const bus = createEventBus();
    render(<EditorFooter editor={editor} bus={bus} writing="w" revision={0} />);
    const time = () => document.querySelector('time')?.textContent;
    expect(time()).toBe('');
    expect(screen.getByTestId('word-count').textContent).toBe('');
    act(() => markFirstScreen(bus));
    act(() => vi.advanceTimersToNextTimer());
    expect(time()).toMatch(/\d\d:\d\d/);
    expect(screen.getByTestId('word-count').textContent).toBe('5 words');
  });

  it('formats them after a while even when the first screen never comes (a failed editor)', () => {
    render(<EditorFooter editor={editor} bus={createEventBus()} writing="w" revision={0} />);
    act(() => vi.advanceTimersByTime(FIRST_SCREEN_WAIT_MS));
    act(() => vi.advanceTimersToNextTimer());
    expect(screen.getByTestId('word-count').textContent).toBe('5 words');
  });

  it('shows the time, refreshed every minute', () => {
    renderFooter();
    const time = () => screen.getByText(/\d\d:\d\d/, { selector: 'time' }).getAttribute('datetime');
    const first = time();
    act(() => vi.advanceTimersByTime(FOOTER_CLOCK_TICK_MS - 1000));
    expect(time()).toBe(first);
    act(() => vi.advanceTimersByTime(1000));
    expect(new Date(time() ?? '').getTime() - new Date(first ?? '').getTime()).toBe(FOOTER_CLOCK_TICK_MS);
  });

  it('counts the words, again after typing pauses', () => {
    renderFooter();
    expect(screen.getByTestId('word-count').textContent).toBe('5 words');
    act(() => {
      editor.commands.insertContentAt(editor.state.doc.content.size - 1, ' And more');
    });
    expect(screen.getByTestId('word-count').textContent).toBe('5 words');
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByTestId('word-count').textContent).toBe('7 words');
  });

  it('keeps the count shown while a newer copy of the writing is counted, and clears it for another writing', () => {
    const bus = createEventBus();
    markFirstScreen(bus);
    const footer = (writing: string, revision: number) => (
      <EditorFooter editor={editor} bus={bus} writing={writing} revision={revision} />
    );
    const count = () => screen.getByTestId('word-count').textContent;
    const { rerender } = render(footer('w', 0));
    act(() => vi.advanceTimersToNextTimer());
    expect(count()).toBe('5 words');
    // A newer copy from the server replaces the document, with no update event.
    act(() => {
      editor.commands.setContent(
        {
          type: 'doc',
          content: [
            { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'A title' }] },
            { type: 'paragraph', content: [{ type: 'text', text: "It's five words by now." }] },
          ],
        },
        { emitUpdate: false },
      );
      rerender(footer('w', 1));
    });
    expect(count()).toBe('5 words');
    act(() => vi.advanceTimersToNextTimer());
    expect(count()).toBe('7 words');
    act(() => rerender(footer('x', 0)));
    expect(count()).toBe('');
    act(() => vi.advanceTimersToNextTimer());
    expect(count()).toBe('7 words');
  });

  it('counts down from 15:00 on a click, pauses and resumes on clicks, resets on a double-click', () => {
    render(<EditorFooter editor={editor} bus={createEventBus()} writing="w" revision={0} />);
    const timer = screen.getByRole('button', { name: 'Start timer' });
    expect(timer.textContent).toBe('15:00');
    fireEvent.click(timer);
    act(() => vi.advanceTimersByTime(61_000));
    expect(timer.textContent).toBe('13:59');
    fireEvent.click(timer);
    act(() => vi.advanceTimersByTime(30_000));
    expect(timer.textContent).toBe('13:59');
    fireEvent.click(timer);
    act(() => vi.advanceTimersByTime(1_000));
    expect(timer.textContent).toBe('13:58');
    fireEvent.doubleClick(timer);
    expect(timer.textContent).toBe('15:00');
    act(() => vi.advanceTimersByTime(5_000));
    expect(timer.textContent).toBe('15:00');
  });

  it('offers the break screen through the bus when the countdown reaches zero', () => {
    const props = createTestAreaProps();
    render(<EditorFooter editor={editor} bus={props.bus} writing="w" revision={0} />);
    fireEvent.click(screen.getByRole('button', { name: 'Start timer' }));
    act(() => vi.advanceTimersByTime(15 * 60 * 1000 - 1000));
    expect(props.events).not.toContainEqual({ type: 'break.start' });
    act(() => vi.advanceTimersByTime(1000));
    expect(props.events).toContainEqual({ type: 'break.start' });
    expect(screen.getByRole('button', { name: 'Start timer' }).textContent).toBe('15:00');
  });

  it('writes the countdown as minutes and seconds', () => {
    expect(formatCountdown(900)).toBe('15:00');
    expect(formatCountdown(65)).toBe('01:05');
    expect(formatCountdown(0)).toBe('00:00');
  });
});

describe('the context menu', () => {
  let editor: TiptapEditor;
  let mount: HTMLElement;
  const actions = {
    onPickImage: vi.fn(),
    onReplaceImage: vi.fn(),
    onDeleteImage: vi.fn(),
    onExport: vi.fn(),
  };
  beforeEach(() => {
    mount = document.createElement('div');
    editor = new TiptapEditor({
      element: mount,
      extensions: editorExtensions({ onImageFiles: () => {} }),
      content: {
        type: 'doc',
        content: [
          { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'A title' }] },
          { type: 'paragraph', content: [{ type: 'text', text: 'Some words' }] },
          { type: 'image', attrs: { src: 'https://example.com/dot.png', alt: 'dot' } },
        ],
      },
    });
  });
  afterEach(() => {
    editor.destroy();
    vi.clearAllMocks();
  });

  function renderMenu({ readOnly }: { readOnly: boolean }) {
    render(
      <EditorContextMenu editor={editor} readOnly={readOnly} {...actions}>
        <div ref={(node) => void node?.append(mount)} />
      </EditorContextMenu>,
    );
  }

  it('opens the formatting menu on a right-click in the text, and formats with it', async () => {
    renderMenu({ readOnly: false });
    editor.commands.setTextSelection({ from: 10, to: 14 });
    const event = fireEvent.contextMenu(screen.getByText('Some words'));
    expect(event).toBe(false); // the browser's own menu is replaced

    fireEvent.click(await screen.findByRole('menuitem', { name: 'Bold' }));
    expect(editor.getHTML()).toContain('<strong>');
  });

  it('offers Replace image and Delete image on an image, and deletes the image right-clicked', async () => {
    renderMenu({ readOnly: false });
    fireEvent.contextMenu(screen.getByRole('img', { name: 'dot' }));
    expect(await screen.findByRole('menuitem', { name: messages.editor.replaceImage })).toBeTruthy();

    fireEvent.click(screen.getByRole('menuitem', { name: messages.editor.deleteImage }));
    const imagePosition = editor.state.doc.content.size - 1;
    expect(actions.onDeleteImage).toHaveBeenCalledWith(imagePosition);
  });

  it('leaves the browser its own menu in a read-only writing', async () => {
    renderMenu({ readOnly: true });
    const event = fireEvent.contextMenu(screen.getByText('Some words'));
    expect(event).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
