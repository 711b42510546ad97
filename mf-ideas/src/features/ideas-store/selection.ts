// Selection in the list, as pure steps over the state: a click expands and selects one idea (a click on
// the expanded one collapses it), Shift-click selects a range from the anchor, Cmd/Ctrl-click toggles.
import type { IdeasState } from './store-state.ts';

export type ClickModifiers = { readonly toggle?: boolean; readonly range?: boolean };

type SelectionState = Pick<IdeasState, 'items' | 'selectedIds' | 'anchorId' | 'expandedId'>;
type SelectionChange = Pick<IdeasState, 'selectedIds' | 'anchorId' | 'expandedId' | 'highlightId'>;

/** The selection after a click on idea `id`. */
export function clickSelection(
  state: SelectionState,
  id: string,
  { toggle = false, range = false }: ClickModifiers = {},
): SelectionChange {
  if (range && state.anchorId) {
    const ids = state.items.map((item) => item.id);
    const from = ids.indexOf(state.anchorId);
    const to = ids.indexOf(id);
    if (from !== -1 && to !== -1) {
      const [start, end] = from < to ? [from, to] : [to, from];
      return {
        selectedIds: new Set(ids.slice(start, end + 1)),
        anchorId: state.anchorId,
        expandedId: null,
        highlightId: null,
      };
    }
  }
  if (toggle) {
    const selectedIds = new Set(state.selectedIds);
    if (selectedIds.has(id)) selectedIds.delete(id);
    else selectedIds.add(id);
    return { selectedIds, anchorId: id, expandedId: null, highlightId: null };
  }
  if (state.expandedId === id) {
    return { selectedIds: new Set([id]), anchorId: id, expandedId: null, highlightId: null };
  }
  return { selectedIds: new Set([id]), anchorId: id, expandedId: id, highlightId: null };
}

/** The selection without ideas that left the list (deleted, moved out of the category). */
export function pruneSelection(
  state: SelectionState,
  present: ReadonlySet<string>,
): Partial<SelectionChange> {
  const selectedIds = new Set([...state.selectedIds].filter((id) => present.has(id)));
  return {
    selectedIds,
    anchorId: state.anchorId && present.has(state.anchorId) ? state.anchorId : null,
    expandedId: state.expandedId && present.has(state.expandedId) ? state.expandedId : null,
  };
}
