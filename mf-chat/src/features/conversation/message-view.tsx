// One message: the writer's as plain text; the assistant's as safe Markdown with its citations and
// "What the model saw" (the sources it was sent, and the web results it used).
import type { UIMessage } from 'ai';
import { useState } from 'react';
import { CHAT_SOURCES_PART, type ChatSource } from 'shared-kernel';
import { Markdown } from '../markdown/index.ts';
import styles from './conversation.module.css';
import { SourcesList } from './sources-list.tsx';

/** The sources of a reply: those sent with the question, then the web results its searches returned. */
export function sourcesOf(message: UIMessage): ChatSource[] {
  const sources: ChatSource[] = [];
  for (const part of message.parts as { type: string; data?: unknown; output?: unknown; state?: string }[]) {
    if (part.type === CHAT_SOURCES_PART && Array.isArray(part.data))
      sources.push(...(part.data as ChatSource[]));
    if (part.type === 'tool-webSearch' && part.state === 'output-available' && Array.isArray(part.output)) {
      sources.push(...(part.output as ChatSource[]));
    }
  }
  return sources;
}

export const textOf = (message: UIMessage) =>
  message.parts
    .filter((part) => part.type === 'text')
    .map((part) => (part as { text: string }).text)
    .join('\n');

export function MessageView({
  message,
  onOpenSource,
  streaming = false,
}: {
  message: UIMessage;
  onOpenSource: (source: ChatSource) => void;
  /** The reply is still arriving (the last one, while the chat streams). */
  streaming?: boolean;
}) {
  const [highlighted, setHighlighted] = useState<number>();
  if (message.role === 'user') {
    return (
      <div className={styles.user} data-role="user">
        {textOf(message)}
      </div>
    );
  }
  const sources = sourcesOf(message);
  const cite = (n: number) => {
    setHighlighted(n);
    const source = sources.find((candidate) => candidate.n === n);
    if (source) onOpenSource(source);
  };
  return (
    <div className={styles.assistant} data-role="assistant">
      <Markdown text={textOf(message)} onCite={cite} streaming={streaming} />
      <SourcesList sources={sources} highlighted={highlighted} onOpen={onOpenSource} />
    </div>
  );
}
