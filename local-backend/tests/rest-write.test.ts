import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alice, bob, createRestFixture, type RestFixture } from './rest-test-support.ts';

let fixture: RestFixture;

beforeAll(async () => {
  fixture = await createRestFixture();
});

afterAll(async () => {
  await fixture?.close();
});

type Caller = 'anon' | 'alice' | 'bob' | 'service';

async function send(
  method: string,
  path: string,
  { as = 'anon', body, headers = {} }: { as?: Caller; body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await fixture.request(`/${path}`, {
    method,
    as,
    headers: { 'Content-Type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? null : JSON.parse(text) };
}

const representation = { Prefer: 'return=representation' };

describe('insert', () => {
  it('inserts one object and answers 201 with no body by default', async () => {
    const { status, body } = await send('POST', 'people', {
      as: 'service',
      body: { id: '33333333-3333-4333-8333-333333333333', name: 'Carol' },
    });
    expect(status).toBe(201);
    expect(body).toBeNull();
  });

  it('returns the inserted rows through select=, with defaults filled in', async () => {
    const { status, body } = await send('POST', 'articles?select=id,author_id,title,status,tags,views', {
      as: 'alice',
      body: { title: 'Fresh', tags: ['a', 'b,c'] },
      headers: representation,
    });
    expect(status).toBe(201);
    expect(body).toEqual([
      { id: 6, author_id: alice, title: 'Fresh', status: 'draft', tags: ['a', 'b,c'], views: 0 },
    ]);
  });

  it('inserts an array with columns=, giving missing keys NULL', async () => {
    const { status, body } = await send(
      'POST',
      'comments?columns="article_id","body","author_id"&select=body,author_id',
      {
        as: 'service',
        body: [
          { article_id: 4, body: 'first', author_id: bob },
          { article_id: 4, body: 'second', ignored: true },
        ],
        headers: representation,
      },
    );
    expect(status).toBe(201);
    expect(body).toEqual([
      { body: 'first', author_id: bob },
      { body: 'second', author_id: null },
    ]);
  });

  it('gives missing keys their DEFAULT with Prefer: missing=default', async () => {
    const { body } = await send('POST', 'articles?columns="title","status"&select=title,status', {
      as: 'alice',
      body: [{ title: 'Defaulted' }, { title: 'Explicit', status: 'published' }],
      headers: { Prefer: 'missing=default, return=representation' },
    });
    expect(body).toEqual([
      { title: 'Defaulted', status: 'draft' },
      { title: 'Explicit', status: 'published' },
    ]);
  });

  it('returns an object for a single-object Accept and embeds related rows', async () => {
    const { status, body, headers } = await send('POST', 'comments?select=body,article:articles(title)', {
      as: 'service',
      body: { article_id: 2, body: 'embedded' },
      headers: { ...representation, Accept: 'application/vnd.pgrst.object+json' },
    });
    expect(status).toBe(201);
    expect(headers.get('content-type')).toContain('application/vnd.pgrst.object+json');
    expect(body).toEqual({ body: 'embedded', article: { title: 'Gardening, a guide (part 1)' } });
  });

  it('refuses rows that row-level security rejects: 403 for a user, 401 for anon', async () => {
    const forged = await send('POST', 'articles', { as: 'alice', body: { title: 'Forged', author_id: bob } });
    expect(forged.status).toBe(403);
    expect(forged.body).toMatchObject({
      code: '42501',
      message: 'new row violates row-level security policy for table "articles"',
    });
    const anonymous = await send('POST', 'articles', { body: { title: 'Anonymous' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('42501');
  });

  it('maps constraint violations: 409 for unique and foreign keys, 400 for NOT NULL', async () => {
    const duplicate = await send('POST', 'people', { as: 'service', body: { id: alice, name: 'Again' } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ code: '23505', details: `Key (id)=(${alice}) already exists.` });
    const dangling = await send('POST', 'comments', { as: 'service', body: { article_id: 999, body: 'x' } });
    expect(dangling.status).toBe(409);
    expect(dangling.body.code).toBe('23503');
    const missing = await send('POST', 'people', {
      as: 'service',
      body: { id: '44444444-4444-4444-8444-444444444444' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('23502');
  });

  it('answers 400 for unknown body columns and invalid JSON', async () => {
    const unknown = await send('POST', 'people', { as: 'service', body: { id: alice, nickname: 'Al' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      code: 'PGRST204',
      details: null,
      hint: null,
      message: "Could not find the 'nickname' column of 'people' in the schema cache",
    });
    const invalid = await send('POST', 'people', { as: 'service', body: '{"id":' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe('PGRST102');
    const scalars = await send('POST', 'people', { as: 'service', body: [1, 2] });
    expect(scalars.status).toBe(400);
  });

  it('rolls a single-object insert back when it does not write exactly one row', async () => {
    const { status, body } = await send('POST', 'folders?select=id', {
      as: 'service',
      body: [
        { owner_id: bob, name: 'One' },
        { owner_id: bob, name: 'Two' },
      ],
      headers: { ...representation, Accept: 'application/vnd.pgrst.object+json' },
    });
    expect(status).toBe(406);
    expect(body.code).toBe('PGRST116');
    const after = await send('GET', `folders?select=name&owner_id=eq.${bob}`, { as: 'service' });
    expect(after.body).toEqual([{ name: 'Notes' }]);
  });
});

describe('upsert', () => {
  it('merges duplicates on the primary key', async () => {
    const { status, body } = await send('POST', 'article_stats?select=article_id,reads&order=article_id', {
      as: 'service',
      body: [
        { article_id: 1, reads: 50 },
        { article_id: 2, reads: 7 },
      ],
      headers: { Prefer: 'resolution=merge-duplicates, return=representation' },
    });
    expect(status).toBe(201);
    expect(body).toEqual([
      { article_id: 1, reads: 50 },
      { article_id: 2, reads: 7 },
    ]);
  });

  it('ignores duplicates on the on_conflict columns', async () => {
    const { status } = await send('POST', 'people?on_conflict=email&columns="id","name","email"', {
      as: 'service',
      body: [{ id: '55555555-5555-4555-8555-555555555555', name: 'Not Alice', email: 'alice@example.com' }],
      headers: { Prefer: 'resolution=ignore-duplicates' },
    });
    expect(status).toBe(201);
    const people = await send('GET', 'people?select=name&email=eq.alice@example.com');
    expect(people.body).toEqual([{ name: 'Alice' }]);
  });
});

describe('update', () => {
  it('updates the filtered rows and answers 204 without representation', async () => {
    const { status, headers } = await send('PATCH', 'articles?id=eq.5', {
      as: 'alice',
      body: { body: 'finished', data: { draft: false } },
      headers: { Prefer: 'count=exact' },
    });
    expect(status).toBe(204);
    expect(headers.get('content-range')).toBe('0-0/1');
  });

  it('returns the updated rows with representation', async () => {
    const { status, body } = await send('PATCH', 'articles?id=eq.5&select=id,body,data', {
      as: 'alice',
      body: { data: { draft: false, version: 2 } },
      headers: representation,
    });
    expect(status).toBe(200);
    expect(body).toEqual([{ id: 5, body: 'finished', data: { draft: false, version: 2 } }]);
  });

  it("updates nothing that row-level security hides: another author's rows stay untouched", async () => {
    const { status, body } = await send('PATCH', 'articles?id=eq.3&select=id', {
      as: 'alice',
      body: { title: 'Hijacked' },
      headers: representation,
    });
    expect(status).toBe(200);
    expect(body).toEqual([]);
  });
});

describe('delete', () => {
  it('deletes the filtered rows and returns them on request', async () => {
    const { status, body } = await send('DELETE', 'comments?body=eq.second&select=body', {
      as: 'service',
      headers: representation,
    });
    expect(status).toBe(200);
    expect(body).toEqual([{ body: 'second' }]);
    const again = await send('DELETE', 'comments?body=eq.second', { as: 'service' });
    expect(again.status).toBe(204);
  });

  it('refuses limit on a delete instead of deleting more than asked', async () => {
    const { status } = await send('DELETE', 'comments?limit=1', { as: 'service' });
    expect(status).toBe(400);
  });
});

describe('rpc', () => {
  it('calls a scalar function by POST with named arguments and defaults', async () => {
    expect((await send('POST', 'rpc/add_numbers', { body: { a: 1, b: 2 } })).body).toBe(3);
    expect((await send('POST', 'rpc/add_numbers', { body: { a: 1 } })).body).toBe(11);
  });

  it('calls a function by GET with arguments in the query string', async () => {
    const { status, body } = await send('GET', 'rpc/add_numbers?a=5&b=6');
    expect(status).toBe(200);
    expect(body).toBe(11);
  });

  it('runs as the caller: the function sees the JWT claims', async () => {
    expect((await send('POST', 'rpc/whoami', { as: 'bob', body: {} })).body).toBe(bob);
    expect((await send('POST', 'rpc/whoami', { body: {} })).body).toBeNull();
  });

  it('applies select, filters, order and limit to set-returning functions', async () => {
    const { body, headers } = await send(
      'POST',
      'rpc/search_articles?select=id,title&order=id.desc&limit=1',
      {
        body: { query: 'pets or pasta' },
        headers: { Prefer: 'count=exact' },
      },
    );
    expect(body).toEqual([{ id: 4, title: 'Cooking pasta' }]);
    expect(headers.get('content-range')).toBe('0-0/2');
    const filtered = await send('GET', 'rpc/article_titles?min_views=10&select=title&id=gt.1');
    expect(filtered.body).toEqual([{ title: 'Gardening, a guide (part 1)' }, { title: 'Cooking pasta' }]);
  });

  it('embeds through the foreign keys of a function returning table rows', async () => {
    const { body } = await send('POST', 'rpc/search_articles?select=id,author:people!author_id(name)', {
      body: { query: 'pasta' },
    });
    expect(body).toEqual([{ id: 4, author: { name: 'Bob' } }]);
  });

  it('returns one object for a function returning a single row, and arrays of scalars for setof scalars', async () => {
    const first = await send('POST', 'rpc/first_article?select=id,title', { as: 'service', body: {} });
    expect(first.body).toEqual({ id: 1, title: 'Cats and dogs' });
    const tags = await send('POST', 'rpc/tag_list', { body: {} });
    expect(tags.body).toEqual(['animals', 'food', 'garden', 'pasta', 'pets']);
  });

  it('passes the whole body to a function of one unnamed json parameter', async () => {
    const { body } = await send('POST', 'rpc/echo_body', { body: { any: ['thing', 1] } });
    expect(body).toEqual({ any: ['thing', 1] });
  });

  it('answers 204 for a void function, whose writes are committed', async () => {
    const { status } = await send('POST', 'rpc/touch_article', { as: 'service', body: { article_id: 4 } });
    expect(status).toBe(204);
    const stats = await send('GET', 'article_stats?article_id=eq.4&select=reads');
    expect(stats.body).toEqual([{ reads: 1 }]);
  });

  it('answers 404 PGRST202 for an unknown function or unknown arguments', async () => {
    const unknown = await send('POST', 'rpc/add_numberz', { body: { a: 1 } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.add_numberz(a) in the schema cache',
      hint: 'Perhaps you meant to call the function public.add_numbers',
    });
    const wrongArguments = await send('POST', 'rpc/add_numbers', { body: { x: 1 } });
    expect(wrongArguments.status).toBe(404);
    expect(wrongArguments.body.code).toBe('PGRST202');
  });

  it('does not call a function of named parameters with a body that is not an object', async () => {
    const { status, body } = await send('POST', 'rpc/whoami', { body: [1, 2] });
    expect(status).toBe(404);
    expect(body.code).toBe('PGRST202');
  });

  it('passes a raised exception through with its code, details and hint', async () => {
    const { status, body } = await send('POST', 'rpc/fail_loudly', { body: {} });
    expect(status).toBe(400);
    expect(body).toEqual({
      code: 'P0001',
      details: 'some detail',
      hint: 'some hint',
      message: 'custom failure',
    });
  });
});

describe('schema cache', () => {
  it('sees tables created after the first request once reloadSchema is called', async () => {
    await fixture.database.pg.exec(
      'create table public.late_table (id integer primary key); grant select on public.late_table to anon;',
    );
    expect((await send('GET', 'late_table')).status).toBe(404);
    await fixture.rest.reloadSchema();
    const { status, body } = await send('GET', 'late_table');
    expect(status).toBe(200);
    expect(body).toEqual([]);
  });

  it("reloads on Postgres' notify pgrst, 'reload schema', as Supabase migrations send it", async () => {
    await fixture.database.pg.exec(`
      create table public.notified_table (id integer primary key);
      grant select on public.notified_table to anon;
      notify pgrst, 'reload schema';
    `);
    await expect.poll(async () => (await send('GET', 'notified_table')).status).toBe(200);
  });
});
