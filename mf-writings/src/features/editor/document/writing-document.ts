import type { JSONContent } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import {
  createWritingDocument,
  type DocumentNode,
  documentPlainText,
  WRITING_PREVIEW_LENGTH,
  writingPreview,
} from 'shared-kernel';
import { forEachBlock } from '../extensions/index.ts';

/** What the list shows of the open writing: derived from the editor's document without serialising it. */
export interface WritingSummaryText {
  /** The first heading's text, or `null` when it is blank (the writing keeps its title). */
  title: string | null;
  preview: string;
}

function isDocument(value: unknown): value is JSONContent & { content?: JSONContent[] } {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'doc';
}

/**
 * A stored document brought to the writing's structure: a heading first (a level-1 title is added
 * when the first block is not a heading) and at least one block after it. `null` or a non-document
 * becomes the empty writing. Nothing already there is dropped.
 */
export function normalizeDocument(content: unknown): JSONContent {
  const document = isDocument(content) ? content : (createWritingDocument() as JSONContent);
  let blocks = document.content ?? [];
  if (blocks[0]?.type !== 'heading') blocks = [{ type: 'heading', attrs: { level: 1 } }, ...blocks];
  if (blocks.length < 2) blocks = [...blocks, { type: 'paragraph' }];
  return { type: 'doc', content: blocks };
}

/**
 * A document from stored JSON that the schema refuses (an unknown node, a broken structure): its plain
 * text as paragraphs under an empty title, so no text is lost.
 */
export function plainTextDocument(content: unknown): JSONContent {
  const lines = documentPlainText(isDocument(content) ? (content as DocumentNode) : null).split('\n');
  return {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 1 } },
      ...lines.map((line) =>
        line ? { type: 'paragraph', content: [{ type: 'text', text: line }] } : { type: 'paragraph' },
      ),
    ],
  };
}

/**
 * The title and list preview of the editor's document. Budget: this runs after typing, so it reads the
 * first heading and only as many following blocks as the 120-character preview needs, never the whole
 * document (a 100,000-word writing serialises in tens of milliseconds).
 */
export function summaryText(doc: ProseMirrorNode): WritingSummaryText {
  const first = doc.firstChild;
  const heading = first?.type.name === 'heading' ? first : null;
  const title = heading?.textContent.trim() || null;
  const body: JSONContent[] = [];
  let length = 0;
  forEachBlock(doc, (node) => {
    if (node === heading) return true;
    body.push(node.toJSON() as JSONContent);
    length += node.textContent.length + 1;
    return length <= WRITING_PREVIEW_LENGTH;
  });
  const preview = writingPreview({
    type: 'doc',
    content: [...(heading ? [heading.toJSON() as DocumentNode] : []), ...(body as DocumentNode[])],
  });
  return { title, preview };
}

/** The words of a text: runs of letters, digits and joining marks, so punctuation alone is no word. */
export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu)?.length ?? 0;
}

// Blocks are immutable and an edit leaves the others as they were: each is counted once.
const blockWords = new WeakMap<ProseMirrorNode, number>();

/**
 * The words of the editor's document, title included, counted while `hasTime()` answers true: null when
 * time ran out first. What was counted is kept, so the next call goes on from there. Budget: recounting
 * after an edit reads only the blocks it changed, not 100,000 words.
 */
export function countDocumentWords(doc: ProseMirrorNode, hasTime: () => boolean = () => true): number | null {
  let total = 0;
  let counted = true;
  forEachBlock(doc, (block) => {
    let words = blockWords.get(block);
    if (words === undefined) {
      if (!hasTime()) {
        counted = false;
        return false;
      }
      words = countWords(block.textBetween(0, block.content.size, '\n', ' '));
      blockWords.set(block, words);
    }
    total += words;
    return true;
  });
  return counted ? total : null;
}
