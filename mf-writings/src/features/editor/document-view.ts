// What the editor does to its document: show a stored one, retitle it, read its draft, leave it.
import type { Editor as TiptapEditor } from '@tiptap/core';
import { EditorState, Selection } from '@tiptap/pm/state';
import { isAbandonedDraft, type Json, messages } from 'shared-kernel';
import { getWritingsState, removeWriting, type WritingDraft } from '../writings-store/index.ts';
import { normalizeDocument, plainTextDocument, summaryText } from './document/index.ts';
import { toEditorContent, toStoredContent } from './extensions/index.ts';
import type { SaveController } from './saving/index.ts';

/**
 * Replaces the editor's document with a stored one, with a fresh undo history (undo never crosses into
 * another writing, nor back into a copy someone else has since replaced). Content the schema refuses
 * falls back to its plain text. `keepCursor` (a newer copy of the same writing) leaves the cursor where
 * it was, as near as the new document allows.
 */
export function showDocument(editor: TiptapEditor, content: unknown, { keepCursor = false } = {}): void {
  let doc: ReturnType<typeof editor.schema.nodeFromJSON>;
  try {
    doc = editor.schema.nodeFromJSON(toEditorContent(normalizeDocument(content)));
    doc.check();
  } catch {
    doc = editor.schema.nodeFromJSON(toEditorContent(plainTextDocument(content)));
  }
  const selection = keepCursor
    ? Selection.near(doc.resolve(Math.min(editor.state.selection.head, doc.content.size)))
    : undefined;
  editor.view.updateState(EditorState.create({ doc, selection, plugins: editor.state.plugins }));
}

/** Replaces the text of the document's title heading (one is added first when there is none). */
export function retitle(editor: TiptapEditor, title: string): void {
  const { state } = editor;
  const first = state.doc.firstChild;
  const text = state.schema.text(title);
  const tr =
    first?.type.name === 'heading'
      ? state.tr.replaceWith(1, 1 + first.content.size, text)
      : state.tr.insert(0, state.schema.node('heading', { level: 1 }, text));
  editor.view.dispatch(tr);
}

/** The open writing's draft: the one place the whole document is serialised (after typing pauses). */
export function readDraft(editor: TiptapEditor, id: string): WritingDraft {
  const { title, preview } = summaryText(editor.state.doc);
  const current =
    getWritingsState().items.find((item) => item.id === id)?.title ?? messages.writings.untitled;
  return { title: title ?? current, preview, content: toStoredContent(editor.state.doc) as Json };
}

/** Leaving a writing: an empty 'Untitled' one is deleted, any other is saved if it has changes. */
export function leaveWriting(editor: TiptapEditor, controller: SaveController, id: string): void {
  const title = getWritingsState().items.find((item) => item.id === id)?.title ?? '';
  if (isAbandonedDraft({ title, text: editor.state.doc.textContent })) {
    controller.discard();
    void removeWriting(id).catch(() => {});
  } else {
    void controller.close();
  }
}
