import { describe, expect, it } from 'vitest';
import { type ExportedData, exportFiles } from './export-data.ts';

const text = (value: string, marks?: object[]) => ({
  type: 'text',
  text: value,
  ...(marks ? { marks } : {}),
});

const writing = (title: string, content: object[]) => ({
  id: crypto.randomUUID(),
  title,
  category_id: null,
  content: { type: 'doc', content },
  created_at: '2024-05-01T10:00:00.000Z',
  updated_at: '2024-05-01T10:00:00.000Z',
});

describe('the "Export all data" archive', () => {
  it('writes stored javascript: links and images as text, and literal Markdown as text', () => {
    const data: ExportedData = {
      folders: [],
      ideas: [],
      writings: [
        writing('Shared notes', [
          {
            type: 'paragraph',
            content: [
              text('EVIL', [{ type: 'link', attrs: { href: 'javascript:window.__pwned=1' } }]),
              text(' and '),
              text('[click me](javascript:alert(document.domain))'),
            ],
          },
          { type: 'image', attrs: { src: 'javascript:alert(1)', alt: 'x' } },
          {
            type: 'paragraph',
            content: [text('Safe', [{ type: 'link', attrs: { href: 'https://example.com' } }])],
          },
        ]),
      ],
    };
    const files = exportFiles(data, new Date('2024-05-02T00:00:00.000Z'));
    expect(files['writings/Unfiled/Shared notes.md']).toBe(
      'EVIL and \\[click me\\](javascript:alert(document.domain))\n\nx\n\n[Safe](https://example.com)\n',
    );
  });
});
