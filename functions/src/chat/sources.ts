import { type ChatRequest, type ChatSource, type ContextItem, cutContextContent } from 'shared-kernel/domain';

/** A passage of the writer's notes, as retrieval (chat_passages) returns it. */
export interface Passage {
  source: 'writing' | 'idea';
  id: string;
  title: string | null;
  excerpt: string;
}

const itemKind = (item: ContextItem): ChatSource['kind'] => (item.type === 'Idea' ? 'idea' : 'writing');

/**
 * Every source of one answer, numbered from 1: the open document, then the writer's chips, then the
 * retrieved passages not already among them. A chip that is the open document again ("Ask AI" with
 * nothing selected) is left out; a part of it (a selection) is kept, as what the writer points at. Each
 * is cut to 4000 characters.
 */
export function numberSources(request: ChatRequest, passages: readonly Passage[]): ChatSource[] {
  const sources: Omit<ChatSource, 'n'>[] = [];
  const active = request.context.active;
  if (active?.content.trim()) {
    sources.push({
      kind: 'document',
      id: active.id,
      title: active.title,
      excerpt: cutContextContent(active.content),
    });
  }
  for (const item of request.context.items) {
    const excerpt = cutContextContent(item.content);
    const listed = sources.some((source) => source.id === item.id && source.excerpt === excerpt);
    if (item.id && listed) continue;
    sources.push({ kind: itemKind(item), id: item.id, title: item.title, excerpt });
  }
  const known = new Set(sources.map((source) => source.id).filter(Boolean));
  for (const passage of passages) {
    if (known.has(passage.id)) continue;
    sources.push({
      kind: passage.source,
      id: passage.id,
      title: passage.title || 'Untitled',
      excerpt: passage.excerpt,
    });
  }
  return sources.map((source, index) => ({ ...source, n: index + 1 }));
}

/** The text of the last user message: what retrieval searches for. */
export function lastUserText(request: ChatRequest): string {
  const last = [...request.messages].reverse().find((message) => message.role === 'user');
  return textOf(last?.parts ?? []);
}

/** The text parts of a message, joined by newlines. */
export function textOf(parts: readonly { type: string; text?: unknown }[]): string {
  return parts
    .filter((part) => part.type === 'text' && typeof part.text === 'string')
    .map((part) => part.text as string)
    .join('\n');
}
