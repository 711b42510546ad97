import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog, messages, PromptDialog, ShareDialog, validateCategoryName } from 'shared-kernel';
import { type IdeaCategory, useIdeasState, useStore } from '../ideas-store/index.ts';
import styles from './ideas-inbox.module.css';

/** A prompt's check of a category name: 'Category name is required' for a blank one, else `null`. */
function nameError(name: string): string | null {
  const validated = validateCategoryName(name);
  return validated.ok ? null : validated.error;
}

type Asking = 'create' | 'rename' | 'delete' | 'share' | 'leave' | null;

/** Scrolls the chip bar (which scrolls past three rows) so that `chip` is within it. */
function showInBar(chip: HTMLElement): void {
  const bar = chip.parentElement;
  if (!bar) return;
  const [shown, box] = [chip.getBoundingClientRect(), bar.getBoundingClientRect()];
  if (shown.top < box.top) bar.scrollTop -= box.top - shown.top + 8;
  else if (shown.bottom > box.bottom) bar.scrollTop += shown.bottom - box.bottom + 8;
}

function Chip({ category, selected }: { category: IdeaCategory; selected: boolean }) {
  const store = useStore();
  const ref = useRef<HTMLButtonElement>(null);
  // A category chosen out of sight (one just made, at its place by name) is scrolled into the bar.
  useEffect(() => {
    if (selected && ref.current) showInBar(ref.current);
  }, [selected]);
  return (
    <button
      ref={ref}
      type="button"
      className={styles.chip}
      aria-pressed={selected}
      data-category-name={category.name}
      onClick={() => void store.chooseCategory(category.id)}
    >
      <span>{category.name}</span>
      {!category.isOwner && (
        <span className={styles.badge}>
          {messages.sharing.sharedBadge}
          {category.permission === 'read' && ` ${messages.sharing.readSuffix}`}
        </span>
      )}
    </button>
  );
}

/** The actions on the chosen category: the owner's rename, share and delete; a recipient's leave. */
function ChosenCategoryActions({ category, ask }: { category: IdeaCategory; ask: (what: Asking) => void }) {
  return (
    <div className={styles.chipActions} role="toolbar" aria-label={category.name}>
      {category.isOwner ? (
        <>
          <button type="button" className={styles.link} onClick={() => ask('rename')}>
            {messages.ideas.rename}
          </button>
          <button type="button" className={styles.link} onClick={() => ask('share')}>
            {messages.ideas.share}
          </button>
          <button type="button" className={styles.link} onClick={() => ask('delete')}>
            {messages.ideas.delete}
          </button>
        </>
      ) : (
        <>
          <span>
            {category.permission === 'write' ? messages.sharing.editAccess : messages.sharing.viewOnly}
          </span>
          <button type="button" className={styles.link} onClick={() => ask('leave')}>
            {messages.ideas.leave}
          </button>
        </>
      )}
    </div>
  );
}

/** The category chip bar: All, the writer's categories and those shared with them, and New category. */
export function CategoryBar() {
  const store = useStore();
  const categories = useIdeasState((state) => state.categories);
  const chosenId = useIdeasState((state) => state.selectedCategoryId);
  const chosen = categories.find((category) => category.id === chosenId) ?? null;
  const [asking, setAsking] = useState<Asking>(null);
  const close = (open: boolean) => {
    if (!open) setAsking(null);
  };
  return (
    <>
      <nav className={styles.chips} aria-label={messages.ideas.categories}>
        <button
          type="button"
          className={styles.chip}
          aria-pressed={chosenId === null}
          onClick={() => void store.chooseCategory(null)}
        >
          {messages.ideas.all}
        </button>
        {categories.map((category) => (
          <Chip key={category.id} category={category} selected={category.id === chosenId} />
        ))}
        <button
          type="button"
          className={styles.chip}
          aria-label={messages.ideas.newCategory}
          title={messages.ideas.newCategory}
          onClick={() => setAsking('create')}
        >
          +
        </button>
      </nav>
      {chosen && <ChosenCategoryActions category={chosen} ask={setAsking} />}
      <PromptDialog
        open={asking === 'create'}
        onOpenChange={close}
        title={messages.ideas.newCategory}
        label={messages.ideas.categoryName}
        defaultValue=""
        confirmLabel={messages.ideas.create}
        cancelLabel={messages.ideas.cancel}
        validate={nameError}
        onSubmit={(name) => void store.addCategory(name)}
      />
      {chosen && (
        <>
          <PromptDialog
            open={asking === 'rename'}
            onOpenChange={close}
            title={messages.ideas.renameCategory}
            label={messages.ideas.categoryName}
            defaultValue={chosen.name}
            confirmLabel={messages.ideas.rename}
            cancelLabel={messages.ideas.cancel}
            validate={nameError}
            onSubmit={(name) => void store.renameCategory(chosen.id, name)}
          />
          <ConfirmDialog
            open={asking === 'delete'}
            onOpenChange={close}
            title={messages.categories.confirmDeleteCategory}
            irreversible
            confirmLabel={messages.ideas.delete}
            cancelLabel={messages.ideas.cancel}
            onConfirm={() => void store.removeCategory(chosen.id)}
          />
          <ConfirmDialog
            open={asking === 'leave'}
            onOpenChange={close}
            title={`${messages.ideas.leave} ${chosen.name}?`}
            confirmLabel={messages.ideas.leave}
            cancelLabel={messages.ideas.cancel}
            onConfirm={() => void store.leaveCategory(chosen.id)}
          />
          {asking === 'share' && (
            <ShareDialog
              client={store.client}
              userId={store.userId}
              category={chosen}
              onClose={() => setAsking(null)}
              onChange={() => void store.refreshCategories().catch(() => {})}
            />
          )}
        </>
      )}
    </>
  );
}
