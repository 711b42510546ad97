import { useEffect, useRef, useState } from 'react';
import { SEARCH_MAX_RESULTS } from 'shared-kernel';
import type { SearchResult, SearchWorkspace } from './search-workspace.ts';

/** Quiet time after the last keystroke before a search is sent: one request per pause, not per key. */
export const SEARCH_DEBOUNCE_MS = 120;

/** Where the overlay's search stands: nothing asked yet, waiting for an answer, or answered. */
export interface SearchState {
  status: 'idle' | 'loading' | 'done';
  results: SearchResult[];
}

/**
 * The results for `query`, searched after a short pause in typing. Each new query aborts the request
 * before it, and an answer that arrives for an earlier query is dropped, so a slow old request never
 * overwrites a newer one. A failed search is logged and reads as no results.
 */
export function useSearchResults(query: string, search: SearchWorkspace): SearchState {
  const [state, setState] = useState<SearchState>({ status: 'idle', results: [] });
  const latestSearch = useRef(search);
  latestSearch.current = search;

  useEffect(() => {
    const trimmed = query.trim();
    if (!trimmed) {
      setState({ status: 'idle', results: [] });
      return;
    }
    // The previous results stay listed while the next ones load, so the list does not flicker.
    setState((current) => ({ ...current, status: 'loading' }));
    const controller = new AbortController();
    const timer = setTimeout(() => {
      latestSearch.current(trimmed, controller.signal).then(
        (results) => {
          if (!controller.signal.aborted)
            setState({ status: 'done', results: results.slice(0, SEARCH_MAX_RESULTS) });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.error('[shell] search failed', error);
          setState({ status: 'done', results: [] });
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  return state;
}
