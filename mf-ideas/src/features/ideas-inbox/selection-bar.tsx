import { useRef, useState } from 'react';
import { ConfirmDialog, canWriteToFolder, type EventBus, messages } from 'shared-kernel';
import { inReadOnlyCategory, useIdeasState, useStore } from '../ideas-store/index.ts';
import { contextItemOf } from './idea-row.tsx';
import styles from './ideas-inbox.module.css';

const UNCATEGORIZED = '';

/**
 * What can be done with the selected ideas: move to a category, send to the chat, delete. Ideas of a
 * category shared read-only can only go to the chat: moving and deleting them are not offered.
 */
export function SelectionBar({ bus }: { bus: EventBus }) {
  const store = useStore();
  const selectedIds = useIdeasState((state) => state.selectedIds);
  const items = useIdeasState((state) => state.items);
  const categories = useIdeasState((state) => state.categories);
  const [deleting, setDeleting] = useState(false);
  const bar = useRef<HTMLDivElement>(null);
  if (selectedIds.size === 0) return null;
  /**
   * Runs an action that may end the selection, and the bar with the control that had the focus: the
   * focus then goes to the list (its tab stop), not to the page, so the keyboard goes on from there.
   */
  const thenFocusList = (action: () => Promise<unknown>) => {
    const list = bar.current?.parentElement?.querySelector<HTMLElement>('[role="listbox"]');
    void action().finally(() =>
      requestAnimationFrame(() => {
        if (document.activeElement !== document.body) return; // still in the bar, or gone elsewhere
        list?.querySelector<HTMLElement>('[role="option"][tabindex="0"]')?.focus();
      }),
    );
  };
  const selected = items.filter((idea) => selectedIds.has(idea.id));
  const readOnly = inReadOnlyCategory({ items, categories }, selectedIds);
  const askAi = () => {
    for (const idea of selected) bus.emit({ type: 'chat.context-add', item: contextItemOf(idea) });
  };
  return (
    <div
      ref={bar}
      className={styles.selectionBar}
      role="toolbar"
      aria-label={messages.ideas.selectedCount(selectedIds.size)}
    >
      {!readOnly && (
        <select
          className={styles.select}
          aria-label={messages.ideas.moveTo}
          value=""
          onChange={(event) => {
            const value = event.target.value;
            if (value !== 'none') thenFocusList(() => store.move(value === UNCATEGORIZED ? null : value));
          }}
        >
          <option value="" disabled hidden>
            {messages.ideas.moveTo}
          </option>
          <option value={UNCATEGORIZED}>{messages.ideas.uncategorized}</option>
          {categories.map((category) => (
            <option
              key={category.id}
              value={category.id}
              data-read-only={!canWriteToFolder(category) || undefined}
            >
              {category.name}
            </option>
          ))}
        </select>
      )}
      <button type="button" className={styles.link} onClick={askAi}>
        {messages.ideas.askAi}
      </button>
      {!readOnly && (
        <button type="button" className={styles.link} onClick={() => setDeleting(true)}>
          {messages.ideas.delete}
        </button>
      )}
      <button
        type="button"
        className={styles.link}
        onClick={() => thenFocusList(async () => store.clearSelection())}
      >
        {messages.ideas.clearSelection}
      </button>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={messages.ideas.deleteIdeas(selectedIds.size)}
        irreversible
        confirmLabel={messages.ideas.delete}
        cancelLabel={messages.ideas.cancel}
        onConfirm={() => thenFocusList(() => store.remove())}
      />
    </div>
  );
}
