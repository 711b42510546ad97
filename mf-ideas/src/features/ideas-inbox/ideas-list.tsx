import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { canWriteToFolder, LOAD_MORE_THRESHOLD_PX, messages } from 'shared-kernel';
import { useIdeasState, useStore } from '../ideas-store/index.ts';
import { IdeaRow } from './idea-row.tsx';
import styles from './ideas-inbox.module.css';
import { dateGroupLabeler, type ListRow, listRows, ROW_HEIGHT } from './list-rows.ts';
import { useRowWindow } from './row-window.ts';

/** The footer under the list: empty, loading, or the end. */
function footerText(status: string, count: number, hasMore: boolean): string | null {
  if (status === 'loading' || status === 'loading-more') return messages.ideas.loadingMore;
  if (status === 'idle' || status === 'error') return null;
  if (count === 0) return messages.ideas.empty;
  return hasMore ? null : messages.ideas.end;
}

/**
 * The window over the list: known row heights (an expanded idea is taller; the offsets follow when it
 * changes), and the highlighted idea scrolled to the middle.
 */
function useIdeasWindow({
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
    (index: number) => {
      const row = rows[index];
      if (!row || row.kind === 'header') return ROW_HEIGHT.header;
      return row.idea.id === expandedId ? ROW_HEIGHT.expanded : ROW_HEIGHT.idea;
    },
    [rows, expandedId],
  );
  const rowWindow = useRowWindow({ count: rows.length, heightOf, scrollElement });
  const { scrollToRow } = rowWindow;
  useEffect(() => {
    if (highlightId === null) return;
    scrollToRow(rows.findIndex((row) => row.kind === 'idea' && row.idea.id === highlightId));
  }, [highlightId, rows, scrollToRow]);
  return rowWindow;
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

  const view = useIdeasWindow({ rows, expandedId, highlightId, scrollElement });

  // Within 120 px of the bottom, from the window's own numbers: a scroll never makes the page lay out.
  const loadMoreWhenNearBottom = () => {
    if (hasMore && view.distanceToEnd() <= LOAD_MORE_THRESHOLD_PX) void store.loadMore();
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
        style={{ height: view.totalSize }}
      >
        {rows.slice(view.start, view.end).map((row, offset) => {
          const index = view.start + offset;
          const top = view.offsets[index] ?? 0;
          return (
            <div
              key={row.key}
              className={styles.virtualRow}
              style={{ height: (view.offsets[index + 1] ?? top) - top, transform: `translateY(${top}px)` }}
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
