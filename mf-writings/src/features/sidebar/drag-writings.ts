import type { DragEvent } from 'react';
import { messages } from 'shared-kernel';
import type { WritingSummary } from '../writings-store/index.ts';

/** The drag payload's type: the ids of the dragged writings, as JSON. */
export const WRITINGS_DRAG_TYPE = 'application/x-workspace-writings';

/**
 * Starts dragging writings: their ids travel in the drag data, and the drag image is a chip reading
 * 'N writings' or 'Writing: title'.
 */
export function setDraggedWritings(event: DragEvent, writings: readonly WritingSummary[]): void {
  event.dataTransfer.effectAllowed = 'move';
  event.dataTransfer.setData(WRITINGS_DRAG_TYPE, JSON.stringify(writings.map((writing) => writing.id)));
  const label = messages.writings.dragLabel({ count: writings.length, title: writings[0]?.title ?? '' });
  event.dataTransfer.setData('text/plain', label);
  const chip = document.createElement('div');
  chip.textContent = label;
  chip.dataset.dragLabel = '';
  chip.style.cssText =
    'position:fixed;top:-100px;left:0;padding:4px 10px;border-radius:8px;background:#333;color:#fff;font:13px sans-serif';
  document.body.append(chip);
  event.dataTransfer.setDragImage(chip, 0, 0);
  // The browser copies the image when the drag starts; the element can go after this task.
  setTimeout(() => chip.remove(), 0);
}

/** The dragged writings' ids, or `null` when the drag carries something else. */
export function draggedWritingIds(event: DragEvent): string[] | null {
  const data = event.dataTransfer.getData(WRITINGS_DRAG_TYPE);
  if (!data) return null;
  const ids: unknown = JSON.parse(data);
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : null;
}

/** Whether a drag over a folder carries writings (the data itself is only readable on drop). */
export function isWritingsDrag(event: DragEvent): boolean {
  return event.dataTransfer.types.includes(WRITINGS_DRAG_TYPE);
}
