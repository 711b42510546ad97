// "What the model saw": every source sent with the question, numbered as the reply cites them.
import type { ChatSource } from 'shared-kernel';
import { messages } from 'shared-kernel';
import styles from './conversation.module.css';

export function SourcesList({
  sources,
  highlighted,
  onOpen,
}: {
  sources: readonly ChatSource[];
  highlighted: number | undefined;
  onOpen: (source: ChatSource) => void;
}) {
  if (sources.length === 0) return null;
  return (
    <details className={styles.sources} open={highlighted !== undefined}>
      <summary>
        {messages.chat.whatTheModelSaw} ({sources.length})
      </summary>
      <ol className={styles.sourceList}>
        {sources.map((source) => (
          <li key={source.n} value={source.n} data-highlighted={source.n === highlighted || undefined}>
            <button type="button" className={styles.sourceTitle} onClick={() => onOpen(source)}>
              {source.title}
            </button>
            <span className={styles.sourceKind}>{source.kind}</span>
            <p className={styles.excerpt}>{source.excerpt}</p>
          </li>
        ))}
      </ol>
    </details>
  );
}
