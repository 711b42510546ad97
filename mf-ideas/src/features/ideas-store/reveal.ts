// Showing one idea (chosen in search): its list is chosen, the idea is put in it, selected and highlighted.
import { getIdea } from '../ideas-data/index.ts';
import { chooseCategory } from './categories.ts';
import { upsertIdea } from './merge.ts';
import { type IdeasRuntime, setState } from './store-state.ts';

/** Shows idea `id`: the user's own under All, someone else's in its shared category. */
export async function revealIdea(runtime: IdeasRuntime, id: string): Promise<void> {
  let idea = runtime.state.items.find((item) => item.id === id) ?? null;
  if (!idea) {
    idea = await getIdea({ client: runtime.client, id });
    if (!idea || runtime.closed) return;
    const list = idea.user_id === runtime.userId ? null : idea.category_id;
    if (list !== runtime.state.selectedCategoryId || runtime.state.status === 'idle') {
      await chooseCategory(runtime, list);
    }
    if (!runtime.state.items.some((item) => item.id === id)) {
      setState(runtime, { items: upsertIdea(runtime.state.items, idea) });
    }
  }
  setState(runtime, { selectedIds: new Set([id]), anchorId: id, expandedId: null, highlightId: id });
}
