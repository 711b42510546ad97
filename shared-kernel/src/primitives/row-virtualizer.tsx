import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { type HTMLAttributes, type ReactNode, type RefObject, useCallback } from 'react';

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

/**
 * The rows the virtualizer renders, each at its offset, in a box as tall as every row together (the
 * list's element: its role, label and class are passed as they are). `children` renders one row.
 */
export function VirtualRows<Row>({
  virtualizer,
  rows,
  children: renderRow,
  style,
  ...box
}: {
  virtualizer: Virtualizer<HTMLElement, Element>;
  rows: readonly Row[];
  children: (row: Row) => ReactNode;
} & Omit<HTMLAttributes<HTMLDivElement>, 'children'>) {
  return (
    <div {...box} style={{ ...style, position: 'relative', height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((virtualRow) => {
        const row = rows[virtualRow.index];
        if (row === undefined) return null;
        return (
          <div
            key={virtualRow.key}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              height: virtualRow.size,
              transform: `translateY(${virtualRow.start}px)`,
            }}
          >
            {renderRow(row)}
          </div>
        );
      })}
    </div>
  );
}
