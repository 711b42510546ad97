import { type ReactNode, useEffect, useRef, useState } from 'react';
import { PANEL_DRAG_TYPE } from 'shared-kernel';
import type { SidePanel } from './use-arrangement.ts';
import styles from './workspace-layout.module.css';

function draggedPanel(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes(PANEL_DRAG_TYPE) ?? false;
}

/**
 * An area that accepts a side panel's header dropped on it. Native listeners, not React props: the
 * areas are rendered through portals, and React routes a portal's events along the component tree,
 * which does not pass through this zone.
 */
export function PanelDropZone({
  label,
  onDropPanel,
  className,
  children,
}: {
  label: string;
  onDropPanel: (panel: SidePanel) => void;
  className?: string;
  children: ReactNode;
}) {
  const zone = useRef<HTMLDivElement>(null);
  const [over, setOver] = useState(false);
  const latestDrop = useRef(onDropPanel);
  latestDrop.current = onDropPanel;

  useEffect(() => {
    const element = zone.current;
    if (!element) return;
    const onDragOver = (event: DragEvent) => {
      if (!draggedPanel(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'move';
      setOver(true);
    };
    const onDragLeave = (event: DragEvent) => {
      if (!element.contains(event.relatedTarget as Node | null)) setOver(false);
    };
    const onDrop = (event: DragEvent) => {
      setOver(false);
      const panel = event.dataTransfer?.getData(PANEL_DRAG_TYPE);
      if (panel !== 'ideas' && panel !== 'chat') return;
      event.preventDefault();
      // The innermost zone (a panel) decides; the area around it does not act again.
      event.stopPropagation();
      latestDrop.current(panel);
    };
    element.addEventListener('dragover', onDragOver);
    element.addEventListener('dragleave', onDragLeave);
    element.addEventListener('drop', onDrop);
    return () => {
      element.removeEventListener('dragover', onDragOver);
      element.removeEventListener('dragleave', onDragLeave);
      element.removeEventListener('drop', onDrop);
    };
  }, []);

  return (
    <div ref={zone} data-drop-zone={label} className={`${className ?? ''} ${over ? styles.dropTarget : ''}`}>
      {children}
    </div>
  );
}
