import { describe, expect, it } from 'vitest';
import { documentToMarkdown } from './document-markdown.ts';

const text = (value: string, marks?: { type: string; attrs?: Record<string, unknown> }[]) => ({
  type: 'text',
  text: value,
  ...(marks ? { marks } : {}),
});

describe('documentToMarkdown', () => {
  it('writes the title, paragraphs with marks and links, lists, quotes and code', () => {
    const markdown = documentToMarkdown({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 1 }, content: [text('My essay')] },
        {
          type: 'paragraph',
          content: [
            text('Some '),
            text('bold', [{ type: 'bold' }]),
            text(' and a '),
            text('link', [{ type: 'link', attrs: { href: 'https://example.com' } }]),
          ],
        },
        {
          type: 'bulletList',
          content: [
            { type: 'listItem', content: [{ type: 'paragraph', content: [text('one')] }] },
            { type: 'listItem', content: [{ type: 'paragraph', content: [text('two')] }] },
          ],
        },
        { type: 'blockquote', content: [{ type: 'paragraph', content: [text('quoted')] }] },
        { type: 'codeBlock', attrs: { language: 'ts' }, content: [text('const a = 1;')] },
      ],
    });
    expect(markdown).toBe(
      '# My essay\n\nSome **bold** and a [link](https://example.com)\n\n- one\n- two\n\n> quoted\n\n```ts\nconst a = 1;\n```\n',
    );
  });

  it('gives an empty text for a missing or empty document', () => {
    expect(documentToMarkdown(null)).toBe('');
    expect(documentToMarkdown({ type: 'doc', content: [{ type: 'paragraph' }] })).toBe('');
  });
});
