import type { DocumentNode } from './document.ts';
import {
  codeSpan,
  escapeHeadingEnd,
  escapeLineStarts,
  escapeText,
  fencedCode,
  linkDestination,
} from './markdown-text.ts';
import { safeUrl } from './safe-url.ts';

type Mark = NonNullable<DocumentNode['marks']>[number];

const textAttr = (node: DocumentNode, name: string): string | undefined => {
  const value = node.attrs?.[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * `label` (Markdown already) as a link or image to `url`, only when the address is safe by the HTML
 * export's rule (http, https, mailto); otherwise the label alone, so a `javascript:` link stays text.
 */
function linkTo(label: string, url: unknown, image = false): string {
  const href = safeUrl(url);
  return href ? `${image ? '!' : ''}[${label}](${linkDestination(href)})` : label;
}

function withMark(text: string, mark: Mark): string {
  if (mark.type === 'bold') return `**${text}**`;
  if (mark.type === 'italic') return `*${text}*`;
  if (mark.type === 'strike') return `~~${text}~~`;
  if (mark.type === 'link') return linkTo(text, mark.attrs?.href);
  return text;
}

/** A text node: its text escaped (or as code, which needs no escaping), then its other marks. */
function textNode(node: DocumentNode): string {
  const marks = node.marks ?? [];
  const text = node.text ?? '';
  const base = marks.some((mark) => mark.type === 'code') ? codeSpan(text) : escapeText(text);
  return marks.reduce(withMark, base);
}

function inline(nodes: readonly DocumentNode[] | undefined): string {
  let markdown = '';
  for (const node of nodes ?? []) {
    const piece =
      node.type === 'hardBreak' ? '  \n' : node.type === 'text' ? textNode(node) : inline(node.content);
    // A text's last "!" right before a link would turn the link into an image.
    markdown = piece.startsWith('[') && markdown.endsWith('!') ? `${markdown.slice(0, -1)}\\!` : markdown;
    markdown += piece;
  }
  return markdown;
}

/** A code block's text as typed (its line breaks as new lines). */
function plainText(nodes: readonly DocumentNode[] | undefined): string {
  return (nodes ?? [])
    .map((node) =>
      node.type === 'hardBreak' ? '\n' : node.type === 'text' ? (node.text ?? '') : plainText(node.content),
    )
    .join('');
}

function indent(text: string, prefix: string): string {
  return text
    .split('\n')
    .map((line, index) => (index === 0 ? line : line === '' ? line : `${' '.repeat(prefix.length)}${line}`))
    .join('\n');
}

function listItems(node: DocumentNode, ordered: boolean): string {
  return (node.content ?? [])
    .map((item, index) => {
      const prefix = ordered ? `${index + 1}. ` : '- ';
      const checked = item.type === 'taskItem' ? (item.attrs?.checked ? '[x] ' : '[ ] ') : '';
      return `${prefix}${checked}${indent(blocks(item.content).trim(), prefix)}`;
    })
    .join('\n');
}

/** One block as Markdown (without the blank line after it). */
function block(node: DocumentNode): string {
  switch (node.type) {
    case 'heading': {
      const level = Math.min(Math.max(Number(node.attrs?.level ?? 1) || 1, 1), 6);
      return `${'#'.repeat(level)} ${escapeHeadingEnd(escapeLineStarts(inline(node.content)))}`;
    }
    case 'paragraph':
      return escapeLineStarts(inline(node.content));
    case 'bulletList':
    case 'taskList':
      return listItems(node, false);
    case 'orderedList':
      return listItems(node, true);
    case 'blockquote':
      return blocks(node.content)
        .trim()
        .split('\n')
        .map((line) => `> ${line}`.trimEnd())
        .join('\n');
    case 'codeBlock':
      return fencedCode(plainText(node.content), node.attrs?.language);
    case 'horizontalRule':
      return '---';
    case 'image': {
      // An image with an unsafe source keeps its alt text only.
      const alt = escapeText((textAttr(node, 'alt') ?? '').replace(/\s+/g, ' ').trim());
      return escapeLineStarts(linkTo(alt, node.attrs?.src, true));
    }
    case 'embed': {
      const label = textAttr(node, 'title') ?? textAttr(node, 'provider') ?? 'Embed';
      return escapeLineStarts(linkTo(escapeText(label.replace(/\s+/g, ' ').trim()), node.attrs?.src));
    }
    default:
      return node.content ? blocks(node.content) : '';
  }
}

function blocks(nodes: readonly DocumentNode[] | undefined): string {
  return (nodes ?? [])
    .map(block)
    .filter((text) => text !== '')
    .join('\n\n');
}

/**
 * A writing's document (Tiptap JSON) as Markdown: headings, paragraphs, lists, quotes, code, images,
 * embeds. The one conversion behind both Markdown exports (a writing, all data): every text is escaped
 * so it reads as typed, and links and images point only to http(s) and mailto addresses (the rule of
 * the HTML export); any other is written as its text.
 */
export function documentToMarkdown(doc: DocumentNode | null | undefined): string {
  const text = doc ? blocks(doc.content) : '';
  return text === '' ? '' : `${text}\n`;
}
