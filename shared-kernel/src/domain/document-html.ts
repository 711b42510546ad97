import type { DocumentNode } from './document.ts';
import { safeUrl } from './safe-url.ts';

type Mark = NonNullable<DocumentNode['marks']>[number];

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function withMark(html: string, mark: Mark): string {
  if (mark.type === 'bold') return `<strong>${html}</strong>`;
  if (mark.type === 'italic') return `<em>${html}</em>`;
  if (mark.type === 'strike') return `<s>${html}</s>`;
  if (mark.type === 'code') return `<code>${html}</code>`;
  const href = mark.type === 'link' ? safeUrl(mark.attrs?.href) : undefined;
  return href ? `<a href="${escapeHtml(href)}" rel="noopener noreferrer">${html}</a>` : html;
}

function inline(nodes: readonly DocumentNode[] | undefined): string {
  return (nodes ?? [])
    .map((node) => {
      if (node.type === 'hardBreak') return '<br>';
      if (node.type !== 'text') return inline(node.content);
      return (node.marks ?? []).reduce((html, mark) => withMark(html, mark), escapeHtml(node.text ?? ''));
    })
    .join('');
}

function listItems(node: DocumentNode, separator: string): string {
  return (node.content ?? [])
    .map((item) => {
      const box =
        item.type === 'taskItem'
          ? `<input type="checkbox" disabled${item.attrs?.checked ? ' checked' : ''}> `
          : '';
      return `<li>${box}${blocks(item.content, separator)}</li>`;
    })
    .join('');
}

/** An empty line keeps its height, as in the editor (a `<p></p>` would have none). */
const line = (html: string) => html || '<br>';

function block(node: DocumentNode, separator: string): string {
  switch (node.type) {
    case 'heading': {
      const level = Math.min(Math.max(Number(node.attrs?.level ?? 1), 1), 6);
      return `<h${level}>${line(inline(node.content))}</h${level}>`;
    }
    case 'paragraph':
      return `<p>${line(inline(node.content))}</p>`;
    case 'bulletList':
    case 'taskList':
      return `<ul>${listItems(node, separator)}</ul>`;
    case 'orderedList':
      return `<ol>${listItems(node, separator)}</ol>`;
    case 'blockquote':
      return `<blockquote>${blocks(node.content, separator)}</blockquote>`;
    case 'codeBlock':
      return `<pre><code>${inline(node.content)}</code></pre>`;
    case 'horizontalRule':
      return '<hr>';
    case 'image': {
      const src = safeUrl(node.attrs?.src);
      const alt = escapeHtml(String(node.attrs?.alt ?? ''));
      return src ? `<img src="${escapeHtml(src)}" alt="${alt}">` : '';
    }
    case 'embed': {
      const src = safeUrl(node.attrs?.src);
      const label = escapeHtml(String(node.attrs?.title ?? node.attrs?.provider ?? 'Embed'));
      return src ? `<p><a href="${escapeHtml(src)}" rel="noopener noreferrer">${label}</a></p>` : '';
    }
    default:
      return blocks(node.content, separator);
  }
}

/** `separator` goes between blocks: a new line in a file, nothing on screen (where it would show). */
function blocks(nodes: readonly DocumentNode[] | undefined, separator: string): string {
  return (nodes ?? []).map((node) => block(node, separator)).join(separator);
}

/**
 * Blocks of a writing's document as HTML, with the same guarantees as {@link documentToHtml}: the editor
 * shows the writing that opens this way while its code loads (mf-writings editor/first-paint).
 */
export function blocksToHtml(nodes: readonly DocumentNode[] | undefined): string {
  return blocks(nodes, '');
}

/**
 * A writing's document (Tiptap JSON) as a standalone HTML page: every text escaped, links and images
 * only for http(s) (and mailto) addresses, embeds as links. Nothing in it runs.
 */
export function documentToHtml(doc: DocumentNode | null | undefined, title: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    `<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>`,
    `<body>\n${doc ? blocks(doc.content, '\n') : ''}\n</body>`,
    '</html>',
    '',
  ].join('\n');
}

/** The file a writing is exported to: its title (letters, digits, spaces, dots, dashes; 80 at most). */
export function exportFileName(title: string, format: 'markdown' | 'html'): string {
  const base =
    title
      .replace(/[^\p{L}\p{N} ._-]+/gu, '')
      .trim()
      .slice(0, 80) || 'Untitled';
  return `${base}.${format === 'html' ? 'html' : 'md'}`;
}
