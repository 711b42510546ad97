import type { Json } from 'shared-kernel';

type Block = { type?: unknown; attrs?: unknown; content?: unknown };

/**
 * A stored writing document whose title (its first heading, from which the title is derived on every
 * save) reads `title`: the heading's text is replaced, the rest of the document kept as it is. A document
 * without a heading first gets a level-1 one.
 */
export function withTitle(content: Json | null, title: string): Json {
  const document = (
    content !== null && typeof content === 'object' && !Array.isArray(content) ? content : {}
  ) as {
    content?: unknown;
  };
  const blocks = (Array.isArray(document.content) ? document.content : []) as Block[];
  const [first, ...rest] = blocks;
  const text = [{ type: 'text', text: title }];
  const heading =
    first?.type === 'heading'
      ? { ...first, content: text }
      : { type: 'heading', attrs: { level: 1 }, content: text };
  const after = first?.type === 'heading' ? rest : blocks;
  return { ...document, type: 'doc', content: [heading, ...after] } as Json;
}

/**
 * The open editor, when it shows writing `id`, takes a rename from the list as an edit of its own
 * document (so its next save carries the new title, the writer's caret and unsaved text kept). Answers
 * whether it did.
 */
export type RetitleOpenWriting = (id: string, title: string) => boolean;

const retitlers = new Set<RetitleOpenWriting>();

/** Registers the open editor's handler; answers the unregistering. */
export function onRetitleRequest(handler: RetitleOpenWriting): () => void {
  retitlers.add(handler);
  return () => retitlers.delete(handler);
}

/** Whether an open editor took the new title. */
export function retitleOpenWriting(id: string, title: string): boolean {
  for (const handler of retitlers) if (handler(id, title)) return true;
  return false;
}
