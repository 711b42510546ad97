// The open writing and the multi-selection (Cmd/Ctrl-click, Shift-click).
import { runtime, setState } from './store-state.ts';

/** Opens a writing in the editor (and makes it the whole selection). */
export function selectWriting(id: string | null): void {
  setState({ selectedWritingId: id, selectedIds: new Set(id ? [id] : []), anchorId: id });
}

/** How many writings the writer has opened themselves (a row, a search result, a chat's source). */
let openedByWriter = 0;

/**
 * The writer opens a writing (the bus's `writings.open`): a New answered after it leaves it open
 * ({@link writerOpenings}).
 */
export function openWriting(id: string): void {
  openedByWriter += 1;
  selectWriting(id);
}

/** A count of the writings the writer has opened: compared later, it tells whether they opened one since. */
export const writerOpenings = (): number => openedByWriter;

/**
 * A click on a list row: plain opens it, `toggle` (Cmd/Ctrl) adds or removes it from the selection,
 * `range` (Shift) selects every row from the anchor to it.
 */
export function clickWriting(id: string, { toggle = false, range = false } = {}): void {
  if (range && runtime.state.anchorId) {
    const ids = runtime.state.items.map((item) => item.id);
    const from = ids.indexOf(runtime.state.anchorId);
    const to = ids.indexOf(id);
    if (from !== -1 && to !== -1) {
      const [start, end] = from < to ? [from, to] : [to, from];
      setState({ selectedIds: new Set(ids.slice(start, end + 1)) });
      return;
    }
  }
  if (toggle) {
    const selectedIds = new Set(runtime.state.selectedIds);
    if (selectedIds.has(id)) selectedIds.delete(id);
    else selectedIds.add(id);
    setState({ selectedIds, anchorId: id });
    return;
  }
  selectWriting(id);
}
