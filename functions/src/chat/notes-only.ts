import type { UIMessageStreamWriter } from 'ai';
import { type ChatSource, literalMarkdown, messages, oneLine, textPastTitle } from 'shared-kernel/domain';
import type { Passage } from './sources.ts';

/** Delay between the streamed pieces of a notes-only answer: it reads as it arrives, and Stop can cut it. */
const PIECE_DELAY_MS = 12;

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * What the notes-only answer quotes: the writer's chips and the passages the question found, in their
 * numbered order. The open document is always the first source, as what a model reads the question
 * beside; quoted first whatever was asked, it answered every question with the writing on screen. It is
 * quoted when the question found it too, or when there is nothing else to quote.
 */
export function quotedSources(sources: readonly ChatSource[], passages: readonly Passage[]): ChatSource[] {
  const found = new Set(passages.map((passage) => passage.id));
  const quoted = sources.filter(
    (source) => source.kind !== 'document' || (source.id !== undefined && found.has(source.id)),
  );
  return quoted.length > 0 ? quoted : [...sources];
}

/**
 * The Markdown of the answer the notes alone give: each source's title and excerpt, quoted and cited, the
 * writer's text as the literal text it is. An idea's title is its first 60 characters: one longer than
 * that is quoted whole under it, as a title cut mid-word does not say the idea.
 */
export function notesOnlyAnswer(sources: readonly ChatSource[]): string {
  if (sources.length === 0) return messages.chat.notesOnlyNothing;
  const quotes = sources.map((source) => {
    const cited = `**${literalMarkdown(oneLine(source.title))}** [${source.n}]`;
    const excerpt = textPastTitle(source.excerpt, source.title);
    if (!excerpt) return cited;
    const quoted = source.kind === 'idea' ? oneLine(source.excerpt) : excerpt;
    return `${cited}\n\n> ${literalMarkdown(quoted)}`;
  });
  return [messages.chat.notesOnlyIntro, ...quotes, messages.chat.notesOnlyHint].join('\n\n');
}

/**
 * Streams the notes-only answer into the UI message stream as text, five words at a time, stopping
 * when `signal` aborts (the writer pressed Stop).
 */
export async function streamNotesOnlyAnswer(
  writer: UIMessageStreamWriter,
  sources: readonly ChatSource[],
  signal?: AbortSignal,
): Promise<void> {
  const id = 'notes-only';
  writer.write({ type: 'text-start', id });
  for (const piece of notesOnlyAnswer(sources).match(/(?:\S+\s*){1,5}/g) ?? []) {
    if (signal?.aborted) break;
    writer.write({ type: 'text-delta', id, delta: piece });
    await pause(PIECE_DELAY_MS, signal);
  }
  writer.write({ type: 'text-end', id });
}
