import { BLOCK_GROUP_SIZE } from 'shared-kernel';
import { describe, expect, it } from 'vitest';
import { staticDocumentHtml } from './static-writing.tsx';

const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });

describe('staticDocumentHtml', () => {
  it('lays the writing out as the editor does: the title, then groups of blocks', () => {
    const blocks = Array.from({ length: BLOCK_GROUP_SIZE + 1 }, (_, index) => paragraph(`Line ${index}`));
    const html = staticDocumentHtml({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Tides' }] },
        ...blocks,
      ],
    });
    const page = new DOMParser().parseFromString(html, 'text/html');
    expect(page.body.firstElementChild?.outerHTML).toBe('<h1>Tides</h1>');
    const groups = page.querySelectorAll('.block-group');
    expect(groups).toHaveLength(2);
    expect(groups[0]?.children).toHaveLength(BLOCK_GROUP_SIZE);
    expect(groups[1]?.textContent).toBe(`Line ${BLOCK_GROUP_SIZE}`);
  });

  it('shows stored markup and script as text, and drops links that are not http(s) or mailto', () => {
    const html = staticDocumentHtml({
      type: 'doc',
      content: [
        {
          type: 'heading',
          attrs: { level: 1 },
          content: [{ type: 'text', text: '<img src=x onerror=alert(1)>' }],
        },
        {
          type: 'paragraph',
          content: [
            {
              type: 'text',
              text: 'click',
              marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }],
            },
          ],
        },
      ],
    });
    const page = new DOMParser().parseFromString(html, 'text/html');
    expect(page.querySelector('h1')?.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(page.querySelectorAll('img, a, script')).toHaveLength(0);
  });

  it('gives a writing without a title heading an empty one, as the editor does', () => {
    const page = new DOMParser().parseFromString(staticDocumentHtml(null), 'text/html');
    expect(page.body.innerHTML).toBe('<h1><br></h1>');
  });
});
