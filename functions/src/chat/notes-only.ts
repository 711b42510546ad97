import type { UIMessageStreamWriter } from 'ai';
import { type ChatSource, messages, oneLine, textPastTitle } from 'shared-kernel/domain';

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
 * The Markdown of the answer the notes alone give: each source's title and excerpt, quoted and cited.
 * An idea has no title of its own, only its first 60 characters: one longer than that is quoted whole
 * under 'An idea', not under a heading cut mid-word.
 */
export function notesOnlyAnswer(sources: readonly ChatSource[]): string {
  if (sources.length === 0) return messages.chat.notesOnlyNothing;
  const quotes = sources.map((source) => {
    const cited = `**${source.title.replace(/[*_`[\]]/g, '')}** [${source.n}]`;
    const excerpt = textPastTitle(source.excerpt, source.title);
    if (!excerpt) return cited;
    if (source.kind === 'idea') {
      return `**${messages.chat.notesOnlyIdea}** [${source.n}]\n\n> ${oneLine(source.excerpt)}`;
    }
    return `${cited}\n\n> ${excerpt}`;
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
