// The category chip bar: loading the categories, choosing one, and changing them.
import {
  byFolderName,
  createCategory,
  deleteCategory,
  findFolderByName,
  isOfflineFailure,
  leaveCategory,
  listCategories,
  messages,
  renameCategory,
  validateCategoryName,
} from 'shared-kernel';
import type { IdeaCategory } from '../ideas-data/index.ts';
import { loadFirstPage } from './list-paging.ts';
import { type IdeasRuntime, say, setState } from './store-state.ts';

/** Reloads the categories (after a change to categories or shares). */
export async function refreshCategories(runtime: IdeasRuntime): Promise<void> {
  const started = runtime.generation;
  let categories: IdeaCategory[];
  try {
    categories = await listCategories({ client: runtime.client, userId: runtime.userId, itemType: 'idea' });
    void runtime.writes.keepCategories?.(categories).catch(() => {});
  } catch (error) {
    // Offline (a reload without a connection): the categories last seen here.
    const kept = isOfflineFailure(error) ? await runtime.writes.keptCategories?.() : null;
    if (!kept) throw error;
    categories = kept;
  }
  if (runtime.closed) return;
  setState(runtime, { categories });
  // A category that is gone (deleted, left, unshared) is no longer shown: back to All.
  const chosen = runtime.state.selectedCategoryId;
  if (
    chosen !== null &&
    started === runtime.generation &&
    !categories.some((category) => category.id === chosen)
  ) {
    await chooseCategory(runtime, null);
  }
}

/** Filters the list by a category (`null`: All, the user's own ideas) and resubscribes. */
export async function chooseCategory(runtime: IdeasRuntime, categoryId: string | null): Promise<void> {
  if (categoryId === runtime.state.selectedCategoryId && runtime.state.status !== 'idle') return;
  setState(runtime, {
    selectedCategoryId: categoryId,
    // The read-only category's refusal is about the category left.
    ...(runtime.state.notice === messages.categories.readOnlyCreate && { notice: null }),
    selectedIds: new Set(),
    anchorId: null,
    expandedId: null,
    highlightId: null,
  });
  await loadFirstPage(runtime);
}

/**
 * Creates a category ('Category name is required' when blank) and chooses it. A name one of the writer's
 * categories already has, in any case, makes no second one: that category is chosen.
 */
export async function addCategory(runtime: IdeasRuntime, name: string): Promise<IdeaCategory | null> {
  const validated = validateCategoryName(name);
  if (!validated.ok) {
    setState(runtime, { notice: validated.error });
    return null;
  }
  const own = runtime.state.categories.filter((category) => category.isOwner);
  const existing = findFolderByName(own, validated.value);
  if (existing) {
    await chooseCategory(runtime, existing.id);
    return existing;
  }
  try {
    const category = await createCategory({
      client: runtime.client,
      userId: runtime.userId,
      name: validated.value,
      itemType: 'idea',
    });
    const categories = [...runtime.state.categories, category].sort(byFolderName);
    setState(runtime, { categories });
    await chooseCategory(runtime, category.id);
    return category;
  } catch (error) {
    say(runtime, error, messages.categories.notFound);
    return null;
  }
}

/** Renames a category the user owns ('Category name is required' when blank). */
export async function renameCategoryTo(runtime: IdeasRuntime, id: string, name: string): Promise<void> {
  const validated = validateCategoryName(name);
  if (!validated.ok) {
    setState(runtime, { notice: validated.error });
    return;
  }
  const before = runtime.state.categories;
  setState(runtime, {
    categories: before
      .map((category) => (category.id === id ? { ...category, name: validated.value } : category))
      .sort(byFolderName),
  });
  try {
    await renameCategory({ client: runtime.client, id, name: validated.value });
  } catch (error) {
    setState(runtime, { categories: before });
    say(runtime, error, messages.categories.notFound);
  }
}

/** Deletes a category the user owns; its ideas become uncategorized. */
export async function removeCategory(runtime: IdeasRuntime, id: string): Promise<void> {
  try {
    await deleteCategory({ client: runtime.client, id });
  } catch (error) {
    say(runtime, error, messages.categories.notFound);
    return;
  }
  setState(runtime, { categories: runtime.state.categories.filter((category) => category.id !== id) });
  if (runtime.state.selectedCategoryId === id) await chooseCategory(runtime, null);
}

/** A recipient leaves a category shared with them. */
export async function leaveSharedCategory(runtime: IdeasRuntime, id: string): Promise<void> {
  try {
    await leaveCategory({ client: runtime.client, categoryId: id, userId: runtime.userId });
  } catch (error) {
    say(runtime, error, messages.sharing.removeShareFailed);
    return;
  }
  setState(runtime, { categories: runtime.state.categories.filter((category) => category.id !== id) });
  if (runtime.state.selectedCategoryId === id) await chooseCategory(runtime, null);
}
