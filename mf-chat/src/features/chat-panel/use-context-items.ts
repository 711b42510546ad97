// Where context items come from: `chat.context-add` on the bus ("Ask AI"), and drops on the panel (an
// idea or writing from the ideas panel, writings from the writings list, read by id from the database).
import { type DragEvent, useCallback, useState } from 'react';
import {
  addContextItem,
  CONTEXT_ITEM_DRAG_TYPE,
  type ContextItem,
  type EventBus,
  readContextItemDrag,
  readDraggedWritingIds,
  useBusEvent,
  type WorkspaceClient,
  WRITINGS_DRAG_TYPE,
} from 'shared-kernel';

const carriesContext = (event: DragEvent) =>
  event.dataTransfer.types.includes(CONTEXT_ITEM_DRAG_TYPE) ||
  event.dataTransfer.types.includes(WRITINGS_DRAG_TYPE);

async function writingsAsItems(client: WorkspaceClient, ids: string[]): Promise<ContextItem[]> {
  const { data, error } = await client.from('writings').select('id, title, content_text').in('id', ids);
  if (error) throw error;
  return (data ?? []).map((row) => ({
    type: 'Writing',
    id: row.id,
    title: row.title,
    content: row.content_text,
  }));
}

export function useContextItems(
  bus: EventBus,
  client: () => WorkspaceClient | undefined,
  onAdded: () => void,
) {
  const [items, setItems] = useState<ContextItem[]>([]);
  const [dropping, setDropping] = useState(false);
  const add = useCallback(
    (added: ContextItem[]) => {
      setItems((current) =>
        added.reduce<ContextItem[]>((list, item) => [...addContextItem(list, item)], current),
      );
      onAdded();
    },
    [onAdded],
  );
  useBusEvent(bus, 'chat.context-add', (event) => add([event.item]));

  const dropTarget = {
    onDragOver: (event: DragEvent) => {
      if (!carriesContext(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
      setDropping(true);
    },
    onDragLeave: () => setDropping(false),
    onDrop: (event: DragEvent) => {
      setDropping(false);
      if (!carriesContext(event)) return;
      event.preventDefault();
      const item = readContextItemDrag(event.dataTransfer);
      if (item) return add([item]);
      const ids = readDraggedWritingIds(event.dataTransfer);
      const backend = client();
      if (ids?.length && backend) {
        writingsAsItems(backend, ids).then(add, (error: unknown) =>
          console.warn('[chat] dropped writings unreadable', error),
        );
      }
    },
  };
  return { items, setItems, dropTarget, dropping };
}
