import { WRITING_PREVIEW_LENGTH } from './constants.ts';
import { previewText } from './text.ts';

/** A node of a Tiptap / ProseMirror JSON document, reduced to what the domain helpers read. */
export type DocumentNode = {
  readonly type: string;
  readonly text?: string;
  readonly attrs?: Readonly<Record<string, unknown>>;
  readonly marks?: readonly { readonly type: string; readonly attrs?: Readonly<Record<string, unknown>> }[];
  readonly content?: readonly DocumentNode[];
};

/** A whole writing: a level-1 heading as its title, then one or more blocks. */
export type WritingDocument = DocumentNode & { readonly type: 'doc' };

function isInline(node: DocumentNode): boolean {
  return node.type === 'text' || node.type === 'hardBreak';
}

function inlineText(node: DocumentNode): string {
  if (node.type === 'text') return node.text ?? '';
  if (node.type === 'hardBreak') return '\n';
  return (node.content ?? []).map(inlineText).join('');
}

/**
 * One line per non-empty text block (paragraph, heading, code block), found at any depth (lists,
 * quotes), made as they are read. Atoms such as images and embeds have no text and give no line.
 */
function* textLines(node: DocumentNode): Generator<string> {
  const children = node.content ?? [];
  if (!children.every(isInline)) {
    for (const child of children) yield* textLines(child);
    return;
  }
  const line = inlineText(node);
  if (line !== '') yield line;
}

/** The characters of a document's plain text (see {@link documentPlainText}), made as they are read. */
function* plainTextCharacters(doc: DocumentNode): Generator<string> {
  let first = true;
  for (const line of textLines(doc)) {
    if (!first) yield '\n';
    first = false;
    yield* line;
  }
}

/** The plain text of a document, one line per non-empty text block; empty for a missing document. */
export function documentPlainText(doc: DocumentNode | null | undefined): string {
  return doc ? [...textLines(doc)].join('\n') : '';
}

function firstHeadingIndex(doc: DocumentNode): number {
  return (doc.content ?? []).findIndex((node) => node.type === 'heading');
}

/**
 * The writing's title: the first heading's text, trimmed. `null` when there is no heading or it is
 * blank, in which case the writing keeps its current title.
 */
export function titleFromDocument(doc: DocumentNode | null | undefined): string | null {
  if (!doc) return null;
  const heading = doc.content?.[firstHeadingIndex(doc)];
  const title = heading ? inlineText(heading).trim() : '';
  return title === '' ? null : title;
}

/** The writings-list preview: the text after the first heading, at most 120 characters. */
export function writingPreview(doc: DocumentNode | null | undefined): string {
  if (!doc) return '';
  const headingIndex = firstHeadingIndex(doc);
  const body = (doc.content ?? []).filter((_, index) => index !== headingIndex);
  // Read only as far as the preview shows: a writing is listed, opened and saved with its preview.
  return previewText(plainTextCharacters({ type: 'doc', content: body }), WRITING_PREVIEW_LENGTH);
}

/** A new writing's document: the title as a level-1 heading, then an empty paragraph to type in. */
export function createWritingDocument(title = ''): WritingDocument {
  return {
    type: 'doc',
    content: [
      {
        type: 'heading',
        attrs: { level: 1 },
        ...(title ? { content: [{ type: 'text', text: title }] } : {}),
      },
      { type: 'paragraph' },
    ],
  };
}
