export { SearchOverlay, type SearchOverlayProps } from './search-overlay.tsx';
export {
  type SearchClient,
  type SearchResult,
  type SearchWorkspace,
  searchWorkspace,
} from './search-workspace.ts';
