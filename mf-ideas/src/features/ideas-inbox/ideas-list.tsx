import { type RefObject, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { canWriteToFolder, messages, useTouchSelection } from 'shared-kernel';
import { useListboxKeys, useRowVirtualizer, VirtualRows } from 'shared-kernel/row-virtualizer';
import { useIdeasState, useStore } from '../ideas-store/index.ts';
import { IdeaRow } from './idea-row.tsx';
import styles from './ideas-inbox.module.css';
import { dateGroupLabeler, type ListRow, listRows, ROW_HEIGHT } from './list-rows.ts';

const isIdeaRow = (row: ListRow) => row.kind === 'idea';

/** The footer under the list: empty, loading, or the end. */
function footerText(status: string, count: number, hasMore: boolean): string | null {
  if (status === 'loading' || status === 'loading-more') return messages.ideas.loadingMore;
  if (status === 'idle' || status === 'error') return null;
  if (count === 0) return messages.ideas.empty;
  return hasMore ? null : messages.ideas.end;
}

/**
 * The virtualizer of the list: known row heights (an expanded idea is taller; the rows are placed again
 * when it changes, nothing is measured in the page), and the highlighted idea scrolled to the middle.
 */
function useIdeasVirtualizer({
  rows,
  expandedId,
  highlightId,
  scrollElement,
}: {
  rows: readonly ListRow[];
  expandedId: string | null;
  highlightId: string | null;
  scrollElement: RefObject<HTMLDivElement | null>;
}) {
  const heightOf = useCallback(
    (row: ListRow | undefined) => {
      if (!row || row.kind === 'header') return ROW_HEIGHT.header;
      if (row.idea.id === expandedId) return ROW_HEIGHT.expanded;
      return row.titleOnly ? ROW_HEIGHT.titleOnly : ROW_HEIGHT.idea;
    },
    [expandedId],
  );
  const virtualizer = useRowVirtualizer({ rows, heightOf, scrollElement, viewportHeight: 600 });
  // An idea expanded or collapsed changes its height: the rows are placed again from estimateSize.
  // New rows need nothing more (a new getItemKey places them), so a capture or a page renders once.
  // Before paint: the expanded idea is never painted in its collapsed height.
  const placedFor = useRef(expandedId);
  useLayoutEffect(() => {
    if (placedFor.current === expandedId) return;
    placedFor.current = expandedId;
    virtualizer.measure();
  }, [virtualizer, expandedId]);
  useEffect(() => {
    if (highlightId === null) return;
    const index = rows.findIndex((row) => row.kind === 'idea' && row.idea.id === highlightId);
    if (index !== -1) virtualizer.scrollToIndex(index, { align: 'center' });
  }, [highlightId, rows, virtualizer]);
  return virtualizer;
}

/**
 * The ideas: date groups, newest change first, virtualized (only the rows in view are in the DOM), the
 * next page loaded once the rows the virtualizer renders (the view and its overscan) reach the last one.
 */
export function IdeasList({ now }: { now?: Date }) {
  const store = useStore();
  const [labelOf] = useState(() => dateGroupLabeler(now ?? new Date()));
  const items = useIdeasState((state) => state.items);
  const status = useIdeasState((state) => state.status);
  const hasMore = useIdeasState((state) => state.hasMore);
  const selectedIds = useIdeasState((state) => state.selectedIds);
  const expandedId = useIdeasState((state) => state.expandedId);
  const unsaved = useIdeasState((state) => state.unsaved);
  const highlightId = useIdeasState((state) => state.highlightId);
  const categories = useIdeasState((state) => state.categories);
  const categoryId = useIdeasState((state) => state.selectedCategoryId);
  const readOnly = !canWriteToFolder(categories.find((category) => category.id === categoryId));
  const rows = useMemo(() => listRows(items, labelOf), [items, labelOf]);
  const scrollElement = useRef<HTMLDivElement>(null);
  // A selection begun by holding an idea: taps add and remove ideas until none is selected.
  const toggleIdea = useCallback((id: string) => store.click(id, { toggle: true }), [store]);
  const touch = useTouchSelection(selectedIds.size, toggleIdea);

  const virtualizer = useIdeasVirtualizer({ rows, expandedId, highlightId, scrollElement });
  const virtualRows = virtualizer.getVirtualItems();
  const { onKeyDown: onListKeyDown, tabStop } = useListboxKeys({
    virtualizer,
    rows,
    isOption: isIdeaRow,
    selectedKeys: selectedIds,
  });

  // Near the end by the virtualizer's own numbers (its last rendered row against the rows), never the
  // page's layout. Also when a page lands: one shorter than the viewport loads on until it is filled.
  const lastRendered = virtualRows.at(-1)?.index ?? -1;
  useEffect(() => {
    if (hasMore && status === 'ready' && lastRendered >= rows.length - 1) void store.loadMore();
  }, [store, hasMore, status, lastRendered, rows.length]);

  const footer = footerText(status, items.length, hasMore);
  return (
    <div ref={scrollElement} className={styles.listScroll}>
      <VirtualRows
        virtualizer={virtualizer}
        rows={rows}
        role="listbox"
        aria-label={messages.ideas.list}
        aria-multiselectable="true"
        onKeyDown={onListKeyDown}
      >
        {(row) =>
          row.kind === 'header' ? (
            <div role="presentation" className={styles.groupHeader} data-date-group={row.label}>
              {row.label}
            </div>
          ) : (
            <IdeaRow
              idea={row.idea}
              titleOnly={row.titleOnly}
              store={store}
              selected={selectedIds.has(row.idea.id)}
              expanded={expandedId === row.idea.id}
              unsaved={unsaved.has(row.idea.id)}
              highlighted={highlightId === row.idea.id}
              readOnly={readOnly}
              tabStop={row.idea.id === tabStop}
              touchSelecting={touch.selecting}
              onLongPress={touch.onLongPress}
            />
          )
        }
      </VirtualRows>
      {footer && (
        <p className={styles.footer} aria-live="polite">
          {footer}
        </p>
      )}
    </div>
  );
}
