import { useVirtualizer } from '@tanstack/react-virtual';
import { type RefObject, useCallback } from 'react';

/**
 * The virtualizer of a long list of keyed rows whose heights are known (the writings list, the ideas
 * inbox): only the rows in view, and 8 either side, are rendered.
 *
 * `heightOf` must be stable while the heights are (a `useCallback`): the row functions handed to the
 * virtualizer change only with `rows` and `heightOf`, since a new key function places every row again,
 * 10,000 of them on every scroll frame.
 *
 * Its own entry (`shared-kernel/row-virtualizer`), not the shared kernel's: each list's remote bundles
 * the library with it, and a remote with no long list (the chat) never needs it.
 *
 * @param viewportHeight Rows rendered before layout (and in tests): a viewport's worth.
 */
export function useRowVirtualizer<Row extends { readonly key: string }>({
  rows,
  heightOf,
  scrollElement,
  viewportHeight,
}: {
  rows: readonly Row[];
  heightOf: (row: Row | undefined) => number;
  scrollElement: RefObject<HTMLElement | null>;
  viewportHeight: number;
}) {
  const estimateSize = useCallback((index: number) => heightOf(rows[index]), [rows, heightOf]);
  const getItemKey = useCallback((index: number) => rows[index]?.key ?? index, [rows]);
  return useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollElement.current,
    estimateSize,
    getItemKey,
    overscan: 8,
    initialRect: { width: 300, height: viewportHeight },
  });
}
