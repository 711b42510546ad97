import {
  type DragEvent,
  type MouseEvent,
  memo,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import {
  afterNextPaint,
  LOAD_MORE_THRESHOLD_PX,
  messages,
  usePreferences,
  useRowPress,
  useTouchScreen,
  useTouchSelection,
} from 'shared-kernel';
import { useListboxKeys, useRowVirtualizer, VirtualRows } from 'shared-kernel/row-virtualizer';
import {
  clickWriting,
  getWritingsState,
  loadMore,
  useWritingsStore,
  type WritingSummary,
} from '../writings-store/index.ts';
import { setDraggedWritings } from './drag-writings.ts';
import { COMPACT_ROW_HEIGHT, dateSectionLabeler, type ListRow, listRows, ROW_HEIGHT } from './list-rows.ts';
import styles from './sidebar.module.css';
import { WritingRowMenu } from './writing-row-menu.tsx';

/** The footer under the list: empty, loading, more to scroll to, or the end. */
function footerText(status: string, count: number, hasMore: boolean): string | null {
  if (status === 'loading' || status === 'loading-more') return messages.writings.loadingMore;
  if (status === 'idle' || status === 'error') return null;
  if (count === 0) return messages.writings.empty;
  return hasMore ? messages.writings.scrollForMore : messages.writings.end;
}

/** Loads the next page when the list is scrolled within 120 px of its bottom (or is not filled). */
function loadMoreNearBottom(element: HTMLElement | null) {
  // Not laid out (a phone's Writings tab showing the open writing): nothing is in view to fill.
  if (!element || element.clientHeight === 0) return;
  const distance = element.scrollHeight - element.scrollTop - element.clientHeight;
  if (distance <= LOAD_MORE_THRESHOLD_PX) void loadMore();
}

const isWritingRow = (row: ListRow) => row.kind === 'writing';
const toggleWriting = (writingId: string) => clickWriting(writingId, { toggle: true });

// Memoised: a scroll frame re-renders the list, and only the rows entering the view need rendering.
const WritingRow = memo(function WritingRow({
  writing,
  selected,
  unsaved,
  tabStop,
  onOpen,
  touchSelecting,
  onLongPress,
}: {
  writing: WritingSummary;
  selected: boolean;
  unsaved: boolean;
  /** The row Tab reaches the list on (the others are reached with the arrow keys). */
  tabStop: boolean;
  onOpen: (writingId: string) => void;
  /** A selection begun by holding a writing is under way: a tap adds or removes one, as Cmd/Ctrl-click. */
  touchSelecting: boolean;
  /** A finger held on the writing: it is added to (or removed from) the selection. */
  onLongPress: (writingId: string) => void;
}) {
  const press = useRowPress(touchSelecting, () => onLongPress(writing.id));
  const touchScreen = useTouchScreen();
  const onClick = (event: MouseEvent) => {
    const how = press.clickOf(event);
    if (!how) return;
    if (how.toggle || how.range) clickWriting(writing.id, how);
    else onOpen(writing.id);
  };
  const onDragStart = (event: DragEvent) => {
    const { selectedIds, items } = getWritingsState();
    if (!selectedIds.has(writing.id)) clickWriting(writing.id);
    const ids = selectedIds.has(writing.id) ? items.filter((item) => selectedIds.has(item.id)) : [writing];
    setDraggedWritings(event, ids);
  };
  return (
    <div
      role="option"
      aria-selected={selected}
      tabIndex={tabStop ? 0 : -1}
      className={styles.writing}
      data-writing-id={writing.id}
      // Not on a touch screen, where holding a writing would start a drag rather than select it.
      draggable={!touchScreen}
      onDragStart={onDragStart}
      onClick={onClick}
      {...press.handlers}
      onKeyDown={(event) => {
        if ((event.key === 'Enter' || event.key === ' ') && event.target === event.currentTarget) {
          event.preventDefault();
          onOpen(writing.id);
        }
      }}
    >
      <div className={styles.writingTitle}>
        {unsaved && <span className={styles.unsavedDot} title="Unsaved" role="img" aria-label="Unsaved" />}
        <span className={styles.ellipsis} title={writing.title || messages.writings.untitled}>
          {writing.title || messages.writings.untitled}
        </span>
        {/* The row's own click (and Enter) must not also select it. */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: stops propagation only */}
        <div
          className={styles.rowActions}
          onClick={(event) => event.stopPropagation()}
          onKeyDown={(event) => event.key === 'Enter' && event.stopPropagation()}
        >
          <WritingRowMenu writing={writing} />
        </div>
      </div>
      <div className={styles.writingPreview}>{writing.preview}</div>
    </div>
  );
});

/**
 * The writings list: date sections, newest first, virtualized (only the rows in view are in the DOM),
 * the next page loaded when scrolled within 120 px of the bottom.
 */
export function WritingsList({ now, onOpen }: { now?: Date; onOpen: (writingId: string) => void }) {
  // One labeler (one 'now') per mount: a new one per render would relabel every row.
  const [labelOf] = useState(() => dateSectionLabeler(now ?? new Date()));
  const items = useWritingsStore((state) => state.items);
  const status = useWritingsStore((state) => state.status);
  const hasMore = useWritingsStore((state) => state.hasMore);
  const selectedIds = useWritingsStore((state) => state.selectedIds);
  const unsaved = useWritingsStore((state) => state.unsaved);
  const rows = useMemo(() => listRows(items, labelOf), [items, labelOf]);
  const scrollElement = useRef<HTMLDivElement>(null);
  // A selection begun by holding a writing: taps add and remove writings until none is selected.
  const touch = useTouchSelection(selectedIds.size, toggleWriting);

  const { compactMode } = usePreferences();
  const heightOf = useCallback(
    (row: ListRow | undefined) => (compactMode ? COMPACT_ROW_HEIGHT : ROW_HEIGHT)[row?.kind ?? 'writing'],
    [compactMode],
  );
  const virtualizer = useRowVirtualizer({ rows, heightOf, scrollElement, viewportHeight: 800 });
  const { onKeyDown: onListKeyDown, tabStop } = useListboxKeys({
    virtualizer,
    rows,
    isOption: isWritingRow,
    selectedKeys: selectedIds,
  });

  const loadMoreWhenNearBottom = () => loadMoreNearBottom(scrollElement.current);
  // Compact mode changes every row's height: place the rows again.
  useEffect(() => virtualizer.measure(), [virtualizer, compactMode]);
  // A page shorter than the viewport cannot be scrolled: load on until the viewport is filled. Checked
  // once the frame is painted: read as the list mounts, the scroll height forced a layout of the whole
  // page in the middle of the first screen.
  useEffect(() => afterNextPaint(loadMoreWhenNearBottom), [items.length, status]);
  // And when the list is shown again after being hidden, or grows taller.
  useEffect(() => {
    const element = scrollElement.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => loadMoreNearBottom(element));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const footer = footerText(status, items.length, hasMore);
  return (
    <div
      ref={scrollElement}
      className={styles.listScroll}
      data-density={compactMode ? 'compact' : 'comfortable'}
      onScroll={loadMoreWhenNearBottom}
    >
      <VirtualRows
        virtualizer={virtualizer}
        rows={rows}
        role="listbox"
        aria-label="Writings"
        aria-multiselectable="true"
        onKeyDown={onListKeyDown}
      >
        {(row) =>
          row.kind === 'header' ? (
            <div role="presentation" className={styles.sectionHeader}>
              {row.label}
            </div>
          ) : (
            <WritingRow
              writing={row.writing}
              selected={selectedIds.has(row.writing.id)}
              unsaved={unsaved.has(row.writing.id)}
              tabStop={row.writing.id === tabStop}
              onOpen={onOpen}
              touchSelecting={touch.selecting}
              onLongPress={touch.onLongPress}
            />
          )
        }
      </VirtualRows>
      {footer && (
        <p className={styles.listFooter} aria-live="polite">
          {footer}
        </p>
      )}
    </div>
  );
}
