// What the writer does to ideas: capture, edit in place (debounced save, kept when the page closes),
// delete, move to a category.
import {
  CONTENT_SAVE_DEBOUNCE_MS,
  canWriteToFolder,
  type ExitDrafts,
  exitDrafts,
  messages,
  nonBlank,
  SyncFailure,
  saveErrorMessage,
  serverIdOf,
} from 'shared-kernel';
import type { Idea } from '../ideas-data/index.ts';
import { pruneSelection } from './selection.ts';
import { type IdeasRuntime, type IdeasState, say, selectedCategory, setState } from './store-state.ts';

function withId(set: ReadonlySet<string>, id: string, present: boolean): Set<string> {
  const next = new Set(set);
  if (present) next.add(id);
  else next.delete(id);
  return next;
}

function replaceIdea(runtime: IdeasRuntime, id: string, idea: Idea): void {
  setState(runtime, { items: runtime.state.items.map((item) => (item.id === id ? idea : item)) });
}

/**
 * Captures a thought in the chosen category: blank after trim is ignored; a read-only shared category
 * is refused with the spec's alert. The idea is in the list at once (the same call); the write follows.
 */
export function captureIdea(runtime: IdeasRuntime, text: string): Idea | null {
  const content = nonBlank(text);
  if (content === null) return null;
  const category = selectedCategory(runtime);
  if (!canWriteToFolder(category)) {
    setState(runtime, { notice: messages.categories.readOnlyCreate });
    return null;
  }
  if (runtime.state.notice === messages.categories.readOnlyCreate) setState(runtime, { notice: null });
  return addIdea(runtime, content, category?.id ?? null).idea;
}

/**
 * Makes an idea of `content` in category `categoryId`, listed at once when the list shows that category,
 * then written. `written` answers whether the server or this device's outbox has it; a failure is told.
 */
function addIdea(
  runtime: IdeasRuntime,
  content: string,
  categoryId: string | null,
): { idea: Idea; written: Promise<boolean> } {
  const now = new Date().toISOString();
  const idea: Idea = {
    id: crypto.randomUUID(),
    user_id: runtime.userId,
    content,
    category_id: categoryId,
    created_at: now,
    updated_at: now,
  };
  const { selectedCategoryId } = runtime.state;
  if (selectedCategoryId === null || selectedCategoryId === categoryId) {
    setState(runtime, {
      items: [idea, ...runtime.state.items],
      unsaved: withId(runtime.state.unsaved, idea.id, true),
    });
  }
  const written = runtime.writes.create(idea).then(
    (saved) => {
      if (!saved) return true; // kept on this device; the outbox syncs it
      setState(runtime, { unsaved: withId(runtime.state.unsaved, idea.id, false) });
      if (!runtime.edits.has(idea.id)) replaceIdea(runtime, idea.id, saved);
      return true;
    },
    (error: unknown) => {
      setState(runtime, { notice: saveErrorMessage(error) });
      return false;
    },
  );
  return { idea, written };
}

/**
 * Keeps `content`, typed in `of` before a page closed and saved over elsewhere since, as an idea of its
 * own beside it: in its category, or outside any when that one is read-only now (not the category
 * selected, which may refuse it). Answers whether it is kept.
 */
function keepBeside(runtime: IdeasRuntime, of: Idea, content: string): Promise<boolean> {
  const own = runtime.state.categories.find((category) => category.id === of.category_id) ?? null;
  return addIdea(runtime, content, canWriteToFolder(own) ? (own?.id ?? null) : null).written;
}

/** An edit in place: shown at once, marked unsaved, saved 750 ms after the last keystroke. */
export function editIdea(runtime: IdeasRuntime, id: string, content: string): void {
  const item = runtime.state.items.find((idea) => idea.id === id);
  if (!item) return;
  runtime.edits.set(id, { content, over: runtime.edits.get(id)?.over ?? item.content });
  setState(runtime, {
    items: runtime.state.items.map((idea) => (idea.id === id ? { ...idea, content } : idea)),
    unsaved: withId(runtime.state.unsaved, id, true),
  });
  clearTimeout(runtime.saveTimers.get(id));
  runtime.saveTimers.set(
    id,
    setTimeout(() => void saveIdea(runtime, id), CONTENT_SAVE_DEBOUNCE_MS),
  );
}

/** Saves an idea's pending edit now. On failure the unsaved mark stays and the spec's text is shown. */
export async function saveIdea(runtime: IdeasRuntime, id: string): Promise<void> {
  clearTimeout(runtime.saveTimers.get(id));
  runtime.saveTimers.delete(id);
  const edit = runtime.edits.get(id);
  const item = runtime.state.items.find((idea) => idea.id === id);
  if (edit === undefined || !item) return;
  const { content, over } = edit;
  // What is typed from now on is typed over the text this save sends.
  runtime.edits.set(id, { content, over: content });
  try {
    const saved = await runtime.writes.update({ ...item, content }, over);
    ideaExitDrafts(runtime).forget(id, content); // on the device or the server now
    // Typed on meanwhile (the next save follows), or deleted.
    if (runtime.edits.get(id)?.content !== content) return;
    runtime.edits.delete(id);
    if (!saved) return; // kept on this device; the outbox syncs it
    setState(runtime, { unsaved: withId(runtime.state.unsaved, id, false) });
    replaceIdea(runtime, id, saved); // merged with a version saved elsewhere, it says more than was typed
  } catch (error) {
    // Kept nowhere: what is typed now is typed over what this save was. Merged from the text it tried to
    // send, a version saved elsewhere would drop the words that never left. Kept on the device (refused
    // by the server, and tried again), it is typed over the text this save sent, and goes with it.
    const now = runtime.edits.get(id);
    if (now && !(error instanceof SyncFailure)) runtime.edits.set(id, { ...now, over });
    setState(runtime, { notice: saveErrorMessage(error) });
  }
}

/** The ideas' drafts kept when the page closes (shared-kernel/src/offline/exit-drafts.ts). */
const ideaExitDrafts = (runtime: IdeasRuntime): ExitDrafts<string> =>
  exitDrafts<string>('ideas', runtime.userId);

/**
 * The page is hiding (a reload, a closed tab, another tab): the edits not saved yet are kept at once,
 * since a closing page cuts their save short, then saved.
 */
export function keepAndSaveAll(runtime: IdeasRuntime): Promise<void> {
  const drafts = ideaExitDrafts(runtime);
  for (const [id, { content }] of runtime.edits) drafts.keep(id, content);
  return saveAll(runtime);
}

/**
 * Edits kept when the page last closed, of ideas now in the list: one that differs from the idea shown,
 * and is newer than it, is shown and saved as an edit; one that is the same text is forgotten. One
 * older than it (the idea was saved elsewhere after that page closed) is kept as an idea of its own
 * ({@link keepBeside}), and stays on the device until it is.
 */
export function restoreExitDrafts(runtime: IdeasRuntime): void {
  const drafts = ideaExitDrafts(runtime);
  for (const id of drafts.ids()) {
    const item = runtime.state.items.find((idea) => serverIdOf(idea.id) === id);
    const kept =
      item &&
      drafts.find(id, item.updated_at, (stale) => stale === item.content || keepBeside(runtime, item, stale));
    if (!item || kept === undefined || runtime.edits.has(item.id)) continue;
    if (kept === item.content) drafts.forget(id);
    else editIdea(runtime, item.id, kept);
  }
}

/** Saves every pending edit (the panel closing, the page hiding). */
export async function saveAll(runtime: IdeasRuntime): Promise<void> {
  await Promise.all([...runtime.edits.keys()].map((id) => saveIdea(runtime, id)));
}

/** Whether any of the ideas `ids` sits in a category the writer may only read. */
export function inReadOnlyCategory(
  { items, categories }: Pick<IdeasState, 'items' | 'categories'>,
  ids: ReadonlySet<string> | readonly string[],
): boolean {
  const wanted = new Set(ids);
  return items.some(
    (idea) =>
      wanted.has(idea.id) &&
      idea.category_id !== null &&
      !canWriteToFolder(categories.find((category) => category.id === idea.category_id)),
  );
}

/** Refuses, with the spec's alert, a change to ideas of a read-only shared category: the server would. */
function refusedReadOnly(runtime: IdeasRuntime, ids: readonly string[]): boolean {
  if (!inReadOnlyCategory(runtime.state, ids)) return false;
  setState(runtime, { notice: messages.categories.noWriteAccess });
  return true;
}

/** Deletes ideas (the selection by default): gone from the list at once, restored if the server refuses. */
export async function deleteIdeasNow(
  runtime: IdeasRuntime,
  ids: readonly string[] = [...runtime.state.selectedIds],
): Promise<void> {
  if (ids.length === 0 || refusedReadOnly(runtime, ids)) return;
  const gone = new Set(ids);
  const before = runtime.state.items;
  for (const id of ids) {
    clearTimeout(runtime.saveTimers.get(id));
    runtime.saveTimers.delete(id);
    runtime.edits.delete(id);
  }
  const items = before.filter((item) => !gone.has(item.id));
  setState(runtime, { items, ...pruneSelection(runtime.state, new Set(items.map((item) => item.id))) });
  try {
    await runtime.writes.remove(ids);
  } catch (error) {
    setState(runtime, { items: before });
    say(runtime, error, messages.ideas.deleteFailed);
  }
}

/**
 * Moves ideas (the selection by default) to a category, or out of any with `null`. A shared category
 * without write access is refused with the spec's alert. Ideas leaving the category shown leave the list.
 * Offline the move is kept on this device and synced in order after the ideas' other writes.
 */
export async function moveIdeasTo(
  runtime: IdeasRuntime,
  categoryId: string | null,
  ids: readonly string[] = [...runtime.state.selectedIds],
): Promise<void> {
  if (ids.length === 0 || refusedReadOnly(runtime, ids)) return;
  const target = runtime.state.categories.find((category) => category.id === categoryId) ?? null;
  if (!canWriteToFolder(target)) {
    setState(runtime, { notice: messages.categories.noWriteAccess });
    return;
  }
  // Edits not saved yet go first. On the device, writes are kept in the order they are asked for, so the
  // move need not wait for the edits' sync (waiting, a reload before it lost the move).
  void saveAll(runtime); // it tells of its own failures
  const wanted = new Set(ids);
  const moving = runtime.state.items.filter((item) => wanted.has(item.id));
  try {
    const moved =
      (await runtime.writes.move(moving, categoryId)) ??
      moving.map((idea) => ({ ...idea, category_id: categoryId }));
    const byId = new Map(moved.map((idea) => [idea.id, idea]));
    const shown = runtime.state.selectedCategoryId;
    const items = runtime.state.items
      .map((item) => byId.get(item.id) ?? item)
      .filter((item) => shown === null || !byId.has(item.id) || item.category_id === shown);
    setState(runtime, { items, ...pruneSelection(runtime.state, new Set(items.map((item) => item.id))) });
  } catch (error) {
    say(runtime, error, messages.ideas.moveFailed);
  }
}
