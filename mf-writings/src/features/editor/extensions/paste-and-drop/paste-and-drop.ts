import { Extension } from '@tiptap/core';
import type { Node as ProseMirrorNode, Schema } from '@tiptap/pm/model';
import { Plugin, PluginKey, TextSelection, type Transaction } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import { imageFilesOf } from '../../images/image-files.ts';
import { afterBlockAt, isInTopLevelBlock } from '../block-groups/index.ts';
import { parseEmbedUrl } from '../embeds/index.ts';

/** What the editor does with image files dropped or pasted into it. */
export interface PasteAndDropOptions {
  /** Called with the image files (others are ignored) and where they were dropped (`null`: the cursor). */
  onImageFiles: (files: File[], position: number | null) => void;
}

/**
 * Puts the caret in the first line after what `transaction` inserted at the caret (images, an embed),
 * making an empty one when the writing ends there. The editor leaves an inserted node selected, and the
 * next key or paste replaced it: a screenshot pasted, then a caption typed, was gone.
 */
export function caretAfterInserted(transaction: Transaction): Transaction {
  const end = transaction.selection.to;
  let after = TextSelection.findFrom(transaction.doc.resolve(end), 1, true);
  const paragraph = transaction.doc.type.schema.nodes.paragraph;
  if (!after && paragraph) {
    transaction.insert(end, paragraph.create());
    after = TextSelection.findFrom(transaction.doc.resolve(end), 1, true);
  }
  return after ? transaction.setSelection(after) : transaction;
}

function embedNodeFor(schema: Schema, text: string): ProseMirrorNode | null {
  const embed = parseEmbedUrl(text);
  return embed ? (schema.nodes.embed?.create(embed) ?? null) : null;
}

/**
 * Typing a YouTube link alone in a paragraph, then Enter or Space, turns the paragraph into the
 * embed and puts the cursor in a new paragraph after it.
 */
function convertTypedYoutubeLink(view: EditorView): boolean {
  const { state } = view;
  const { $from, empty } = state.selection;
  const paragraph = $from.parent;
  if (!empty || paragraph.type.name !== 'paragraph' || $from.parentOffset !== paragraph.content.size)
    return false;
  if (!isInTopLevelBlock(state)) return false;
  const embed = parseEmbedUrl(paragraph.textContent);
  if (embed?.provider !== 'youtube') return false;
  const node = embedNodeFor(state.schema, embed.url);
  const after = state.schema.nodes.paragraph?.create();
  if (!node || !after) return false;
  const start = $from.before();
  const transaction = state.tr.replaceWith(start, $from.after(), [node, after]);
  transaction.setSelection(TextSelection.create(transaction.doc, start + node.nodeSize + 1));
  view.dispatch(transaction.scrollIntoView());
  return true;
}

/**
 * Pasted or dropped links to YouTube, Spotify, X/Twitter or Loom become embeds (any other link stays
 * text, linked by the Link mark's own rules); pasted or dropped image files go to `onImageFiles`.
 */
export const PasteAndDrop = Extension.create<PasteAndDropOptions>({
  name: 'pasteAndDrop',
  addOptions() {
    return { onImageFiles: () => {} };
  },
  addProseMirrorPlugins() {
    const { onImageFiles } = this.options;
    return [
      new Plugin({
        key: new PluginKey('pasteAndDrop'),
        props: {
          handlePaste: (view, event) => {
            if (!view.editable) return false;
            const files = imageFilesOf(event.clipboardData?.files);
            if (files.length > 0) {
              onImageFiles(files, null);
              return true;
            }
            const node = embedNodeFor(view.state.schema, event.clipboardData?.getData('text/plain') ?? '');
            if (!node) return false;
            view.dispatch(caretAfterInserted(view.state.tr.replaceSelectionWith(node)).scrollIntoView());
            return true;
          },
          handleDrop: (view, event, _slice, moved) => {
            if (moved || !view.editable) return false;
            const position = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos ?? null;
            const files = imageFilesOf(event.dataTransfer?.files);
            if (files.length > 0) {
              event.preventDefault();
              onImageFiles(files, position);
              return true;
            }
            const text =
              event.dataTransfer?.getData('text/uri-list') || event.dataTransfer?.getData('text/plain') || '';
            const node = embedNodeFor(view.state.schema, text.split('\n')[0] ?? '');
            if (!node) return false;
            event.preventDefault();
            const transaction = view.state.tr;
            if (position === null) transaction.replaceSelectionWith(node);
            else transaction.insert(afterBlockAt(transaction.doc, position), node);
            view.dispatch(transaction.scrollIntoView());
            return true;
          },
          handleKeyDown: (view, event) => {
            if (event.key !== 'Enter' && event.key !== ' ') return false;
            if (event.shiftKey || event.metaKey || event.ctrlKey || event.altKey) return false;
            return convertTypedYoutubeLink(view);
          },
        },
      }),
    ];
  },
});
