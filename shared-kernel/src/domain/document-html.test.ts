import { describe, expect, it } from 'vitest';
import type { DocumentNode } from './document.ts';
import { documentToHtml } from './document-html.ts';

const doc = (...content: object[]) => ({ type: 'doc', content }) as DocumentNode;
const text = (value: string, marks?: object[]) => ({
  type: 'text',
  text: value,
  ...(marks ? { marks } : {}),
});

describe('documentToHtml', () => {
  it('writes headings, paragraphs, marks, lists and code as HTML', () => {
    const html = documentToHtml(
      doc(
        { type: 'heading', attrs: { level: 1 }, content: [text('Title')] },
        {
          type: 'paragraph',
          content: [
            text('bold', [{ type: 'bold' }]),
            text(' and '),
            text('link', [{ type: 'link', attrs: { href: 'https://example.org' } }]),
          ],
        },
        {
          type: 'bulletList',
          content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [text('one')] }] }],
        },
        { type: 'codeBlock', content: [text('a < b')] },
      ),
      'Title',
    );
    expect(html).toContain('<title>Title</title>');
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain(
      '<p><strong>bold</strong> and <a href="https://example.org" rel="noopener noreferrer">link</a></p>',
    );
    expect(html).toContain('<ul><li><p>one</p></li></ul>');
    expect(html).toContain('<pre><code>a &lt; b</code></pre>');
  });

  it('keeps stored markup and unsafe addresses inert', () => {
    const html = documentToHtml(
      doc(
        {
          type: 'paragraph',
          content: [
            text('<script>alert(1)</script>'),
            text('x', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }]),
          ],
        },
        { type: 'image', attrs: { src: 'javascript:alert(1)', alt: '"><script>' } },
      ),
      '<b>title</b>',
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<title>&lt;b&gt;title&lt;/b&gt;</title>');
  });
});
