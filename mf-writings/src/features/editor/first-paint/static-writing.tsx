import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  afterNextPaint,
  BLOCK_GROUP_SIZE,
  blocksToHtml,
  type DocumentNode,
  documentPlainText,
  estimatedBlockHeight,
  online$,
} from 'shared-kernel';
import styles from '../editor.module.css';
import { LoadingPlaceholder } from '../save-bar.tsx';
import { keepKey } from '../typed-keys.ts';
import type { FirstPaint, TextCaret } from './first-paint.ts';

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

/** The caret a click at (x, y) puts in the static copy, by top-level block and the text before it. */
function caretAt(prose: HTMLElement, x: number, y: number): TextCaret | null {
  const position = document.caretPositionFromPoint?.(x, y);
  const node = position?.offsetNode;
  if (!position || !node || !prose.contains(node)) return null;
  const blocks = Array.from(prose.children).flatMap((child) =>
    child.classList.contains('block-group') ? Array.from(child.children) : [child],
  );
  const block = blocks.findIndex((candidate) => candidate.contains(node));
  const element = blocks[block];
  if (!element) return null;
  const before = document.createRange();
  before.setStart(element, 0);
  before.setEnd(node, position.offset);
  return { block, offset: before.toString().length };
}

/**
 * The writing that opens, as static HTML from its stored copy, laid out as the editor lays it out, while
 * the editor's code loads (docs/architecture.md, Budgets: the first screen). Clicks and typing are kept
 * and replayed into the editor (`FirstPaint.replay`). Calls `onPainted` once the copy is on screen.
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
  const { input } = firstPaint;
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
  // Shown again while the editor takes over: the writer keeps their place and their focus.
  useLayoutEffect(() => {
    if (html === null || !scroll.current) return;
    scroll.current.scrollTop = input.scrollTop;
    if (input.focused) scroll.current.focus({ preventScroll: true });
  }, [html, input]);
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
      className={styles.scroll}
      tabIndex={-1}
      data-testid="static-writing"
      onMouseDown={(event) => {
        if (prose.current) input.caret = caretAt(prose.current, event.clientX, event.clientY);
        input.focused = true;
        onPainted?.();
      }}
      onKeyDown={(event) => {
        keepKey(event.nativeEvent, input.keys);
        onPainted?.();
      }}
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
