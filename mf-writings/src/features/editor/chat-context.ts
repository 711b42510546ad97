// What the chat learns of the open writing: its text when the chat asks (`document.request`), and the
// writing (or its selected part) handed over by "Ask AI".
import type { Editor as TiptapEditor } from '@tiptap/core';
import { type ContextItem, type EventBus, messages, useBusEvent } from 'shared-kernel';

/** The open writing as the chat's context item: its heading as title, its text (or `text`) as content. */
function writingItem(editor: TiptapEditor, writingId: string, text?: string): ContextItem {
  const title = editor.state.doc.firstChild?.textContent.trim() || messages.writings.untitled;
  return { type: 'Writing', id: writingId, title, content: text ?? editor.getText({ blockSeparator: '\n' }) };
}

/**
 * Answers the chat's `document.request` with the open writing, computed only when asked (nothing runs
 * per keystroke), and returns "Ask AI": the selection, or the whole writing, added to the chat's context.
 */
export function useChatContext({
  bus,
  editor,
  writingId,
  shown,
}: {
  bus: EventBus;
  editor: TiptapEditor;
  writingId: string;
  shown: boolean;
}): () => void {
  useBusEvent(bus, 'document.request', () => {
    if (!shown || editor.isDestroyed) return;
    bus.emit({ type: 'document.active', item: writingItem(editor, writingId) });
  });
  return () => {
    const { from, to, empty } = editor.state.selection;
    const selected = empty ? undefined : editor.state.doc.textBetween(from, to, '\n');
    bus.emit({ type: 'chat.context-add', item: writingItem(editor, writingId, selected) });
  };
}
