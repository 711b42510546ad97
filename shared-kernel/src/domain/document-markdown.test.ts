import { describe, expect, it } from 'vitest';
import type { DocumentNode } from './document.ts';
import { documentToMarkdown } from './document-markdown.ts';

const text = (value: string, marks?: { type: string; attrs?: Record<string, unknown> }[]) => ({
  type: 'text',
  text: value,
  ...(marks ? { marks } : {}),
});

const doc = (...content: object[]) => ({ type: 'doc', content }) as DocumentNode;
const paragraph = (...content: object[]) => ({ type: 'paragraph', content });

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

  it('keeps a normal https link, bold and italic as before', () => {
    const markdown = documentToMarkdown(
      doc(
        paragraph(
          text('Read '),
          text('the guide', [{ type: 'link', attrs: { href: 'https://example.com/guide?page=2#intro' } }]),
          text(', '),
          text('carefully', [{ type: 'bold' }]),
          text(' and '),
          text('slowly', [{ type: 'italic' }]),
          text(' or '),
          text('mail me', [{ type: 'link', attrs: { href: 'mailto:me@example.com' } }]),
          text('.'),
        ),
      ),
    );
    expect(markdown).toBe(
      'Read [the guide](https://example.com/guide?page=2#intro), **carefully** and *slowly* or [mail me](mailto:me@example.com).\n',
    );
  });

  it('writes a link to a javascript: or other unsafe address as its text only', () => {
    const markdown = documentToMarkdown(
      doc(
        paragraph(text('EVIL', [{ type: 'link', attrs: { href: 'javascript:window.__pwned=1' } }])),
        paragraph(
          text('see '),
          text('this', [{ type: 'bold' }, { type: 'link', attrs: { href: ' JavaScript:alert(1)' } }]),
          text(' and '),
          text('that', [{ type: 'link', attrs: { href: 'data:text/html,<script>alert(1)</script>' } }]),
        ),
      ),
    );
    expect(markdown).toBe('EVIL\n\nsee **this** and that\n');
  });

  it('writes an image with a data: or javascript: source as its alt text, or not at all', () => {
    const markdown = documentToMarkdown(
      doc(
        { type: 'image', attrs: { src: 'data:image/svg+xml,<svg onload=alert(1)>', alt: 'A [map]' } },
        { type: 'image', attrs: { src: 'javascript:alert(1)', alt: '' } },
        { type: 'image', attrs: { src: 'https://cdn.example.com/harbour.png', alt: 'Harbour' } },
      ),
    );
    expect(markdown).toBe('A \\[map\\]\n\n![Harbour](https://cdn.example.com/harbour.png)\n');
  });

  it('escapes literal Markdown typed as text, so a link written out stays text', () => {
    expect(documentToMarkdown(doc(paragraph(text('[click me](javascript:alert(document.domain))'))))).toBe(
      '\\[click me\\](javascript:alert(document.domain))\n',
    );
    expect(
      documentToMarkdown(doc(paragraph(text('![x](javascript:alert(1)) <img src=x onerror=alert(1)>')))),
    ).toBe('!\\[x\\](javascript:alert(1)) \\<img src=x onerror=alert(1)>\n');
  });

  it('escapes other syntax where Markdown would read it, and leaves ordinary prose alone', () => {
    const markdown = documentToMarkdown(
      doc(
        paragraph(text('# not a heading'), { type: 'hardBreak' }, text('> nor a quote')),
        paragraph(text('1. nor a list, *nor* _emphasis_ or `code`, \\ &amp; ~~strike~~')),
        paragraph(text("It's 5 - 3 = 2 (roughly)! Use snake_case, #tags & 1.5 mm; see a.b?")),
        paragraph(text('Wow!'), text('link', [{ type: 'link', attrs: { href: 'https://example.com' } }])),
      ),
    );
    expect(markdown).toBe(
      [
        '\\# not a heading  \n\\> nor a quote',
        '1\\. nor a list, \\*nor\\* \\_emphasis\\_ or \\`code\\`, \\\\ \\&amp; \\~\\~strike\\~\\~',
        "It's 5 - 3 = 2 (roughly)! Use snake_case, #tags & 1.5 mm; see a.b?",
        'Wow\\![link](https://example.com)\n',
      ].join('\n\n'),
    );
  });

  it('keeps a safe address inside its link, and code inside its code', () => {
    const markdown = documentToMarkdown(
      doc(
        paragraph(
          text('x', [{ type: 'link', attrs: { href: 'https://example.com/a b)![y](javascript:alert(1)' } }]),
          text(' and '),
          text('a `tick` <b>', [{ type: 'code' }]),
        ),
        {
          type: 'codeBlock',
          attrs: { language: 'js\n<b>' },
          content: [text('```\n[x](javascript:alert(1))')],
        },
      ),
    );
    expect(markdown).toBe(
      '[x](https://example.com/a%20b\\)![y]\\(javascript:alert\\(1\\)) and ``a `tick` <b>``\n\n' +
        '````jsb\n```\n[x](javascript:alert(1))\n````\n',
    );
  });

  it('gives an empty text for a missing or empty document', () => {
    expect(documentToMarkdown(null)).toBe('');
    expect(documentToMarkdown({ type: 'doc', content: [{ type: 'paragraph' }] })).toBe('');
  });
});
