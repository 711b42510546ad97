import type { DragEvent } from 'react';
import { messages, readDraggedWritingIds, WRITINGS_DRAG_TYPE } from 'shared-kernel';
import type { WritingSummary } from '../writings-store/index.ts';

/**
 * Starts dragging writings: their ids travel in the drag data, and the drag image is a chip reading
 * 'N writings' or 'Writing: title'.
 */
export function setDraggedWritings(event: DragEvent, writings: readonly WritingSummary[]): void {
  // Copy: the chat panel takes them as context; move: a folder takes them.
  event.dataTransfer.effectAllowed = 'copyMove';
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
  return readDraggedWritingIds(event.dataTransfer);
}

/** Whether a drag over a folder carries writings (the data itself is only readable on drop). */
export function isWritingsDrag(event: DragEvent): boolean {
  return event.dataTransfer.types.includes(WRITINGS_DRAG_TYPE);
}
