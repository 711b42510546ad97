// What the editor does to its document: show a stored one, retitle it, read its draft, leave it.
import type { Editor as TiptapEditor } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { EditorState, Selection } from '@tiptap/pm/state';
import { isAbandonedDraft, type Json, messages } from 'shared-kernel';
import { getWritingsState, removeWriting, type WritingDraft } from '../writings-store/index.ts';
import { normalizeDocument, plainTextDocument, summaryText } from './document/index.ts';
import { toEditorContent, toStoredContent } from './extensions/index.ts';
import type { SaveController } from './saving/index.ts';

/** Marks a transaction that shows a newer copy saved elsewhere: not the writer's change, nothing to save. */
export const SHOWS_SAVED_COPY = 'showsSavedCopy';

/**
 * Replaces the editor's document with a stored one, with a fresh undo history (undo never crosses into
 * another writing). Content the schema refuses falls back to its plain text. `keepCursor` (a newer copy
 * of the same writing, saved elsewhere) changes only what differs, in one transaction kept out of the
 * undo history: the cursor and the selection follow the text they were in (a paragraph added above
 * them moves them down), and undo still takes back the writer's own last changes.
 */
export function showDocument(editor: TiptapEditor, content: unknown, { keepCursor = false } = {}): void {
  let doc: ReturnType<typeof editor.schema.nodeFromJSON>;
  try {
    doc = editor.schema.nodeFromJSON(toEditorContent(normalizeDocument(content)));
    doc.check();
  } catch {
    doc = editor.schema.nodeFromJSON(toEditorContent(plainTextDocument(content)));
  }
  if (keepCursor && showChanges(editor, doc)) return;
  const selection = keepCursor
    ? Selection.near(doc.resolve(Math.min(editor.state.selection.head, doc.content.size)))
    : undefined;
  editor.view.updateState(EditorState.create({ doc, selection, plugins: editor.state.plugins }));
}

/** Replaces the part of the document that differs from `doc`; false when a replace does not give `doc`. */
function showChanges(editor: TiptapEditor, doc: ProseMirrorNode): boolean {
  const { state } = editor;
  const start = state.doc.content.findDiffStart(doc.content);
  if (start === null) return true;
  const ends = state.doc.content.findDiffEnd(doc.content);
  if (!ends) return false;
  // Where the two share text on both sides of a change, the ends can come before the start.
  const overlap = Math.max(0, start - Math.min(ends.a, ends.b));
  const transaction = state.tr
    .replace(start, ends.a + overlap, doc.slice(start, ends.b + overlap))
    .setMeta('addToHistory', false)
    .setMeta(SHOWS_SAVED_COPY, true);
  if (!transaction.doc.eq(doc)) return false;
  editor.view.dispatch(transaction);
  return true;
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
