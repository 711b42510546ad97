import type { DocumentNode } from './document.ts';

type Mark = NonNullable<DocumentNode['marks']>[number];

function withMark(text: string, mark: Mark): string {
  if (mark.type === 'bold') return `**${text}**`;
  if (mark.type === 'italic') return `*${text}*`;
  if (mark.type === 'strike') return `~~${text}~~`;
  if (mark.type === 'code') return `\`${text}\``;
  if (mark.type === 'link' && typeof mark.attrs?.href === 'string') return `[${text}](${mark.attrs.href})`;
  return text;
}

function inline(nodes: readonly DocumentNode[] | undefined): string {
  return (nodes ?? [])
    .map((node) => {
      if (node.type === 'hardBreak') return '  \n';
      if (node.type !== 'text') return inline(node.content);
      return (node.marks ?? []).reduce((text, mark) => withMark(text, mark), node.text ?? '');
    })
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
    case 'heading':
      return `${'#'.repeat(Number(node.attrs?.level ?? 1))} ${inline(node.content)}`;
    case 'paragraph':
      return inline(node.content);
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
      return `\`\`\`${(node.attrs?.language as string | null) ?? ''}\n${inline(node.content)}\n\`\`\``;
    case 'horizontalRule':
      return '---';
    case 'image':
      return `![${(node.attrs?.alt as string | null) ?? ''}](${(node.attrs?.src as string | null) ?? ''})`;
    case 'embed':
      return `[${(node.attrs?.title as string | null) ?? (node.attrs?.provider as string | null) ?? 'Embed'}](${(node.attrs?.src as string | null) ?? ''})`;
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

/** A writing's document (Tiptap JSON) as Markdown: headings, paragraphs, lists, quotes, code, images, embeds. */
export function documentToMarkdown(doc: DocumentNode | null | undefined): string {
  const text = doc ? blocks(doc.content) : '';
  return text === '' ? '' : `${text}\n`;
}
