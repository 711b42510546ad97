// The context items the writer added to the chat: removable chips, drawn at the top of the panel's body
// (chat-panel.module.css gives them the first place) since they hold for the whole conversation.
import { type ContextItem, messages } from 'shared-kernel';
import styles from './chat-panel.module.css';

export function ContextChips({
  items,
  onRemove,
}: {
  items: readonly ContextItem[];
  onRemove: (index: number) => void;
}) {
  if (items.length === 0) return null;
  return (
    <ul className={styles.chips} aria-label="Context">
      {items.map((item, index) => (
        <li
          key={`${item.type}:${item.id ?? item.title}:${item.content.length}`}
          className={styles.chip}
          title={item.content.slice(0, 200)}
        >
          <span className={styles.chipType}>{item.type}</span>
          <span className={styles.chipTitle}>{item.title}</span>
          <button
            type="button"
            className={styles.chipRemove}
            aria-label={`${messages.chat.removeContext} ${item.title}`}
            onClick={() => onRemove(index)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
