import { tool } from 'ai';
import type { ChatSource } from 'shared-kernel/domain';
import { z } from 'zod';

type Secrets = Readonly<Record<string, string | undefined>>;

/** The search service: a SearXNG instance's URL (its JSON API). None configured: no web search. */
export const SEARCH_URL_SETTING = 'SEARXNG_URL';
const RESULTS_PER_SEARCH = 5;

/** Whether web search can be offered here. */
export function webSearchConfigured(secrets: Secrets): boolean {
  return Boolean(secrets[SEARCH_URL_SETTING]);
}

interface SearxResult {
  url?: unknown;
  title?: unknown;
  content?: unknown;
}

/**
 * The webSearch tool: each result is numbered after the sources already sent (`nextNumber`), so the
 * model cites web results exactly like notes, and the reply shows them under "What the model saw".
 */
export function webSearchTool(secrets: Secrets, nextNumber: () => number, signal?: AbortSignal) {
  const base = secrets[SEARCH_URL_SETTING] as string;
  return tool({
    description: 'Search the web for current information. Returns numbered results to cite as [n].',
    inputSchema: z.object({ query: z.string().min(1).describe('the search query') }),
    execute: async ({ query }): Promise<ChatSource[]> => {
      const url = new URL('search', base.endsWith('/') ? base : `${base}/`);
      url.searchParams.set('q', query);
      url.searchParams.set('format', 'json');
      const response = await fetch(url, { signal });
      if (!response.ok) throw new Error(`web search failed: HTTP ${response.status}`);
      const { results = [] } = (await response.json()) as { results?: SearxResult[] };
      return results
        .filter((result) => typeof result.url === 'string' && /^https?:\/\//i.test(result.url))
        .slice(0, RESULTS_PER_SEARCH)
        .map((result) => ({
          n: nextNumber(),
          kind: 'web' as const,
          title: typeof result.title === 'string' ? result.title : (result.url as string),
          excerpt: typeof result.content === 'string' ? result.content : '',
          url: result.url as string,
        }));
    },
  });
}
