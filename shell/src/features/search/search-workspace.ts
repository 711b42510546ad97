import { messages, SEARCH_MAX_RESULTS, type WorkspaceClient } from 'shared-kernel';
import { z } from 'zod/mini';

/**
 * One search hit: where it comes from, its id and title, and the server-made snippet: at most 140
 * characters of whole words around the match, an ellipsis where words are left out, without the title
 * the text opens with (shown above it; empty when the title says it all).
 */
export type SearchResult = { source: 'writing' | 'idea'; id: string; title: string; snippet: string };

/** Searches the workspace for `query`; `signal` aborts the request when a newer query supersedes it. */
export type SearchWorkspace = (query: string, signal: AbortSignal) => Promise<SearchResult[]>;

/** What `searchWorkspace` needs of the workspace's backend client. */
export type SearchClient = Pick<WorkspaceClient, 'rpc'>;

// A row of `search_workspace(query, max_results)` (shared-kernel/supabase/migrations/*_search*.sql);
// rank and updated_at only order the rows on the server.
const searchRowSchema = z.object({
  source: z.enum(['writing', 'idea']),
  id: z.string(),
  title: z.nullable(z.string()),
  snippet: z.nullable(z.string()),
});

/**
 * Full-text search over the caller's writings and ideas through the `search_workspace` RPC: at most
 * 100 results, best first, each with a snippet around the match. Throws the service's error.
 */
export async function searchWorkspace(
  client: SearchClient,
  query: string,
  signal: AbortSignal,
): Promise<SearchResult[]> {
  const { data, error } = await client
    .rpc('search_workspace', { query, max_results: SEARCH_MAX_RESULTS })
    .abortSignal(signal);
  if (error) throw new Error(error.message);
  return z
    .array(searchRowSchema)
    .parse(data)
    .map((row) => ({
      source: row.source,
      id: row.id,
      title: row.title || (row.source === 'writing' ? messages.writings.untitled : messages.ideas.untitled),
      snippet: row.snippet ?? '',
    }));
}
