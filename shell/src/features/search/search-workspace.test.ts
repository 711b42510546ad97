// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SearchClient, searchWorkspace } from './search-workspace.ts';

// The real local backend and the real supabase-js. The shell does not depend on the backend package, so
// the test loads it by path (outside the shell's type program) together with the backend's test client,
// which brings the `ws` transport supabase-js needs on Node 20.
interface TestBackend {
  url: string;
  anonKey: string;
  stop(): Promise<void>;
}
interface TestClient extends SearchClient {
  auth: { signInWithPassword(credentials: object): Promise<{ error: { message: string } | null }> };
  from(table: string): { insert(rows: object[]): PromiseLike<{ error: { message: string } | null }> };
}
const backendDirectory = new URL('../../../../local-backend/', import.meta.url);
const load = (path: string) => import(/* @vite-ignore */ new URL(path, backendDirectory).href);

let backend: TestBackend;
let owner: TestClient;
let visitor: TestClient;

beforeAll(async () => {
  const { startBackend } = await load('src/backend.ts');
  const { createTestClient } = await load('tests/auth-test-support.ts');
  backend = await startBackend({ dataDir: 'memory://', port: 0 });
  owner = createTestClient(backend);
  visitor = createTestClient(backend);
  const signIn = await owner.auth.signInWithPassword({
    email: 'demo@example.com',
    password: 'demo-password',
  });
  if (signIn.error) throw new Error(signIn.error.message);
  const body = `${'Morning pages about the harbour. '.repeat(6)}The keeper grows quillwort by the pier. ${'Salt and rope. '.repeat(10)}`;
  const writings = await owner.from('writings').insert([
    {
      title: 'Keeper of the pier',
      content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: body }] }] },
    },
  ]);
  const ideas = await owner.from('ideas').insert([{ content: 'Quillwort tea for the keeper of the pier' }]);
  if (writings.error || ideas.error) throw new Error(writings.error?.message ?? ideas.error?.message);
}, 120_000);

afterAll(() => backend?.stop());

describe('searchWorkspace', () => {
  it('finds writings and ideas with their source, title and a 140-character snippet around the match', async () => {
    const results = await searchWorkspace(owner, 'quillwort', new AbortController().signal);

    expect(results).toHaveLength(2);
    const writing = results.find((result) => result.source === 'writing');
    const idea = results.find((result) => result.source === 'idea');
    expect(writing?.title).toBe('Keeper of the pier');
    expect(writing?.snippet.length).toBe(140);
    expect(writing?.snippet).toContain('The keeper grows quillwort by the pier.');
    expect(idea).toMatchObject({ title: 'Quillwort tea for the keeper of the pier' });
    expect(idea?.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('returns nothing for words nobody wrote', async () => {
    expect(await searchWorkspace(owner, 'xylophonic quasar', new AbortController().signal)).toEqual([]);
  });

  it("throws the service's message when the caller may not search", async () => {
    await expect(searchWorkspace(visitor, 'quillwort', new AbortController().signal)).rejects.toThrow(
      /permission denied/,
    );
  });

  it('rejects once its signal is aborted', async () => {
    await expect(searchWorkspace(owner, 'quillwort', AbortSignal.abort())).rejects.toThrow();
  });
});
