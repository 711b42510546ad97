import type { DragEvent, ReactNode } from 'react';
import type { EventBus } from '../bus/event-bus.ts';
import styles from './primitives.module.css';

/** The drag data type of a side panel's header, read by the shell's drop zones. */
export const PANEL_DRAG_TYPE = 'application/x-workspace-panel';

/** A side panel the shell arranges: which one it is, and the bus to ask the shell with. */
export type PanelArrangement = { bus: EventBus; panel: 'ideas' | 'chat' };

function startDrag(event: DragEvent, panel: PanelArrangement['panel']) {
  // Native drag and drop: the panel and the shell's drop zones live in different React roots.
  event.dataTransfer.setData(PANEL_DRAG_TYPE, panel);
  event.dataTransfer.effectAllowed = 'move';
}

/**
 * A side panel (Ideas, Chat): a header with its title and actions, and its body filling the rest. With
 * `arrangement`, the header can be dragged to reorder or re-dock the panel, and offers the panel-order
 * toggle (and, for ideas, the dock toggle), which the shell's phone view, one area at a time, leaves out.
 */
export function Panel({
  title,
  actions,
  arrangement,
  children,
}: {
  title: string;
  actions?: ReactNode;
  arrangement?: PanelArrangement;
  children: ReactNode;
}) {
  return (
    <section className={styles.panel} aria-label={title}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dragging the header is the pointer way to arrange panels; the buttons below do the same from the keyboard */}
      <header
        className={styles.panelHeader}
        draggable={arrangement !== undefined}
        onDragStart={arrangement && ((event) => startDrag(event, arrangement.panel))}
        data-panel-header={arrangement?.panel}
      >
        <h2 className={styles.panelTitle}>{title}</h2>
        <div className={styles.panelActions}>
          {actions}
          {arrangement && (
            <button
              type="button"
              className={`${styles.iconButton} ${styles.arrangeButton}`}
              title="Swap panel order"
              aria-label="Swap panel order"
              onClick={() => arrangement.bus.emit({ type: 'panels.swap-order' })}
            >
              ⇅
            </button>
          )}
          {arrangement?.panel === 'ideas' && (
            <button
              type="button"
              className={`${styles.iconButton} ${styles.arrangeButton}`}
              title="Dock ideas on the other side"
              aria-label="Dock ideas on the other side"
              onClick={() => arrangement.bus.emit({ type: 'panels.flip-dock' })}
            >
              ⇄
            </button>
          )}
        </div>
      </header>
      {children}
    </section>
  );
}
