import { useVirtualizer } from '@tanstack/react-virtual';
import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { canWriteToFolder, LOAD_MORE_THRESHOLD_PX, messages } from 'shared-kernel';
import { useIdeasState, useStore } from '../ideas-store/index.ts';
import { IdeaRow } from './idea-row.tsx';
import styles from './ideas-inbox.module.css';
import { dateGroupLabeler, type ListRow, listRows, ROW_HEIGHT } from './list-rows.ts';

/** The footer under the list: empty, loading, or the end. */
function footerText(status: string, count: number, hasMore: boolean): string | null {
  if (status === 'loading' || status === 'loading-more') return messages.ideas.loadingMore;
  if (status === 'idle' || status === 'error') return null;
  if (count === 0) return messages.ideas.empty;
  return hasMore ? null : messages.ideas.end;
}

/**
 * The virtualizer of the list: fixed row heights (an expanded idea is taller, measured again when it
 * changes), and the highlighted idea scrolled to the middle.
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
  const estimateSize = useCallback(
    (index: number) => {
      const row = rows[index];
      if (!row || row.kind === 'header') return ROW_HEIGHT.header;
      return row.idea.id === expandedId ? ROW_HEIGHT.expanded : ROW_HEIGHT.idea;
    },
    [rows, expandedId],
  );
  const getItemKey = useCallback((index: number) => rows[index]?.key ?? index, [rows]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollElement.current,
    estimateSize,
    getItemKey,
    overscan: 8,
    initialRect: { width: 300, height: 600 },
  });
  // An expanded or collapsed idea changes its height: the rows are measured again from estimateSize.
  const measured = useRef(estimateSize);
  useEffect(() => {
    if (measured.current === estimateSize) return;
    measured.current = estimateSize;
    virtualizer.measure();
  }, [virtualizer, estimateSize]);

  useEffect(() => {
    if (highlightId === null) return;
    const index = rows.findIndex((row) => row.kind === 'idea' && row.idea.id === highlightId);
    if (index !== -1) virtualizer.scrollToIndex(index, { align: 'center' });
  }, [highlightId, rows, virtualizer]);

  return virtualizer;
}

/**
 * The ideas: date groups, newest change first, virtualized (only the rows in view are in the DOM), the
 * next page loaded when scrolled within 120 px of the bottom.
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

  const virtualizer = useIdeasVirtualizer({ rows, expandedId, highlightId, scrollElement });

  const loadMoreWhenNearBottom = () => {
    const element = scrollElement.current;
    if (!element) return;
    const distance = element.scrollHeight - element.scrollTop - element.clientHeight;
    if (distance <= LOAD_MORE_THRESHOLD_PX) void store.loadMore();
  };
  // A page shorter than the viewport cannot be scrolled: load on until the viewport is filled.
  useEffect(loadMoreWhenNearBottom, [items.length, status]);

  const footer = footerText(status, items.length, hasMore);
  return (
    <div ref={scrollElement} className={styles.listScroll} onScroll={loadMoreWhenNearBottom}>
      <div
        role="listbox"
        aria-label={messages.ideas.list}
        aria-multiselectable="true"
        className={styles.listInner}
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((virtualRow) => {
          const row = rows[virtualRow.index];
          if (!row) return null;
          return (
            <div
              key={virtualRow.key}
              className={styles.virtualRow}
              style={{ height: virtualRow.size, transform: `translateY(${virtualRow.start}px)` }}
            >
              {row.kind === 'header' ? (
                <div role="presentation" className={styles.groupHeader} data-date-group={row.label}>
                  {row.label}
                </div>
              ) : (
                <IdeaRow
                  idea={row.idea}
                  store={store}
                  selected={selectedIds.has(row.idea.id)}
                  expanded={expandedId === row.idea.id}
                  unsaved={unsaved.has(row.idea.id)}
                  highlighted={highlightId === row.idea.id}
                  readOnly={readOnly}
                />
              )}
            </div>
          );
        })}
      </div>
      {footer && (
        <p className={styles.footer} aria-live="polite">
          {footer}
        </p>
      )}
    </div>
  );
}
