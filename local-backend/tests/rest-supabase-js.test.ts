import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { alice, bob, createRestFixture, type RestFixture, serveRest } from './rest-test-support.ts';

// The real, unchanged supabase-js against the REST routes served over HTTP: every request shape of
// docs/backend.md (protocol fact 6), end to end.

let fixture: RestFixture;
let server: { url: string; stop(): Promise<void> };
let anonymous: SupabaseClient;
let asAlice: SupabaseClient;
let asService: SupabaseClient;

function client(key: string, accessToken?: string): SupabaseClient {
  return createClient(server.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no global WebSocket; supabase-js refuses to start without one (docs/backend.md, protocol fact 2).
    realtime: { transport: WebSocket as never },
    ...(accessToken === undefined ? {} : { accessToken: async () => accessToken }),
  });
}

beforeAll(async () => {
  fixture = await createRestFixture();
  server = await serveRest(fixture.rest);
  anonymous = client(fixture.keys.anon);
  asAlice = client(fixture.keys.anon, fixture.keys.alice);
  asService = client(fixture.keys.service);
});

afterAll(async () => {
  await server?.stop();
  await fixture?.close();
});

describe('reads through supabase-js', () => {
  it('combines select, eq, in with awkward values, is, ilike, or, order and range', async () => {
    await asService.from('articles').insert([
      { author_id: bob, title: 'pub lished', status: 'published' },
      { author_id: bob, title: 'a,b', status: 'published' },
    ]);
    const { data, error, status } = await anonymous
      .from('articles')
      .select('id, title')
      .eq('author_id', bob)
      .in('title', ['draft', 'pub lished', 'a,b', 'Cooking pasta'])
      .is('reviewer_id', null)
      .ilike('title', '%')
      .or('views.eq.0,views.gt.20')
      .order('title', { ascending: false })
      .range(0, 19);
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data?.map((row) => row.title)).toEqual(['pub lished', 'a,b', 'Cooking pasta']);
  });

  it('orders with nulls first or last and limits', async () => {
    const { data } = await asService
      .from('articles')
      .select('id')
      .in('id', [1, 2, 3, 4, 5])
      .order('score', { ascending: false, nullsFirst: false })
      .order('id')
      .limit(4);
    expect(data).toEqual([{ id: 1 }, { id: 2 }, { id: 5 }, { id: 3 }]);
  });

  it('supports the comparison, pattern, not, array and match filters', async () => {
    const base = () => asService.from('articles').select('id').in('id', [1, 2, 3, 4, 5]).order('id');
    expect(
      (await base().neq('status', 'draft').gt('views', 9).gte('views', 10).lt('id', 5).lte('id', 4)).data,
    ).toEqual([{ id: 1 }, { id: 2 }, { id: 4 }]);
    expect((await base().like('title', 'C%')).data).toEqual([{ id: 1 }, { id: 4 }]);
    expect((await base().not('score', 'is', null).not('id', 'in', '(2,5)')).data).toEqual([{ id: 1 }]);
    expect((await base().contains('tags', ['pets'])).data).toEqual([{ id: 1 }]);
    expect((await base().containedBy('tags', ['food', 'pasta', 'x']).neq('tags', '{}')).data).toEqual([
      { id: 4 },
    ]);
    expect((await base().overlaps('tags', ['garden', 'food'])).data).toEqual([{ id: 2 }, { id: 4 }]);
    expect((await base().match({ status: 'draft', author_id: bob })).data).toEqual([{ id: 3 }]);
    expect((await base().filter('id', 'in', '(1,2)')).data).toEqual([{ id: 1 }, { id: 2 }]);
    expect((await base().or('and(id.gte.2,score.is.null),title.eq.Cats and dogs')).data).toEqual([
      { id: 1 },
      { id: 3 },
      { id: 4 },
    ]);
    expect((await base().eq('data->>kind', 'guide')).data).toEqual([{ id: 2 }]);
  });

  it('runs every kind of text search', async () => {
    const search = (query: string, options: { type?: 'plain' | 'phrase' | 'websearch'; config?: string }) =>
      anonymous.from('articles').select('id').textSearch('search', query, options).order('id');
    expect((await search("'pasta' | 'pets'", {})).data).toEqual([{ id: 1 }, { id: 4 }]);
    expect((await search('pasta or roses', { type: 'websearch', config: 'english' })).data).toEqual([
      { id: 2 },
      { id: 4 },
    ]);
    expect((await search('roses tulips', { type: 'plain' })).data).toEqual([{ id: 2 }]);
    expect((await search('cooking pasta', { type: 'phrase', config: 'english' })).data).toEqual([{ id: 4 }]);
  });

  it('embeds resources with JSON paths and embedded order, filter and limit', async () => {
    const { data, error } = await anonymous
      .from('articles')
      .select('id, kind:data->>kind, words:data->meta->words, author:people!author_id(name), comments(body)')
      .eq('id', 1)
      .order('id', { referencedTable: 'comments', ascending: false })
      .not('comments.author_id', 'is', null)
      .limit(1, { referencedTable: 'comments' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, kind: 'story', words: 120, author: { name: 'Alice' }, comments: [{ body: 'Thanks' }] },
    ]);
  });

  it('counts exactly, with or without rows (head)', async () => {
    const page = await asService.from('articles').select('*', { count: 'exact' }).range(0, 1);
    expect(page.count).toBe(7);
    expect(page.data).toHaveLength(2);
    expect(page.status).toBe(206);
    const head = await anonymous
      .from('articles')
      .select('*', { count: 'exact', head: true })
      .eq('author_id', alice);
    expect(head.data).toBeNull();
    expect(head.count).toBe(2);
  });

  it('returns single and maybeSingle objects and the 406 for zero rows', async () => {
    expect((await anonymous.from('articles').select('title').eq('id', 4).single()).data).toEqual({
      title: 'Cooking pasta',
    });
    expect((await anonymous.from('articles').select('title').eq('id', 999).maybeSingle()).data).toBeNull();
    const missing = await anonymous.from('articles').select('title').eq('id', 999).single();
    expect(missing.status).toBe(406);
    expect(missing.error).toMatchObject({
      code: 'PGRST116',
      details: 'The result contains 0 rows',
      hint: null,
      message: 'Cannot coerce the result to a single JSON object',
    });
  });

  it('reads another exposed schema with .schema()', async () => {
    const { data } = await anonymous.schema('other_api').from('notes').select('text');
    expect(data).toEqual([{ text: 'from the other schema' }]);
  });
});

describe('writes through supabase-js', () => {
  it('inserts an object and returns it as an object with .single()', async () => {
    const { data, error, status } = await asAlice
      .from('articles')
      .insert({ title: 'Via client' })
      .select()
      .single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toMatchObject({ title: 'Via client', author_id: alice, status: 'draft', tags: [] });
  });

  it('inserts arrays with NULL or DEFAULT for missing keys', async () => {
    const nulls = await asService
      .from('comments')
      .insert([
        { article_id: 4, body: 'one', author_id: bob },
        { article_id: 4, body: 'two' },
      ])
      .select('body, author_id');
    expect(nulls.data).toEqual([
      { body: 'one', author_id: bob },
      { body: 'two', author_id: null },
    ]);
    const defaults = await asAlice
      .from('articles')
      .insert([{ title: 'Default status' }, { title: 'Set status', status: 'published' }], {
        defaultToNull: false,
      })
      .select('title, status');
    expect(defaults.data).toEqual([
      { title: 'Default status', status: 'draft' },
      { title: 'Set status', status: 'published' },
    ]);
  });

  it('inserts without select and counts with count: exact', async () => {
    const result = await asService
      .from('folders')
      .insert({ owner_id: alice, name: 'Ideas' }, { count: 'exact' });
    expect(result.error).toBeNull();
    expect(result.status).toBe(201);
    expect(result.data).toBeNull();
    expect(result.count).toBe(1);
  });

  it('updates with and without select', async () => {
    const returned = await asAlice
      .from('articles')
      .update({ body: 'edited' })
      .eq('title', 'Via client')
      .select('body');
    expect(returned.status).toBe(200);
    expect(returned.data).toEqual([{ body: 'edited' }]);
    const silent = await asAlice.from('articles').update({ views: 3 }).eq('title', 'Via client');
    expect(silent.status).toBe(204);
    expect(silent.error).toBeNull();
  });

  it('deletes with and without select', async () => {
    const returned = await asService.from('comments').delete().eq('body', 'one').select('body');
    expect(returned.data).toEqual([{ body: 'one' }]);
    const silent = await asService.from('comments').delete().eq('body', 'two');
    expect(silent.status).toBe(204);
    expect((await asService.from('comments').select('id').in('body', ['one', 'two'])).data).toEqual([]);
  });

  it('upserts by merging or ignoring duplicates', async () => {
    const merged = await asService.from('article_stats').upsert({ article_id: 1, reads: 43 }).select();
    expect(merged.status).toBe(201);
    expect(merged.data).toEqual([{ article_id: 1, reads: 43 }]);
    const ignored = await asService
      .from('people')
      .upsert([{ id: alice, name: 'Not Alice' }], { onConflict: 'id', ignoreDuplicates: true });
    expect(ignored.status).toBe(201);
    expect((await anonymous.from('people').select('name').eq('id', alice).single()).data).toEqual({
      name: 'Alice',
    });
  });

  it('hands PostgREST errors to the caller with status and code', async () => {
    const denied = await asAlice.from('articles').insert({ title: 'Forged', author_id: bob });
    expect(denied.status).toBe(403);
    expect(denied.error).toMatchObject({ code: '42501' });
    const duplicate = await asService.from('people').insert({ id: alice, name: 'Again' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.error?.code).toBe('23505');
    const unknown = await anonymous.from('nowhere').select();
    expect(unknown.status).toBe(404);
    expect(unknown.error?.code).toBe('PGRST205');
  });
});

describe('rpc through supabase-js', () => {
  it('calls functions by POST, by GET and with head counts', async () => {
    expect((await anonymous.rpc('add_numbers', { a: 2, b: 3 })).data).toBe(5);
    expect((await anonymous.rpc('add_numbers', { a: 2 }, { get: true })).data).toBe(12);
    const head = await anonymous.rpc('article_titles', {}, { head: true, count: 'exact' });
    expect(head.data).toBeNull();
    expect(head.count).toBe(6);
  });

  it('filters, selects and limits the rows of a set-returning function', async () => {
    const { data, error } = await anonymous
      .rpc('search_articles', { query: 'pets or pasta or roses' })
      .select('id')
      .eq('author_id', alice)
      .order('id', { ascending: false })
      .limit(3);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 2 }, { id: 1 }]);
  });

  it('answers 404 for an unknown function', async () => {
    const { error, status } = await anonymous.rpc('no_such_function');
    expect(status).toBe(404);
    expect(error?.code).toBe('PGRST202');
  });
});
