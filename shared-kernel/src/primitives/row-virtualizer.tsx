import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import {
  type HTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useCallback,
  useMemo,
} from 'react';

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
            data-row-key={virtualRow.key}
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

/**
 * Keyboard moves in a virtualized listbox (the writings list, the ideas inbox): with an option focused,
 * ArrowDown and ArrowUp focus the next and previous option, Home and End the first and last. A row out
 * of view is scrolled in first. Answers the listbox's `onKeyDown`, and `tabStop`: the key of the option
 * Tab reaches the list on (the first selected, else the first), which the list gives `tabIndex={0}`,
 * the others -1.
 */
export function useListboxKeys<Row extends { readonly key: string }>({
  virtualizer,
  rows,
  isOption,
  selectedKeys,
}: {
  virtualizer: Virtualizer<HTMLElement, Element>;
  rows: readonly Row[];
  isOption: (row: Row) => boolean;
  selectedKeys: ReadonlySet<string>;
}): { onKeyDown: (event: KeyboardEvent<HTMLElement>) => void; tabStop: string | undefined } {
  // Not per render: a scroll frame renders the list again.
  const tabStop = useMemo(() => {
    const options = rows.filter(isOption);
    return (options.find((row) => selectedKeys.has(row.key)) ?? options[0])?.key;
  }, [rows, isOption, selectedKeys]);
  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      const target = event.target as HTMLElement;
      if (
        target.getAttribute('role') !== 'option' ||
        !['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)
      )
        return;
      const options = rows.flatMap((row, index) => (isOption(row) ? [index] : []));
      const key = target.closest('[data-row-key]')?.getAttribute('data-row-key');
      const at = options.findIndex((index) => rows[index]?.key === key);
      const next = {
        ArrowDown: options[at + 1],
        ArrowUp: at > 0 ? options[at - 1] : undefined,
        Home: options[0],
        End: options.at(-1),
      }[event.key];
      const nextKey = next === undefined ? undefined : rows[next]?.key;
      if (next === undefined || nextKey === undefined) return;
      event.preventDefault();
      virtualizer.scrollToIndex(next, { align: 'auto' });
      const listbox = event.currentTarget;
      const focusNext = (tries: number) => {
        const option = listbox.querySelector<HTMLElement>(
          `[data-row-key="${CSS.escape(nextKey)}"] [role="option"]`,
        );
        if (option) option.focus();
        // Scrolled out of the rendered rows: it is rendered on the next frames.
        else if (tries > 0) requestAnimationFrame(() => focusNext(tries - 1));
      };
      focusNext(3);
    },
    [virtualizer, rows, isOption],
  );
  return { onKeyDown, tabStop };
}
