import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRandom, type Random } from './fuzz-random.ts';
import { createRestFixture, type RestFixture } from './rest-test-support.ts';

// Thousands of random and malformed query strings (seeded, so every run sends the same ones). Each
// must be answered with a 4xx PostgREST JSON error or a correct result: never a 500, never our SQL.

let fixture: RestFixture;

// Fragments of the SQL the routes generate: none may ever reach a response. ("select " alone would
// match PostgREST's own wording, "failed to parse select parameter".)
const sqlFragments = [
  'select count',
  'select null',
  'select coalesce',
  'select 1',
  'from "',
  'from (',
  'json_build_object',
  'json_agg',
  '_t0',
  '_t1',
  '_r.j',
  'coalesce(',
  '$1',
  '::json',
];

beforeAll(async () => {
  fixture = await createRestFixture();
});

afterAll(async () => {
  await fixture?.close();
});

async function expectWellFormedAnswer(path: string, init: Parameters<RestFixture['request']>[1]) {
  const response = await fixture.request(path, init);
  const text = await response.text();
  const context = `${init?.method ?? 'GET'} ${path} -> ${response.status} ${text.slice(0, 300)}`;
  expect(response.status, context).toBeLessThan(500);
  // HEAD and return=minimal answers carry no body.
  if (init?.method === 'HEAD' || (text === '' && response.status < 300)) return response.status;
  const body: unknown = JSON.parse(text);
  if (response.status >= 400) {
    expect(body, context).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect(Object.keys(body as object).sort(), context).toEqual(['code', 'details', 'hint', 'message']);
    for (const fragment of sqlFragments) expect(text, context).not.toContain(fragment);
  }
  return response.status;
}

// Letters limited to a-c so a random value can never spell a SQL keyword of the leak check.
const alphabet = 'abc019 -_.,()"\'\\*%{}[]:!<>=;&|@#^~+éé中';
const specialValues = [
  'null',
  'true',
  'NULL',
  '1e999',
  '-1',
  '2026-01-01',
  '{a,b}',
  '(1,2)',
  '("a,b",c)',
  '[1,5)',
  '{"a":1}',
  "'; drop table articles; --",
  '%00',
  '\\',
  '"',
  '',
  '()',
  '((',
];
const columns = [
  'id',
  'title',
  'views',
  'score',
  'tags',
  'data',
  'search',
  'published_at',
  'author_id',
  'nope',
  '"title"',
  '"ti""tle"',
  'data->kind',
  'data->>kind',
  'data->meta->>words',
  'data->list->0',
  'ti tle',
  '',
  'id->0',
  'comments',
  'author',
  'comments.body',
  'comments.nope',
  'author.name',
];
const operators = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
  'in',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
  'fts(english)',
  'wfts(nope)',
  'fts()',
  'eqq',
  '',
  'not',
  'not.eq',
  'not.in',
  'not.is',
  'eq(any)',
  'is.',
];
const selectTokens = [
  'id',
  'title',
  '*',
  'author:people!author_id(name)',
  'reviewer:people!articles_reviewer_id_fkey(*)',
  'comments(*)',
  'comments!inner(id,body)',
  'comments(id,people(name))',
  'people(name)',
  'folder_id(name)',
  'x:',
  '::text',
  '::nope',
  '::int[]',
  '->',
  '->>a',
  '(',
  ')',
  ',',
  '!',
  '...people(name)',
  'data->a::int',
  '"quoted"',
  'count()',
  'title::varchar',
  'data->meta->>words::double precision',
  'a:b:c',
];
const tables = [
  'articles',
  'articles',
  'articles',
  'people',
  'comments',
  'published_articles',
  'nope',
  'rpc/article_titles',
  'rpc/add_numbers',
  'rpc/search_articles',
  'rpc/nope',
];

function randomText(random: Random): string {
  if (random.chance(0.3)) return random.pick(specialValues);
  let text = '';
  const length = random.integer(0, 12);
  for (let index = 0; index < length; index += 1) text += random.pick([...alphabet]);
  return text;
}

function randomValue(random: Random): string {
  if (random.chance(0.25)) {
    const items = Array.from({ length: random.integer(0, 4) }, () => randomText(random));
    return `(${items.join(',')}${random.chance(0.1) ? '' : ')'}`;
  }
  return randomText(random);
}

function randomTree(random: Random, depth: number): string {
  const count = random.integer(random.chance(0.05) ? 0 : 1, 4);
  const items = Array.from({ length: count }, () => {
    if (depth < 3 && random.chance(0.25)) {
      return `${random.chance(0.2) ? 'not.' : ''}${random.pick(['and', 'or', 'an', 'or('])}${randomTree(random, depth + 1)}`;
    }
    return `${random.pick(columns)}.${random.pick(operators)}.${random.chance(0.3) ? `"${randomText(random)}"` : randomValue(random)}`;
  });
  return `(${items.join(random.chance(0.95) ? ',' : ';')}${random.chance(0.95) ? ')' : ''}`;
}

function randomSelect(random: Random): string {
  return Array.from({ length: random.integer(1, 5) }, () => random.pick(selectTokens)).join(
    random.chance(0.8) ? ',' : '',
  );
}

function randomOrder(random: Random): string {
  return Array.from(
    { length: random.integer(1, 3) },
    () =>
      `${random.pick(columns)}${random.pick(['', '.asc', '.desc', '.desc.nullslast', '.nullsfirst', '.sideways', '.asc.desc', '.'])}`,
  ).join(',');
}

function randomParameter(random: Random): [string, string] {
  switch (random.integer(0, 9)) {
    case 0:
      return ['select', randomSelect(random)];
    case 1:
      return [random.pick(['order', 'comments.order']), randomOrder(random)];
    case 2:
      return [
        random.pick(['limit', 'offset', 'comments.limit']),
        random.pick(['0', '1', '5', '-1', 'x', '', '99999999999999999999']),
      ];
    case 3:
      return [random.pick(['or', 'and', 'not.or', 'not.and', 'comments.or']), randomTree(random, 0)];
    case 4:
      return [randomText(random), randomValue(random)];
    case 5:
      return [random.pick(['a', 'b', 'query', 'min_views']), randomText(random)];
    default:
      return [random.pick(columns), `${random.pick(operators)}.${randomValue(random)}`];
  }
}

/** A text filter whose value may be anything: such requests mostly get through to Postgres. */
function plausibleParameter(random: Random): [string, string] {
  if (random.chance(0.2))
    return [
      'select',
      random.pick(['id,title', '*', 'id,author:people!author_id(name)', 'title,comments(body)']),
    ];
  return [
    random.pick(['title', 'body', 'data->>kind', 'status']),
    `${random.pick(['eq', 'neq', 'like', 'ilike', 'not.eq', 'in', 'not.in', 'gt', 'fts', 'plfts', 'wfts(english)'])}.${randomValue(random)}`,
  ];
}

function encode(random: Random, text: string): string {
  // Mostly encoded as URLSearchParams would, sometimes raw so `+`, `%` and stray characters arrive as is.
  return random.chance(0.8) ? encodeURIComponent(text) : text.replaceAll('#', '%23').replaceAll('&', '%26');
}

describe('random and malformed query strings', () => {
  it('answers 3000 of them with a 2xx or a 4xx PostgREST error, never a 500 or SQL text', async () => {
    const random = createRandom(20261122);
    const statuses = new Map<number, number>();
    for (let index = 0; index < 3000; index += 1) {
      const table = random.pick(tables);
      const plausible = random.chance(0.4);
      const parameters = Array.from({ length: random.integer(1, 4) }, () =>
        plausible ? plausibleParameter(random) : randomParameter(random),
      );
      const query = parameters
        .map(([key, value]) => `${encode(random, key)}=${encode(random, value)}`)
        .join('&');
      const headers: Record<string, string> = {};
      if (random.chance(0.3))
        headers.Prefer = random.pick([
          'count=exact',
          'count=planned',
          'count=nonsense',
          'return=representation',
        ]);
      if (random.chance(0.1)) headers.Accept = 'application/vnd.pgrst.object+json';
      if (random.chance(0.05)) headers['Accept-Profile'] = random.pick(['other_api', 'auth', '', 'PUBLIC']);
      const method =
        table.startsWith('rpc/') && random.chance(0.5) ? 'POST' : random.chance(0.1) ? 'HEAD' : 'GET';
      const body =
        method === 'POST'
          ? random.pick(['{}', '{"a":1}', '{"query":"pets"}', '[', '"x"', '{"a":"x","b":null}'])
          : undefined;
      const status = await expectWellFormedAnswer(`/${table}?${query}`, {
        method,
        as: random.pick(['anon', 'alice', 'service'] as const),
        headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        ...(body === undefined ? {} : { body }),
      });
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    // The generator must reach both outcomes, or it tests nothing.
    expect([...statuses.keys()].some((status) => status < 300)).toBe(true);
    expect([...statuses.keys()].some((status) => status >= 400)).toBe(true);
  });

  it('answers 500 random write requests the same way, leaving the data valid', async () => {
    const random = createRandom(7);
    for (let index = 0; index < 500; index += 1) {
      const method = random.pick(['POST', 'PATCH', 'DELETE']);
      const parameters = Array.from({ length: random.integer(0, 3) }, () =>
        random.chance(0.3)
          ? random.pick([
              ['columns', random.pick(['"title"', 'title,nope', '"', ''])] as [string, string],
              ['on_conflict', random.pick(['id', 'nope', '', '"id"'])] as [string, string],
              ['select', randomSelect(random)] as [string, string],
            ])
          : randomParameter(random),
      );
      const query = parameters
        .map(([key, value]) => `${encode(random, key)}=${encode(random, value)}`)
        .join('&');
      const body = random.pick([
        '{"title":"fuzzed"}',
        '[{"title":"a"},{"views":"x"}]',
        '{"nope":1}',
        '{"views":"1e999"}',
        '{"tags":"not an array"}',
        '{"data":{"deep":[1,{"a":null}]}}',
        '[]',
        '{}',
        '',
        'nonsense',
        '[1,2]',
        '{"id":1,"title":null}',
      ]);
      await expectWellFormedAnswer(`/${random.pick(['articles', 'comments', 'nope'])}?${query}`, {
        method,
        as: random.pick(['anon', 'alice', 'bob'] as const),
        headers: {
          'Content-Type': 'application/json',
          Prefer: random.pick(['return=representation', 'return=minimal', 'resolution=merge-duplicates', '']),
        },
        body,
      });
    }
  });
});
