import { type DragEvent, type MouseEvent, memo } from 'react';
import {
  ideaPreview,
  ideaTitle,
  messages,
  setContextItemDrag,
  useRowPress,
  useTouchScreen,
} from 'shared-kernel';
import type { Idea, IdeasStore } from '../ideas-store/index.ts';
import styles from './ideas-inbox.module.css';

/** The context item an idea is for the chat: with its id, so the chat cites it once and a citation opens it. */
export function contextItemOf(idea: Idea) {
  return { type: 'Idea', id: idea.id, title: ideaTitle(idea.content), content: idea.content } as const;
}

/**
 * The idea's editor, as the writer expands the idea to edit it: focused, the caret after the text, where
 * the writer goes on (a textarea focused by the page puts it before the first character).
 */
function focusAtEnd(field: HTMLTextAreaElement | null): void {
  if (!field) return;
  field.focus();
  field.setSelectionRange(field.value.length, field.value.length);
}

/**
 * One idea: its title (the first 60 characters) and, when it says more, a 140-character preview; expanded, its content
 * edited in place. Dragged, it carries its context item (for the chat) and its text (for the editor).
 */
export const IdeaRow = memo(function IdeaRow({
  idea,
  titleOnly,
  store,
  selected,
  expanded,
  unsaved,
  highlighted,
  readOnly,
  tabStop,
  touchSelecting,
  onLongPress,
}: {
  idea: Idea;
  /** Short enough that its title says it whole (list-rows.ts): no preview under it. */
  titleOnly: boolean;
  store: IdeasStore;
  selected: boolean;
  expanded: boolean;
  unsaved: boolean;
  highlighted: boolean;
  readOnly: boolean;
  /** The row Tab reaches the list on (the others are reached with the arrow keys). */
  tabStop: boolean;
  /** A selection begun by holding an idea is under way: a tap adds or removes an idea, as Cmd/Ctrl-click. */
  touchSelecting: boolean;
  /** A finger held on the idea: it is added to (or removed from) the selection. */
  onLongPress: (id: string) => void;
}) {
  const press = useRowPress(touchSelecting, () => onLongPress(idea.id));
  const touchScreen = useTouchScreen();
  const onClick = (event: MouseEvent) => {
    const how = press.clickOf(event);
    if (!how) return;
    if (how.range) event.preventDefault(); // no text selection on a range click
    store.click(idea.id, how);
  };
  const onDragStart = (event: DragEvent) => {
    setContextItemDrag(event.dataTransfer, contextItemOf(idea));
  };
  const title = ideaTitle(idea.content);
  return (
    <div
      role="option"
      aria-selected={selected}
      data-expanded={expanded || undefined}
      tabIndex={tabStop ? 0 : -1}
      className={styles.idea}
      data-idea-id={idea.id}
      data-highlighted={highlighted || undefined}
      // Not on a touch screen, where holding an idea would start a drag rather than select it.
      draggable={!expanded && !touchScreen}
      onDragStart={onDragStart}
      onClick={onClick}
      {...press.handlers}
      onKeyDown={(event) => {
        if ((event.key === 'Enter' || event.key === ' ') && event.target === event.currentTarget) {
          event.preventDefault();
          store.click(idea.id);
        }
      }}
    >
      <div className={styles.ideaTitle} title={title}>
        {unsaved && <span className={styles.unsavedDot} role="img" aria-label={messages.editor.unsaved} />}
        <span className={styles.ideaTitleText}>{title}</span>
      </div>
      {expanded ? (
        <textarea
          className={styles.editor}
          aria-label={messages.ideas.editIdea}
          value={idea.content}
          readOnly={readOnly}
          ref={focusAtEnd}
          onClick={(event) => event.stopPropagation()}
          onKeyDown={(event) => {
            event.stopPropagation();
            if (event.key !== 'Escape') return;
            // Collapsed, the editor goes: the focus stays on the idea, for the arrow keys.
            event.currentTarget.closest<HTMLElement>('[role="option"]')?.focus();
            store.click(idea.id);
          }}
          onChange={(event) => store.edit(idea.id, event.target.value)}
          onBlur={() => void store.save(idea.id)}
        />
      ) : (
        !titleOnly && <div className={styles.ideaPreview}>{ideaPreview(idea.content)}</div>
      )}
    </div>
  );
});
