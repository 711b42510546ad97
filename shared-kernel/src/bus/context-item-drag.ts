import type { ContextItem } from '../domain/validation.ts';
import { busEventSchema } from './events.ts';

/**
 * The drag data type of an idea or writing dragged to the chat: its context item as JSON. The item is
 * also put as plain text, so a drop into the editor (or any text field) inserts its content.
 */
export const CONTEXT_ITEM_DRAG_TYPE = 'application/x-workspace-context-item';

/** Puts a context item on a drag (the chat panel reads it with {@link readContextItemDrag}). */
export function setContextItemDrag(dataTransfer: DataTransfer, item: ContextItem): void {
  dataTransfer.setData(CONTEXT_ITEM_DRAG_TYPE, JSON.stringify(item));
  dataTransfer.setData('text/plain', item.content);
  dataTransfer.effectAllowed = 'copyMove';
}

/** The context item a drop carries, validated like the bus's `chat.context-add`, or `null`. */
export function readContextItemDrag(dataTransfer: DataTransfer): ContextItem | null {
  const raw = dataTransfer.getData(CONTEXT_ITEM_DRAG_TYPE);
  if (!raw) return null;
  try {
    const parsed = busEventSchema.safeParse({ type: 'chat.context-add', item: JSON.parse(raw) });
    return parsed.success && parsed.data.type === 'chat.context-add' ? parsed.data.item : null;
  } catch {
    return null;
  }
}
