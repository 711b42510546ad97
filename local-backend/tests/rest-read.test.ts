import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alice, bob, createRestFixture, type RestFixture } from './rest-test-support.ts';

let fixture: RestFixture;

beforeAll(async () => {
  fixture = await createRestFixture();
});

afterAll(async () => {
  await fixture?.close();
});

async function get(path: string, init: Parameters<RestFixture['request']>[1] = {}) {
  const response = await fixture.request(`/${path}`, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? null : JSON.parse(text) };
}

const ids = (rows: Array<{ id: number }>) => rows.map((row) => row.id);

describe('selecting columns', () => {
  it('returns every column with Postgres types rendered as PostgREST does', async () => {
    const { status, body, headers } = await get('articles?id=eq.1', { as: 'service' });
    expect(status).toBe(200);
    expect(headers.get('content-type')).toContain('application/json');
    expect(body).toEqual([
      {
        id: 1,
        author_id: alice,
        reviewer_id: bob,
        folder_id: 1,
        title: 'Cats and dogs',
        body: 'A story about pets',
        status: 'published',
        tags: ['pets', 'animals'],
        data: { kind: 'story', meta: { words: 120 }, list: [1, 2] },
        score: 4.5,
        views: 9007199254740991,
        published_at: '2026-03-01T10:00:00+00:00',
        search: expect.any(String),
      },
    ]);
  });

  it('renames columns with aliases, casts them and follows JSON paths', async () => {
    const { body } = await get(
      'articles?select=id,heading:title,views::text,kind:data->>kind,data->meta->words,first:data->list->0&id=eq.1',
    );
    expect(body).toEqual([
      { id: 1, heading: 'Cats and dogs', views: '9007199254740991', kind: 'story', words: 120, first: 1 },
    ]);
  });

  it('decodes the query string with form semantics, so + is a space', async () => {
    const { body } = await get('articles?select=id&title=eq.Cats+and+dogs');
    expect(body).toEqual([{ id: 1 }]);
  });

  it('serves views and other exposed schemas chosen with Accept-Profile', async () => {
    expect((await get('published_articles?select=title&order=id')).body).toEqual([
      { title: 'Cats and dogs' },
      { title: 'Gardening, a guide (part 1)' },
      { title: 'Cooking pasta' },
    ]);
    const other = await get('notes', { headers: { 'Accept-Profile': 'other_api' } });
    expect(other.body).toEqual([{ id: 1, text: 'from the other schema' }]);
  });
});

describe('filters', () => {
  const cases: Array<[string, number[]]> = [
    ['id=eq.2', [2]],
    ['id=neq.2', [1, 4]],
    ['views=gt.10', [1, 4]],
    ['views=gte.10', [1, 2, 4]],
    ['score=lt.4', [2]],
    ['score=lte.4.5', [1, 2]],
    ['title=like.*ing*', [2, 4]],
    ['title=like.%25and%25', [1]],
    ['title=ilike.cats*', [1]],
    ['title=match.^C', [1, 4]],
    ['title=imatch.^c', [1, 4]],
    ['score=is.null', [4]],
    ['score=not.is.null', [1, 2]],
    ['score=is.not_null', [1, 2]],
    [`reviewer_id=isdistinct.${bob}`, [2, 4]],
    ['id=in.(1,4,99)', [1, 4]],
    ['id=not.in.(1,4)', [2]],
    ['id=in.()', []],
    ['title=in.("Gardening, a guide (part 1)",Cooking+pasta)', [2, 4]],
    ['tags=cs.{pets}', [1]],
    ['tags=cd.{food,pasta,extra}', [4]],
    ['tags=ov.{garden,food}', [2, 4]],
    ['data->>kind=eq.guide', [2]],
    ['data->meta->words=gt.500', [2]],
    ['data=cs.{"kind":"recipe"}', [4]],
    ['search=fts.cat', [1]],
    ['search=fts(english).pets', [1]],
    ['search=plfts.roses+tulips', [2]],
    ['search=phfts(english).cooking+pasta', [4]],
    ['search=wfts(english).pasta+or+roses', [2, 4]],
    ['search=not.wfts.pasta', [1, 2]],
    ['title=fts(english).gardening', [2]],
    ['published_at=gte.2026-03-02T00:00:00Z', [2, 4]],
    ['or=(id.eq.1,views.gt.20)', [1, 4]],
    ['or=(and(id.gte.2,score.is.null),title.eq."Cats and dogs")', [1, 4]],
    ['and=(views.gt.5,or(id.eq.2,id.eq.4))', [2, 4]],
    ['not.or=(id.eq.1,id.eq.2)', [4]],
    ['or=(title.in.("Gardening, a guide (part 1)",x),tags.cs.{food,pasta})', [2, 4]],
    ['or=(data->>kind.eq.story,title.ilike.*pasta*)', [1, 4]],
    ['or=(score.not.is.null,id.eq.4)&views=lt.20', [2]],
    ['id=gt.1&id=lt.4', [2]],
  ];
  for (const [filter, expected] of cases) {
    it(`answers ${filter} with rows ${JSON.stringify(expected)} (anon sees published articles only)`, async () => {
      const { status, body } = await get(`articles?select=id&order=id&${filter}`);
      expect(status).toBe(200);
      expect(ids(body)).toEqual(expected);
    });
  }

  it('applies row-level security: an author also sees their own drafts', async () => {
    expect(ids((await get('articles?select=id&order=id', { as: 'alice' })).body)).toEqual([1, 2, 4, 5]);
    expect(ids((await get('articles?select=id&order=id', { as: 'bob' })).body)).toEqual([1, 2, 3, 4]);
    expect(ids((await get('articles?select=id&order=id', { as: 'service' })).body)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('order, paging and counts', () => {
  it('orders by several columns with nulls first or last', async () => {
    const { body } = await get('articles?select=id&order=score.desc.nullslast,id.asc', { as: 'service' });
    expect(ids(body)).toEqual([1, 2, 5, 3, 4]);
    const nullsFirst = await get('articles?select=id&order=score.asc.nullsfirst,id.desc', { as: 'service' });
    expect(ids(nullsFirst.body)).toEqual([4, 3, 5, 2, 1]);
    const byJson = await get('articles?select=id&order=data->meta->>words.desc.nullslast,id', {
      as: 'service',
    });
    expect(ids(byJson.body)).toEqual([2, 1, 3, 4, 5]);
  });

  it('pages with offset and limit and reports the range without a count', async () => {
    const { status, body, headers } = await get('articles?select=id&order=id&offset=1&limit=2', {
      as: 'service',
    });
    expect(status).toBe(200);
    expect(ids(body)).toEqual([2, 3]);
    expect(headers.get('content-range')).toBe('1-2/*');
  });

  it('counts exactly on request and answers 206 for a partial page', async () => {
    const page = await get('articles?select=id&order=id&offset=0&limit=2', {
      as: 'service',
      headers: { Prefer: 'count=exact' },
    });
    expect(page.status).toBe(206);
    expect(page.headers.get('content-range')).toBe('0-1/5');
    const whole = await get('articles?select=id', { as: 'service', headers: { Prefer: 'count=planned' } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-range')).toBe('0-4/5');
  });

  it('reports */total for an empty result and */* without a count', async () => {
    const counted = await get('articles?id=eq.999', { headers: { Prefer: 'count=exact' } });
    expect(counted.body).toEqual([]);
    expect(counted.headers.get('content-range')).toBe('*/0');
    expect((await get('articles?id=eq.999')).headers.get('content-range')).toBe('*/*');
  });

  it('answers 416 PGRST103 for an offset past the end', async () => {
    const { status, body, headers } = await get('articles?offset=10&limit=5', {
      headers: { Prefer: 'count=exact' },
    });
    expect(status).toBe(416);
    expect(headers.get('content-range')).toBe('*/3');
    expect(body).toEqual({
      code: 'PGRST103',
      details: 'An offset of 10 was requested, but there are only 3 rows.',
      hint: null,
      message: 'Requested range not satisfiable',
    });
  });

  it('answers HEAD with the status and Content-Range only', async () => {
    const response = await fixture.request('/articles?select=*', {
      method: 'HEAD',
      headers: { Prefer: 'count=exact' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-range')).toBe('0-2/3');
    expect(await response.text()).toBe('');
  });
});

describe('single object responses', () => {
  const single = { Accept: 'application/vnd.pgrst.object+json' };

  it('returns one row as an object', async () => {
    const { status, body, headers } = await get('articles?select=id,title&id=eq.4', { headers: single });
    expect(status).toBe(200);
    expect(headers.get('content-type')).toContain('application/vnd.pgrst.object+json');
    expect(body).toEqual({ id: 4, title: 'Cooking pasta' });
  });

  it('answers 406 PGRST116 with PostgREST body for zero or several rows', async () => {
    const none = await get('articles?id=eq.999', { headers: single });
    expect(none.status).toBe(406);
    expect(none.body).toEqual({
      code: 'PGRST116',
      details: 'The result contains 0 rows',
      hint: null,
      message: 'Cannot coerce the result to a single JSON object',
    });
    const several = await get('articles', { headers: single });
    expect(several.status).toBe(406);
    expect(several.body.details).toBe('The result contains 3 rows');
  });
});

describe('embedded resources', () => {
  it('embeds a many-to-one resource as an object, chosen by a hint when two keys lead there', async () => {
    const { status, body } = await get(
      'articles?select=id,author:people!author_id(name),reviewer:people!articles_reviewer_id_fkey(name)&id=in.(1,2)&order=id',
    );
    expect(status).toBe(200);
    expect(body).toEqual([
      { id: 1, author: { name: 'Alice' }, reviewer: { name: 'Bob' } },
      { id: 2, author: { name: 'Alice' }, reviewer: null },
    ]);
  });

  it('embeds through a foreign key column name and a one-to-one as an object', async () => {
    const { body } = await get(
      'articles?select=id,folder_id(name),article_stats(reads)&id=in.(1,4)&order=id',
    );
    expect(body).toEqual([
      { id: 1, folder_id: { name: 'Drafts' }, article_stats: { reads: 42 } },
      { id: 4, folder_id: null, article_stats: null },
    ]);
  });

  it('embeds one-to-many resources as arrays with their own filters, order and limit', async () => {
    const { body } = await get(
      'articles?select=id,comments(body)&comments.order=id.desc&comments.limit=2&comments.author_id=not.is.null&order=id',
    );
    expect(body).toEqual([
      { id: 1, comments: [{ body: 'Thanks' }, { body: 'Nice pets' }] },
      { id: 2, comments: [{ body: 'Useful' }] },
      { id: 4, comments: [] },
    ]);
  });

  it('embeds from the other side and filters parents with !inner', async () => {
    const people = await get('people?select=name,articles!author_id(id)&articles.order=id&order=name');
    expect(people.body).toEqual([
      { name: 'Alice', articles: [{ id: 1 }, { id: 2 }] },
      { name: 'Bob', articles: [{ id: 4 }] },
    ]);
    const inner = await get('articles?select=id,comments!inner(id)&comments.body=eq.Useful');
    expect(inner.body).toEqual([{ id: 2, comments: [{ id: 4 }] }]);
    const innerOne = await get('articles?select=id,author:people!author_id!inner(name)&author.name=eq.Bob');
    expect(innerOne.body).toEqual([{ id: 4, author: { name: 'Bob' } }]);
  });

  it('counts parents only, even with embedded arrays', async () => {
    const { headers } = await get('articles?select=id,comments(*)', { headers: { Prefer: 'count=exact' } });
    expect(headers.get('content-range')).toBe('0-2/3');
  });
});

describe('errors', () => {
  it('answers 404 PGRST205 for an unknown table, with a suggestion', async () => {
    const { status, body } = await get('article');
    expect(status).toBe(404);
    expect(body).toEqual({
      code: 'PGRST205',
      details: null,
      hint: "Perhaps you meant the table 'public.articles'",
      message: "Could not find the table 'public.article' in the schema cache",
    });
  });

  it('answers 400 42703 for an unknown column in select, filters or order', async () => {
    for (const path of [
      'articles?select=nope',
      'articles?nope=eq.1',
      'articles?order=nope',
      'articles?or=(nope.eq.1)',
    ]) {
      const { status, body } = await get(path);
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: '42703', message: 'column articles.nope does not exist' });
    }
  });

  it('answers 406 PGRST106 for a schema that is not exposed', async () => {
    const { status, body } = await get('articles', { headers: { 'Accept-Profile': 'auth' } });
    expect(status).toBe(406);
    expect(body.code).toBe('PGRST106');
  });

  it('answers 400 PGRST100 for malformed filters, orders and selects', async () => {
    for (const path of [
      'articles?id=equals.1',
      'articles?id=eq1',
      'articles?id=in.1,2',
      'articles?or=(id.eq.1',
      'articles?order=id.sideways',
      'articles?select=id,(',
      'articles?limit=-1',
      'articles?score=is.maybe',
    ]) {
      const { status, body } = await get(path);
      expect(status, path).toBe(400);
      expect(body.code, path).toBe('PGRST100');
    }
  });

  it('answers 400 with the Postgres code for a value of the wrong type', async () => {
    const { status, body } = await get('articles?id=eq.abc');
    expect(status).toBe(400);
    expect(body).toEqual({
      code: '22P02',
      details: null,
      hint: null,
      message: 'invalid input syntax for type bigint: "abc"',
    });
  });

  it('answers 400 PGRST200 for an embed without a relationship and 300 PGRST201 for an ambiguous one', async () => {
    const missing = await get('articles?select=id,notes(*)');
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('PGRST200');
    const ambiguous = await get('articles?select=id,people(name)');
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.body.code).toBe('PGRST201');
    expect(ambiguous.body.hint).toContain("'people!articles_author_id_fkey'");
  });

  it('answers 400 PGRST108 for filters on a resource that is not embedded', async () => {
    const { status, body } = await get('articles?select=id&comments.id=eq.1');
    expect(status).toBe(400);
    expect(body.code).toBe('PGRST108');
  });

  it('answers 401 PGRST301 for a token with a bad signature', async () => {
    const forged = `${fixture.keys.alice.slice(0, -4)}AAAA`;
    const response = await fixture.rest.request('/articles', {
      headers: { apikey: fixture.keys.anon, authorization: `Bearer ${forged}` },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'PGRST301' });
  });

  it('answers 401 for anon and 403 for a user when Postgres denies permission', async () => {
    await fixture.database.pg.exec('revoke select on public.folders from anon, authenticated');
    try {
      expect((await get('folders')).status).toBe(401);
      const denied = await get('folders', { as: 'alice' });
      expect(denied.status).toBe(403);
      expect(denied.body).toMatchObject({ code: '42501', message: 'permission denied for table folders' });
    } finally {
      await fixture.database.pg.exec('grant select on public.folders to anon, authenticated');
    }
  });
});
