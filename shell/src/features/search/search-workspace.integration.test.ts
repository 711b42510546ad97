// @vitest-environment node
import { startTestBackend, type TestBackend } from 'local-backend/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchWorkspace } from './search-workspace.ts';

// The real local backend and the real supabase-js.
let backend: TestBackend;
let owner: ReturnType<TestBackend['client']>;
let visitor: ReturnType<TestBackend['client']>;
const body = `${'Morning pages about the harbour. '.repeat(6)}The keeper grows quillwort by the pier. ${'Salt and rope. '.repeat(10)}`;

beforeAll(async () => {
  backend = await startTestBackend();
  owner = backend.client();
  visitor = backend.client();
  const signIn = await owner.auth.signInWithPassword({
    email: 'demo@example.com',
    password: 'demo-password',
  });
  if (signIn.error) throw new Error(signIn.error.message);
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
  it('finds writings and ideas with their source, title and a snippet of whole words around the match', async () => {
    const results = await searchWorkspace(owner, 'quillwort', new AbortController().signal);

    expect(results).toHaveLength(2);
    const writing = results.find((result) => result.source === 'writing');
    const idea = results.find((result) => result.source === 'idea');
    expect(writing?.title).toBe('Keeper of the pier');
    const snippet = writing?.snippet ?? '';
    expect(snippet.length).toBeLessThanOrEqual(140);
    expect(snippet).toContain('The keeper grows quillwort by the pier.');
    // Words are left out before and after it, each side says so, and no word is cut.
    expect(snippet).toMatch(/^….+…$/);
    const words = snippet.slice(1, -1);
    expect(body.includes(` ${words} `)).toBe(true);
    expect(idea).toMatchObject({ title: 'Quillwort tea for the keeper of the pier' });
    expect(idea?.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('leaves out of the snippet the title the text opens with, shown above it', async () => {
    const heading = {
      type: 'heading',
      attrs: { level: 1 },
      content: [{ type: 'text', text: 'Harbour notes' }],
    };
    const paragraph = {
      type: 'paragraph',
      content: [{ type: 'text', text: 'The ferry runs late on Sundays.' }],
    };
    const inserted = await owner.from('writings').insert({
      title: 'Harbour notes',
      content: { type: 'doc', content: [heading, paragraph] },
    });
    const idea = await owner.from('ideas').insert({ content: 'Ferry timetable' });
    if (inserted.error || idea.error) throw new Error(inserted.error?.message ?? idea.error?.message);

    const results = await searchWorkspace(owner, 'ferry', new AbortController().signal);

    expect(results).toContainEqual(
      expect.objectContaining({
        source: 'writing',
        title: 'Harbour notes',
        snippet: 'The ferry runs late on Sundays.',
      }),
    );
    expect(results).toContainEqual(
      expect.objectContaining({ source: 'idea', title: 'Ferry timetable', snippet: '' }),
    );
  });

  it('starts the snippet at the text past the title, not in the middle of a word of it', async () => {
    const heading = { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Quay notes' }] };
    const text = 'The quay smells of tar and rope. A cormorant steals a sandwich.';
    const paragraph = { type: 'paragraph', content: [{ type: 'text', text }] };
    const inserted = await owner
      .from('writings')
      .insert({ title: 'Quay notes', content: { type: 'doc', content: [heading, paragraph] } });
    if (inserted.error) throw new Error(inserted.error.message);

    const results = await searchWorkspace(owner, 'cormorant', new AbortController().signal);

    expect(results).toEqual([expect.objectContaining({ title: 'Quay notes', snippet: text })]);
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
