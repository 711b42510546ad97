// The rows of a long list that are in view (plus a margin), for rows whose heights are known in advance
// (the ideas list: a date header, an idea, the expanded idea). Nothing is measured in the page: a
// scroll reads `scrollTop` only, finds the first row in view by binary search over the rows' offsets,
// and renders again only when the rows in view change.
import { type RefObject, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

/** Where each row starts, and (last) the height of them all. */
export function rowOffsets(count: number, heightOf: (index: number) => number): Float64Array {
  const offsets = new Float64Array(count + 1);
  for (let index = 0; index < count; index++) offsets[index + 1] = (offsets[index] ?? 0) + heightOf(index);
  return offsets;
}

/** The first row that ends below `top`. */
function rowAt(offsets: Float64Array, top: number): number {
  let low = 0;
  let high = offsets.length - 2;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((offsets[middle + 1] ?? 0) <= top) low = middle + 1;
    else high = middle;
  }
  return Math.max(0, low);
}

/** The rows to render for a viewport at `top`, `height` tall: from `start` to `end` (excluded). */
export function rowsInView(offsets: Float64Array, top: number, height: number, overscan: number) {
  const count = offsets.length - 1;
  if (count <= 0) return { start: 0, end: 0 };
  const first = rowAt(offsets, top);
  let last = first;
  while (last < count && (offsets[last] ?? 0) < top + height) last++;
  return { start: Math.max(0, first - overscan), end: Math.min(count, last + overscan) };
}

/** The viewport of a scroll element: its scroll position and height, kept as they change. */
function useViewport(scrollElement: RefObject<HTMLElement | null>, initialHeight: number) {
  const [viewport, setViewport] = useState({ top: 0, height: initialHeight });
  const latest = useRef(viewport);
  useLayoutEffect(() => {
    const element = scrollElement.current;
    if (!element) return;
    const update = (next: { top: number; height: number }, sync: boolean) => {
      latest.current = next;
      // In the scroll's own frame: the rows in view are painted with it, never a blank frame.
      if (sync) flushSync(() => setViewport(next));
      else setViewport(next);
    };
    update({ top: element.scrollTop, height: element.clientHeight || initialHeight }, false);
    const onScroll = () => update({ ...latest.current, top: element.scrollTop }, true);
    const resized =
      typeof ResizeObserver === 'function'
        ? new ResizeObserver(() =>
            update({ ...latest.current, height: element.clientHeight || initialHeight }, false),
          )
        : null;
    element.addEventListener('scroll', onScroll, { passive: true });
    resized?.observe(element);
    return () => {
      element.removeEventListener('scroll', onScroll);
      resized?.disconnect();
    };
  }, [scrollElement, initialHeight]);
  return { viewport, latest };
}

/**
 * The window of a list of `count` rows of heights `heightOf(index)` in `scrollElement`: the rows to
 * render with their offsets, the whole height, the distance left to the bottom, and a scroll to a row.
 */
export function useRowWindow({
  count,
  heightOf,
  scrollElement,
  overscan = 8,
  initialHeight = 600,
}: {
  count: number;
  heightOf: (index: number) => number;
  scrollElement: RefObject<HTMLElement | null>;
  overscan?: number;
  initialHeight?: number;
}) {
  const offsets = useMemo(() => rowOffsets(count, heightOf), [count, heightOf]);
  const { viewport, latest } = useViewport(scrollElement, initialHeight);
  const { start, end } = rowsInView(offsets, viewport.top, viewport.height, overscan);
  const totalSize = offsets[count] ?? 0;
  const scrollToRow = useCallback(
    (index: number) => {
      const element = scrollElement.current;
      if (!element || index < 0 || index >= count) return;
      const middle = (offsets[index] ?? 0) + ((offsets[index + 1] ?? 0) - (offsets[index] ?? 0)) / 2;
      element.scrollTop = Math.max(0, middle - latest.current.height / 2);
    },
    [scrollElement, offsets, count, latest],
  );
  /** Pixels between the bottom of the view and the end of the rows (no layout read but `scrollTop`). */
  const distanceToEnd = useCallback(
    () => totalSize - (scrollElement.current?.scrollTop ?? latest.current.top) - latest.current.height,
    [totalSize, scrollElement, latest],
  );
  return { offsets, start, end, totalSize, scrollToRow, distanceToEnd };
}
