import { Editor, type JSONContent } from '@tiptap/core';
import { CODE_BLOCK_COLLAPSE_LINES } from 'shared-kernel';
import { afterEach, describe, expect, it } from 'vitest';
import { normalizeDocument, plainTextDocument, summaryText } from '../document/index.ts';
import { toEditorContent, toStoredContent } from './block-groups/block-groups.ts';
import { editorExtensions } from './editor-extensions.ts';

let editor: Editor | undefined;
const received: { files: File[]; position: number | null }[] = [];

function editorWith(content: JSONContent): Editor {
  editor = new Editor({
    element: document.createElement('div'),
    extensions: editorExtensions({ onImageFiles: (files, position) => received.push({ files, position }) }),
    content: toEditorContent(content),
  });
  return editor;
}

/** What would be stored of the editor's document. */
const stored = (current: Editor) => toStoredContent(current.state.doc);
afterEach(() => {
  editor?.destroy();
  editor = undefined;
  received.length = 0;
});

const text = (value: string) => ({ type: 'text', text: value });
const heading = (value: string, level = 1) => ({
  type: 'heading',
  attrs: { level },
  content: value ? [text(value)] : [],
});
const paragraph = (value: string) => ({ type: 'paragraph', content: value ? [text(value)] : [] });

describe('the writing structure', () => {
  it('keeps a heading first and at least one block after it', () => {
    const current = editorWith(normalizeDocument(null));
    expect(stored(current).content?.map((node) => node.type)).toEqual(['heading', 'paragraph']);
    current.commands.selectAll();
    current.commands.deleteSelection();
    const types = stored(current).content?.map((node) => node.type);
    expect(types?.[0]).toBe('heading');
    expect(types?.length).toBeGreaterThanOrEqual(2);
    expect(current.state.doc.check()).toBeUndefined();
  });

  it('adds a title heading to stored documents that start with another block, dropping nothing', () => {
    const normalized = normalizeDocument({ type: 'doc', content: [paragraph('first'), paragraph('second')] });
    expect(normalized.content?.map((node) => node.type)).toEqual(['heading', 'paragraph', 'paragraph']);
    expect(normalizeDocument({ type: 'doc', content: [heading('Only')] }).content).toHaveLength(2);
    expect(normalizeDocument('not a document')).toEqual(normalizeDocument(null));
  });

  it('offers heading levels 1 to 6', () => {
    const current = editorWith(normalizeDocument(null));
    for (const level of [1, 2, 3, 4, 5, 6] as const) {
      current.commands.setContent(
        toEditorContent({
          type: 'doc',
          content: [heading('Title'), heading(`Level ${level}`, level)],
        }),
      );
      expect(stored(current).content?.[1]?.attrs?.level).toBe(level);
    }
  });

  it('keeps the text of a stored document the schema cannot read', () => {
    const broken = { type: 'doc', content: [{ type: 'mystery', content: [paragraph('kept words')] }] };
    const current = editorWith(plainTextDocument(broken));
    expect(current.state.doc.textContent).toBe('kept words');
  });
});

describe('the title and preview', () => {
  it('takes the title from the first heading when it has text, and a preview from the blocks after it', () => {
    const current = editorWith({
      type: 'doc',
      content: [heading('  My essay  '), paragraph('Body text'), heading('Later', 2)],
    });
    expect(summaryText(current.state.doc)).toEqual({ title: 'My essay', preview: 'Body text Later' });
  });

  it('gives no title for a blank first heading, so the writing keeps its own', () => {
    const current = editorWith({ type: 'doc', content: [heading('   '), paragraph('text')] });
    expect(summaryText(current.state.doc).title).toBeNull();
  });

  it('cuts the preview at 120 characters without reading the rest of a long document', () => {
    const blocks = Array.from({ length: 2000 }, (_, index) =>
      paragraph(`Paragraph ${index} with some words.`),
    );
    const current = editorWith({ type: 'doc', content: [heading('Long'), ...blocks] });
    const { preview } = summaryText(current.state.doc);
    expect(Array.from(preview)).toHaveLength(120);
    expect(preview.endsWith('…')).toBe(true);
    expect(preview.startsWith('Paragraph 0 with some words. Paragraph 1')).toBe(true);
  });
});

describe('links', () => {
  const hostile = [
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'jav&#x09;ascript:alert(1)',
    '\u0001javascript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
  ];

  it('drops every javascript:, vbscript: and data: link from pasted HTML but keeps the text', () => {
    const current = editorWith(normalizeDocument(null));
    for (const href of hostile) {
      current.commands.setContent(toEditorContent({ type: 'doc', content: [heading('T'), paragraph('')] }));
      current.commands.focus('end');
      current.view.pasteHTML(`<p><a href="${href.replaceAll('"', '&quot;')}">click me</a></p>`);
      expect(current.getHTML()).toContain('click me');
      expect(current.view.dom.querySelector('a[href]')).toBeNull();
    }
  });

  it('keeps http, https and mailto links, opened safely in a new tab', () => {
    const current = editorWith(normalizeDocument(null));
    current.commands.focus('end');
    current.view.pasteHTML(
      '<p><a href="https://example.com/a">one</a> <a href="http://example.com/b">two</a> <a href="mailto:me@example.com">three</a></p>',
    );
    const hrefs = Array.from(current.view.dom.querySelectorAll('a'), (anchor) => anchor.getAttribute('href'));
    expect(hrefs).toEqual(['https://example.com/a', 'http://example.com/b', 'mailto:me@example.com']);
    expect(current.view.dom.querySelector('a')?.getAttribute('rel')).toContain('noopener');
  });

  it('never renders a stored javascript: link', () => {
    const current = editorWith({
      type: 'doc',
      content: [
        heading('T'),
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] },
          ],
        },
      ],
    });
    expect(current.view.dom.innerHTML).not.toMatch(/javascript:/i);
  });

  it('strips scripts, event handlers, hostile images and iframes from pasted HTML', () => {
    const current = editorWith(normalizeDocument(null));
    current.commands.focus('end');
    current.view.pasteHTML(
      [
        '<p onclick="alert(1)">safe text<script>alert(1)</script></p>',
        '<img src="javascript:alert(1)"><img src="x" onerror="alert(1)">',
        '<img src="data:image/svg+xml,<svg onload=alert(1)>">',
        '<iframe src="https://evil.example/embed"></iframe>',
        '<iframe src="javascript:alert(1)"></iframe>',
        // (<style> is left out: happy-dom's parser throws on it inside ProseMirror's paste wrapper.)
        '<object data="x.swf"></object><form action="https://evil.example"><input value="1"></form>',
      ].join(''),
    );
    const html = current.view.dom.innerHTML;
    expect(current.state.doc.textContent).toContain('safe text');
    expect(html).not.toMatch(
      /<script|onerror|onclick|javascript:|evil\.example|svg\+xml|<object|<form|<input/i,
    );
    expect(current.view.dom.querySelector('iframe')).toBeNull();
  });
});

describe('embeds in the editor', () => {
  function paste(current: Editor, data: Record<string, string>) {
    const event = new Event('paste', { bubbles: true, cancelable: true }) as ClipboardEvent;
    Object.defineProperty(event, 'clipboardData', {
      value: { getData: (type: string) => data[type] ?? '', files: [], types: Object.keys(data), items: [] },
    });
    current.view.dom.dispatchEvent(event);
  }

  it('turns a pasted YouTube link into a sandboxed iframe on the allowlisted host', () => {
    const current = editorWith(normalizeDocument(null));
    current.commands.focus('end');
    paste(current, { 'text/plain': 'https://youtu.be/dQw4w9WgXcQ' });
    const iframe = current.view.dom.querySelector('iframe');
    expect(iframe?.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(iframe?.getAttribute('sandbox')).toBe(
      'allow-scripts allow-same-origin allow-popups allow-presentation',
    );
    expect(stored(current).content?.some((node) => node.type === 'embed')).toBe(true);
  });

  it('frames an X post with a link to it as the fallback', () => {
    const current = editorWith(normalizeDocument(null));
    current.commands.focus('end');
    paste(current, { 'text/plain': 'https://x.com/someone/status/1234567890' });
    const embed = current.view.dom.querySelector('[data-embed="twitter"]');
    expect(embed?.querySelector('iframe')?.getAttribute('src')).toBe(
      'https://platform.twitter.com/embed/Tweet.html?id=1234567890',
    );
    expect(embed?.querySelector('a')?.getAttribute('href')).toBe('https://x.com/someone/status/1234567890');
  });

  it('leaves other pasted links as text', () => {
    const current = editorWith(normalizeDocument(null));
    current.commands.focus('end');
    paste(current, { 'text/plain': 'https://example.com/video' });
    expect(current.view.dom.querySelector('iframe')).toBeNull();
    expect(current.state.doc.textContent).toContain('https://example.com/video');
  });

  it('converts a typed YouTube link when Enter or Space follows it', () => {
    for (const key of ['Enter', ' ']) {
      const current = editorWith({
        type: 'doc',
        content: [heading('T'), paragraph('https://www.youtube.com/watch?v=dQw4w9WgXcQ')],
      });
      current.commands.focus('end');
      current.view.dom.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
      expect(stored(current).content?.map((node) => node.type)).toEqual(['heading', 'embed', 'paragraph']);
      expect(current.state.selection.$from.parent.type.name).toBe('paragraph');
      current.destroy();
    }
  });

  it('does not convert a typed link to another site', () => {
    const current = editorWith({ type: 'doc', content: [heading('T'), paragraph('https://example.com')] });
    current.commands.focus('end');
    current.view.dom.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }),
    );
    expect(stored(current).content?.some((node) => node.type === 'embed')).toBe(false);
  });

  it('refuses a stored embed whose iframe address is not allowlisted', () => {
    const current = editorWith({
      type: 'doc',
      content: [
        heading('T'),
        {
          type: 'embed',
          attrs: { provider: 'youtube', src: 'https://evil.example/x', url: 'https://evil.example/x' },
        },
      ],
    });
    expect(current.view.dom.querySelector('iframe')).toBeNull();
  });
});

describe('pasted images', () => {
  it('hands pasted image files to the uploader and ignores other files', () => {
    const current = editorWith(normalizeDocument(null));
    const image = new File([new Uint8Array([137, 80, 78, 71])], 'a.png', { type: 'image/png' });
    const other = new File(['text'], 'notes.txt', { type: 'text/plain' });
    const event = new Event('paste', { bubbles: true, cancelable: true });
    Object.defineProperty(event, 'clipboardData', {
      value: { getData: () => '', files: [image, other, image], types: ['Files'] },
    });
    current.view.dom.dispatchEvent(event);
    expect(received).toEqual([{ files: [image, image], position: null }]);
  });
});

describe('code blocks', () => {
  const codeBlock = (lines: number) => ({
    type: 'codeBlock',
    content: [text(Array.from({ length: lines }, (_, index) => `line ${index + 1}`).join('\n'))],
  });

  it('numbers lines past 8 and collapses past 30 lines with an expand control', () => {
    const current = editorWith({
      type: 'doc',
      content: [heading('T'), codeBlock(8), codeBlock(9), codeBlock(CODE_BLOCK_COLLAPSE_LINES + 1)],
    });
    const [short, numbered, long] = Array.from(current.view.dom.querySelectorAll<HTMLElement>('.code-block'));
    expect(short?.dataset.lineNumbers).toBe('false');
    expect(numbered?.dataset.lineNumbers).toBe('true');
    expect(numbered?.dataset.collapsed).toBe('false');
    expect(numbered?.querySelector('.code-block-gutter')?.textContent?.split('\n')).toHaveLength(9);
    expect(long?.dataset.collapsed).toBe('true');
    const toggle = long?.querySelector<HTMLButtonElement>('.code-block-toggle');
    expect(toggle?.hidden).toBe(false);
    expect(toggle?.textContent).toBe('Show all 31 lines');
    toggle?.click();
    expect(long?.dataset.collapsed).toBe('false');
    expect(toggle?.textContent).toBe('Collapse');
  });
});

describe('placeholders', () => {
  it('invite a title in an empty first heading and text in the empty paragraph under the cursor', () => {
    const current = editorWith({ type: 'doc', content: [heading(''), paragraph('text'), paragraph('')] });
    current.commands.focus('end');
    const placeholders = Array.from(current.view.dom.querySelectorAll('.is-empty'), (element) => [
      element.tagName,
      element.getAttribute('data-placeholder'),
    ]);
    expect(placeholders).toEqual([
      ['H1', 'Untitled'],
      ['P', 'Start writing…'],
    ]);
  });
});
