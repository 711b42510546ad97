// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  createWritingDocument,
  type DocumentNode,
  documentPlainText,
  titleFromDocument,
  writingPreview,
} from './document.ts';

const text = (value: string): DocumentNode => ({ type: 'text', text: value });
const heading = (value: string, level = 1): DocumentNode => ({
  type: 'heading',
  attrs: { level },
  content: [text(value)],
});
const paragraph = (...content: DocumentNode[]): DocumentNode => ({ type: 'paragraph', content });
const doc = (...content: DocumentNode[]): DocumentNode => ({ type: 'doc', content });

const essay = doc(
  heading('On Walking'),
  paragraph(text('Walking is '), {
    type: 'text',
    text: 'thinking',
    marks: [{ type: 'bold' }],
  } as DocumentNode),
  { type: 'image', attrs: { src: 'https://example.com/a.png' } },
  {
    type: 'bulletList',
    content: [
      { type: 'listItem', content: [paragraph(text('with feet'))] },
      { type: 'listItem', content: [paragraph(text('line'), { type: 'hardBreak' }, text('break'))] },
    ],
  },
  { type: 'paragraph' },
  heading('Second part', 2),
);

describe('document plain text', () => {
  it('gives one line per text block at any depth and skips images and empty blocks', () => {
    expect(documentPlainText(essay)).toBe(
      'On Walking\nWalking is thinking\nwith feet\nline\nbreak\nSecond part',
    );
  });

  it('is empty for a missing or empty document', () => {
    expect(documentPlainText(null)).toBe('');
    expect(documentPlainText(undefined)).toBe('');
    expect(documentPlainText(createWritingDocument())).toBe('');
  });
});

describe('title from a document', () => {
  it('takes the first heading, trimmed', () => {
    expect(titleFromDocument(doc(paragraph(text('intro')), heading('  Real title '), heading('Later')))).toBe(
      'Real title',
    );
  });

  it('gives nothing when there is no heading or it is blank, so the title stays', () => {
    expect(titleFromDocument(doc(paragraph(text('no heading'))))).toBeNull();
    expect(titleFromDocument(doc(heading('   '), paragraph(text('body'))))).toBeNull();
    expect(titleFromDocument(createWritingDocument())).toBeNull();
    expect(titleFromDocument(null)).toBeNull();
  });
});

describe('writing preview', () => {
  it('skips the first heading and joins the rest on one line', () => {
    expect(writingPreview(essay)).toBe('Walking is thinking with feet line break Second part');
  });

  it('is at most 120 characters, ending with an ellipsis when cut', () => {
    const preview = writingPreview(doc(heading('Title'), paragraph(text('word '.repeat(60)))));
    expect(preview).toHaveLength(120);
    expect(preview.endsWith('…')).toBe(true);
    expect(preview.startsWith('word word')).toBe(true);
  });

  it('reads the document only as far as the preview shows, however long the writing', () => {
    const unread = {
      type: 'paragraph',
      get content(): never {
        throw new Error('read past the preview');
      },
    } as DocumentNode;
    const preview = writingPreview(doc(heading('Title'), paragraph(text('word '.repeat(30))), unread));
    expect(preview).toBe(`${Array(24).fill('word').join(' ')}…`);
  });

  it('is empty for a document holding only its title', () => {
    expect(writingPreview(createWritingDocument('Only a title'))).toBe('');
    expect(writingPreview(null)).toBe('');
  });
});

describe('new writing document', () => {
  it('starts with the title as a level-1 heading followed by a paragraph', () => {
    const created = createWritingDocument('Draft');
    expect(created.content?.map((node) => node.type)).toEqual(['heading', 'paragraph']);
    expect(created.content?.[0]?.attrs).toEqual({ level: 1 });
    expect(titleFromDocument(created)).toBe('Draft');
  });
});
