import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  afterNextPaint,
  BLOCK_GROUP_SIZE,
  blocksToHtml,
  type DocumentNode,
  documentPlainText,
  estimatedBlockHeight,
  online$,
} from 'shared-kernel';
import { currentFolderPermission, useWritingsStore } from '../../writings-store/index.ts';
import styles from '../editor.module.css';
import { LoadingPlaceholder } from '../save-bar.tsx';
import { keepComposedText, keepDrop, keepInput, keysHeldChanged } from '../typed-keys.ts';
import {
  type CopyPlace,
  type EarlyInput,
  type FirstPaint,
  keysAtCaret,
  type TextCaret,
} from './first-paint.ts';

/**
 * A stored document as the editor lays it out (the title, then groups of blocks, see block-groups.ts),
 * as HTML: every text escaped, links only to http(s) and mailto (the kernel's `blocksToHtml`).
 */
export function staticDocumentHtml(content: unknown): string {
  const blocks = (content as DocumentNode | null)?.content ?? [];
  const [title, ...rest] = blocks[0]?.type === 'heading' ? blocks : [{ type: 'heading' }, ...blocks];
  const groups: string[] = [];
  for (let start = 0; start < rest.length; start += BLOCK_GROUP_SIZE) {
    const group = rest.slice(start, start + BLOCK_GROUP_SIZE);
    const height = group.reduce(
      (sum, block) => sum + estimatedBlockHeight(documentPlainText(block).length),
      0,
    );
    groups.push(
      `<div class="block-group" style="contain-intrinsic-block-size: auto ${height}px">${blocksToHtml(group)}</div>`,
    );
  }
  return blocksToHtml(title ? [title] : []) + groups.join('');
}

/** The top-level blocks of the static copy, as the editor counts them (the title is 0). */
function topBlocks(prose: HTMLElement): Element[] {
  return Array.from(prose.children).flatMap((child) =>
    child.classList.contains('block-group') ? Array.from(child.children) : [child],
  );
}

/**
 * The caret at (`node`, `offset`) of the static copy, by top-level block and the text before it. A point
 * of the copy outside its text (where select-all may end) is its start or its end; one elsewhere, null.
 */
function caretOf(copy: HTMLElement, prose: HTMLElement, node: Node, offset: number): TextCaret | null {
  const blocks = topBlocks(prose);
  if (!prose.contains(node)) {
    const whole = document.createRange();
    whole.selectNodeContents(prose);
    const side = copy.contains(node) ? whole.comparePoint(node, offset) : 0;
    const last = blocks.length - 1;
    if (side < 0) return { block: 0, offset: 0 };
    if (side > 0 && last >= 0) return { block: last, offset: blocks[last]?.textContent?.length ?? 0 };
    return null;
  }
  const block = blocks.findIndex((candidate) => candidate.contains(node));
  const element = blocks[block];
  if (!element) return null;
  const before = document.createRange();
  before.setStart(element, 0);
  before.setEnd(node, offset);
  return { block, offset: before.toString().length };
}

/**
 * Where a click on the copy puts the caret, known at once from the point clicked: the browser tells of
 * the caret (selectionchange) a task later, and the editor taking over in between put the caret at the
 * start of the writing, so what was typed next went into the title.
 */
function caretClicked(copy: HTMLElement, prose: HTMLElement, event: MouseEvent): TextCaret | null {
  const point = document.caretPositionFromPoint?.(event.clientX, event.clientY);
  return point ? caretOf(copy, prose, point.offsetNode, point.offset) : null;
}

/** The DOM point of `caret` in the static copy. */
function pointOf(prose: HTMLElement, caret: TextCaret): [Node, number] | null {
  const element = topBlocks(prose)[caret.block];
  if (!element) return null;
  const texts = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  let remaining = caret.offset;
  for (let node = texts.nextNode(); node; node = texts.nextNode()) {
    const length = node.textContent?.length ?? 0;
    if (remaining <= length) return [node, remaining];
    remaining -= length;
  }
  return [element, element.childNodes.length];
}

/** Puts the browser's caret and selection back in the static copy (shown again, it keeps the writer's place). */
function placeSelection(prose: HTMLElement, { caret, anchor }: CopyPlace): void {
  const focus = caret && pointOf(prose, caret);
  const start = anchor ? pointOf(prose, anchor) : focus;
  if (focus && start) document.getSelection()?.setBaseAndExtent(...start, ...focus);
}

/**
 * The static copy is an editing host, so that whatever would type into it (a key, a paste, dictation, a
 * phone's keyboard) is told as an input event: kept in `input`, not done (typed-keys.ts); so is a drop. The
 * caret is the browser's, where a click, the arrow keys or a drop put it.
 */
function useKeptInput({
  scroll,
  prose,
  shown,
  input,
  onPainted,
}: {
  scroll: RefObject<HTMLDivElement | null>;
  prose: RefObject<HTMLDivElement | null>;
  shown: boolean;
  input: EarlyInput;
  onPainted: (() => void) | undefined;
}): void {
  // A layout effect: listening from the frame the copy is shown in.
  useLayoutEffect(() => {
    const element = scroll.current;
    if (!shown || !element) return;
    // An input method's text shows in the copy as it is composed (it cannot be stopped), so the copy's
    // text runs ahead of the writing's: a place after such a word is counted without it, and the word is
    // kept where its composition started. Each word as the copy shows it: its block, where it starts, its
    // length.
    const composedWords: { block: number; at: number; length: number }[] = [];
    let composingFrom: TextCaret | null = null;
    let composing = false;
    const inWriting = (caret: TextCaret): TextCaret => ({
      block: caret.block,
      offset: composedWords.reduce(
        (offset, word) =>
          word.block === caret.block && word.at < caret.offset
            ? offset - Math.min(word.length, caret.offset - word.at)
            : offset,
        caret.offset,
      ),
    });
    /** The selection as the copy shows it. */
    const selectionInCopy = () => {
      const selection = document.getSelection();
      if (!prose.current || !selection?.focusNode || !selection.anchorNode) return null;
      const caret = caretOf(element, prose.current, selection.focusNode, selection.focusOffset);
      const anchor = caretOf(element, prose.current, selection.anchorNode, selection.anchorOffset);
      return caret ? { caret, anchor: anchor ?? caret } : null;
    };
    const caretMoved = () => {
      const place = composing ? null : selectionInCopy();
      if (!place) return;
      input.caret = inWriting(place.caret);
      input.anchor = inWriting(place.anchor);
    };
    const kept = () => {
      input.focused = true;
      keysHeldChanged();
      onPainted?.();
    };
    // Shift extends the selection: its start stays. Another button (a context menu) leaves it as it is.
    const clicked = (event: MouseEvent) => {
      kept();
      const caret = event.button === 0 && prose.current && caretClicked(element, prose.current, event);
      if (!caret) return;
      input.caret = inWriting(caret);
      if (!event.shiftKey || !input.anchor) input.anchor = input.caret;
    };
    // The caret is read again as each key is kept: the browser tells of a move (selectionchange) only
    // after the keys that follow it may have come.
    const typed = (event: InputEvent) => {
      caretMoved();
      keepInput(event, keysAtCaret(input));
      kept();
    };
    const compositionStarted = () => {
      caretMoved();
      composingFrom = selectionInCopy()?.caret ?? null;
      composing = true;
    };
    const composed = (event: CompositionEvent) => {
      composing = false;
      keepComposedText(event, keysAtCaret(input));
      keysHeldChanged();
      if (composingFrom && event.data)
        composedWords.push({
          block: composingFrom.block,
          at: composingFrom.offset,
          length: event.data.length,
        });
    };
    // A drop of image files brings no input event. What is dropped goes where it was dropped, as dropped
    // text does: the caret is put there first.
    const dropped = (event: DragEvent) => {
      const point = document.caretPositionFromPoint?.(event.clientX, event.clientY);
      if (point) document.getSelection()?.collapse(point.offsetNode, point.offset);
      caretMoved();
      keepDrop(event, keysAtCaret(input));
      kept();
    };
    const listening = new AbortController();
    const options = { signal: listening.signal };
    element.addEventListener('beforeinput', typed, options);
    element.addEventListener('compositionstart', compositionStarted, options);
    element.addEventListener('compositionend', composed, options);
    element.addEventListener('drop', dropped, options);
    element.addEventListener('mousedown', clicked, options);
    document.addEventListener('selectionchange', caretMoved, options);
    return () => listening.abort();
  }, [shown, scroll, prose, input, onPainted]);
}

/**
 * The writing that opens, as static HTML from its stored copy, laid out as the editor lays it out, while
 * the editor's code loads (docs/architecture.md, Budgets: the first screen). Clicks and typing (keys,
 * pastes, dictation) are kept and replayed into the editor (`FirstPaint.replay`). Calls `onPainted` once
 * the copy is on screen.
 */
export function StaticWriting({
  writingId,
  firstPaint,
  onPainted,
}: {
  writingId: string;
  firstPaint: FirstPaint;
  onPainted?: () => void;
}) {
  // A copy that has arrived shows at once (this is mounted again as the editor's code arrives).
  const [html, setHtml] = useState<string | null>(() => {
    const arrived = firstPaint.arrivedCopy(writingId);
    return arrived === undefined ? null : staticDocumentHtml(arrived?.content ?? null);
  });
  const scroll = useRef<HTMLDivElement>(null);
  const prose = useRef<HTMLDivElement>(null);
  const input = firstPaint.inputOf(writingId);
  // A writing the writer may only read takes no input here either, as the editor takes none.
  const readOnly = useWritingsStore(() => currentFolderPermission() === 'read');
  useEffect(() => {
    let cancelled = false;
    firstPaint.copyOf(writingId).then(
      (writing) => !cancelled && setHtml(staticDocumentHtml(writing?.content ?? null)),
      () => !cancelled && setHtml(''),
    );
    return () => {
      cancelled = true;
    };
  }, [firstPaint, writingId]);
  // Shown again while the editor takes over: the writer keeps their place, their focus and their caret.
  useLayoutEffect(() => {
    if (html === null || !scroll.current) return;
    scroll.current.scrollTop = input.scrollTop;
    if (!input.focused) return;
    scroll.current.focus({ preventScroll: true });
    if (prose.current) placeSelection(prose.current, input);
  }, [html, input]);
  useKeptInput({ scroll, prose, shown: html !== null, input, onPainted });
  useEffect(() => {
    if (html === null || !onPainted) return;
    let painted = false;
    // After the frame that shows the copy; asked again when the connection returns (a load that failed
    // offline), and on the writer's first click or key below.
    const cancel = afterNextPaint(() => {
      painted = true;
      onPainted();
    });
    const subscription = online$.subscribe((online) => online && painted && onPainted());
    return () => {
      cancel();
      subscription.unsubscribe();
    };
  }, [html, onPainted]);
  if (html === null) return <LoadingPlaceholder />;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a stand-in for the editor for a moment; its input is replayed there.
    <div
      ref={scroll}
      className={`${styles.scroll} ${styles.staticScroll}`}
      tabIndex={-1}
      contentEditable={!readOnly}
      // Its content is React's only until the hand-over; every edit of it is stopped (above).
      suppressContentEditableWarning
      spellCheck={false}
      // A phone's autocorrect would replace words the copy never shows (the text is kept, not done).
      autoCorrect="off"
      data-testid="static-writing"
      onKeyDown={() => onPainted?.()}
      onScroll={(event) => {
        input.scrollTop = event.currentTarget.scrollTop;
      }}
    >
      <div className={styles.content}>
        <div
          ref={prose}
          className={`${styles.prose} ${styles.staticProse}`}
          // blocksToHtml escapes every text and keeps only http(s) and mailto links.
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </div>
    </div>
  );
}
