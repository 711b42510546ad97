import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../src/rest/request-body.ts';
import { alice, createRestFixture, type RestFixture } from './rest-test-support.ts';

// What a request may change: GET and HEAD change nothing (RPC included), `Prefer: tx=rollback` and
// `max-affected` are honoured as PostgREST 12 does, and a body nested too deep is a client error.

let fixture: RestFixture;

beforeAll(async () => {
  fixture = await createRestFixture();
});

afterAll(async () => {
  await fixture?.close();
});

const reads = async () =>
  (
    await fixture.database.pg.query<{ reads: number }>(
      'select reads from public.article_stats where article_id = 1',
    )
  ).rows[0]?.reads;

const titles = async () =>
  (
    await fixture.database.pg.query<{ title: string }>('select title from public.articles order by id')
  ).rows.map((row) => row.title);

describe('RPC over GET and HEAD', () => {
  it('runs read-only: a function that writes fails with 405 and changes nothing', async () => {
    const before = await reads();
    for (const method of ['GET', 'HEAD']) {
      const response = await fixture.request('/rpc/touch_article?article_id=1', { method, as: 'alice' });
      expect(response.status, method).toBe(405);
      if (method === 'GET') {
        expect(await response.json()).toMatchObject({
          code: '25006',
          message: expect.stringContaining('read-only transaction'),
        });
      }
    }
    expect(await reads()).toBe(before);
  });

  it('still reads over GET, and writes over POST', async () => {
    const get = await fixture.request('/rpc/add_numbers?a=5&b=6');
    expect(await get.json()).toBe(11);
    const before = await reads();
    const post = await fixture.request('/rpc/touch_article', {
      method: 'POST',
      as: 'alice',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ article_id: 1 }),
    });
    expect(post.status).toBe(204);
    expect(await reads()).toBe((before ?? 0) + 1);
  });
});

describe('Prefer: tx=rollback', () => {
  it('answers the written rows and keeps none of them', async () => {
    const before = await titles();
    const insert = await fixture.request('/articles?select=title', {
      method: 'POST',
      as: 'alice',
      headers: { 'content-type': 'application/json', prefer: 'return=representation, tx=rollback' },
      body: JSON.stringify({ author_id: alice, title: 'Tried out' }),
    });
    expect(insert.status).toBe(201);
    expect(await insert.json()).toEqual([{ title: 'Tried out' }]);
    const update = await fixture.request('/articles?id=eq.1&select=title', {
      method: 'PATCH',
      as: 'alice',
      headers: { 'content-type': 'application/json', prefer: 'return=representation, tx=rollback' },
      body: JSON.stringify({ title: 'Renamed' }),
    });
    expect(await update.json()).toEqual([{ title: 'Renamed' }]);
    const remove = await fixture.request('/articles?id=eq.5', {
      method: 'DELETE',
      as: 'alice',
      headers: { prefer: 'tx=rollback' },
    });
    expect(remove.status).toBe(204);
    expect(await titles()).toEqual(before);
  });
});

describe('Prefer: max-affected', () => {
  const patchAliceDrafts = (prefer: string) =>
    fixture.request(`/articles?author_id=eq.${alice}&select=id`, {
      method: 'PATCH',
      as: 'alice',
      headers: { 'content-type': 'application/json', prefer: `return=representation, ${prefer}` },
      body: JSON.stringify({ score: 7 }),
    });

  it('with handling=strict, refuses a write touching more rows and changes nothing', async () => {
    const response = await patchAliceDrafts('handling=strict, max-affected=1');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: 'PGRST124',
      message: 'Query result exceeds max-affected preference constraint',
      details: 'The query affects 3 rows',
      hint: null,
    });
    const scores = await fixture.database.pg.query<{ score: string | null }>(
      `select score from public.articles where author_id = '${alice}' and score = 7`,
    );
    expect(scores.rows).toEqual([]);
  });

  it('lets a write within the limit through, and is ignored without handling=strict', async () => {
    expect((await patchAliceDrafts('handling=strict, max-affected=3')).status).toBe(200);
    expect((await patchAliceDrafts('max-affected=1')).status).toBe(200);
  });
});

describe('deeply nested JSON bodies', () => {
  const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
  const insertData = (data: string) =>
    fixture.request('/articles', {
      method: 'POST',
      as: 'alice',
      headers: { 'content-type': 'application/json', prefer: 'tx=rollback' },
      body: `{"author_id":"${alice}","title":"Deep","data":${data}}`,
    });

  it('answers 400 for 20,000 levels', async () => {
    const response = await insertData(nested(20_000));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'PGRST102',
      details: expect.stringContaining('levels deep'),
    });
  });

  it('takes nesting up to the limit', async () => {
    expect((await insertData(nested(MAX_JSON_DEPTH - 1))).status).toBe(201);
  });
});
