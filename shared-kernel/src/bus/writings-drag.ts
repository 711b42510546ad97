/**
 * The drag data type of writings dragged from the writings list: their ids, as JSON. Folders take them
 * (a move), and the chat panel too (each becomes a context item, read from the database by id).
 */
export const WRITINGS_DRAG_TYPE = 'application/x-workspace-writings';

/** The dragged writings' ids, or `null` when the drag carries something else. */
export function readDraggedWritingIds(dataTransfer: DataTransfer): string[] | null {
  const data = dataTransfer.getData(WRITINGS_DRAG_TYPE);
  if (!data) return null;
  try {
    const ids: unknown = JSON.parse(data);
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : null;
  } catch {
    return null;
  }
}
