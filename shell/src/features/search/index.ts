import { lazy } from 'react';

/** The search overlay (cmdk), loaded the first time search opens. */
export const SearchOverlay = lazy(() =>
  import('./search-overlay.tsx').then((module) => ({ default: module.SearchOverlay })),
);
export type { SearchOverlayProps } from './search-overlay.tsx';
export {
  type SearchClient,
  type SearchResult,
  type SearchWorkspace,
  searchWorkspace,
} from './search-workspace.ts';
export { useSearchOpening } from './typed-query.ts';
