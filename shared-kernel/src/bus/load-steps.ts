/**
 * The steps of a page load, marked on the page's own timeline (User Timing: `performance.mark`, named
 * `load:<step>`), so `pnpm bench:load` can say where a load's time goes (tests/perf/load.bench.ts) and a
 * DevTools recording shows them. Each step is marked once per page, the first time it is reached, in the
 * order a load reaches them:
 * - `shell-entry`: the shell's entry runs (its scripts are in);
 * - `shell-bootstrap`: the shared modules are negotiated and React starts rendering the shell;
 * - `session-known`: the session check has answered;
 * - `parcel-loaded:<area>/<parcel>`: a slot has its parcel's code (the slot's `data-status` is ready);
 * - `writings-list`: the writings list's first page is read;
 * - `writing-copy`: the static copy of the writing that opens has painted;
 * - `editor-code`: the editor's code (Tiptap, ProseMirror) has arrived;
 * - `first-screen`: the editor has taken over (`markFirstScreen`).
 * The shell's entry bundles this file too (it runs before shared modules exist): a mark is a name on the
 * timeline, so both copies mark the same steps.
 */
export type LoadStep =
  | 'shell-entry'
  | 'shell-bootstrap'
  | 'session-known'
  | `parcel-loaded:${string}`
  | 'writings-list'
  | 'writing-copy'
  | 'editor-code'
  | 'first-screen';

/** What each step's mark is named after. */
export const LOAD_STEP_PREFIX = 'load:';

/** Marks `step` on the page's timeline, unless it was marked already. */
export function markLoadStep(step: LoadStep): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  const name = `${LOAD_STEP_PREFIX}${step}`;
  if (performance.getEntriesByName(name, 'mark').length === 0) performance.mark(name);
}
