import { describe, expect, it } from 'vitest';
import { withTitle } from './retitle.ts';

describe('withTitle', () => {
  it('replaces the text of the first heading and keeps the rest of the document', () => {
    const content = {
      type: 'doc',
      content: [
        {
          type: 'heading',
          attrs: { level: 1 },
          content: [{ type: 'text', text: 'Old', marks: [{ type: 'bold' }] }],
        },
        { type: 'paragraph', content: [{ type: 'text', text: 'Body' }] },
      ],
    };
    expect(withTitle(content, 'New')).toEqual({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'New' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'Body' }] },
      ],
    });
  });

  it('puts a level-1 heading first when the document has none, and makes a document of nothing', () => {
    const paragraph = { type: 'paragraph', content: [{ type: 'text', text: 'Body' }] };
    expect(withTitle({ type: 'doc', content: [paragraph] }, 'New')).toEqual({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'New' }] },
        paragraph,
      ],
    });
    expect(withTitle(null, 'New')).toEqual({
      type: 'doc',
      content: [{ type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'New' }] }],
    });
  });
});
