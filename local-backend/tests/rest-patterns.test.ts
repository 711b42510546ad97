import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRestFixture, type RestFixture } from './rest-test-support.ts';

// Patterns that stalled or broke the embedded regex engine must be refused before they reach it, the
// way Postgres refuses a pattern it finds too complex; ordinary patterns must still work.

let fixture: RestFixture;

beforeAll(async () => {
  fixture = await createRestFixture();
});

afterAll(async () => {
  await fixture?.close();
});

const nested = (depth: number) => `${'('.repeat(depth)}a${')'.repeat(depth)}`;

// Each one, sent to PGlite before the guard existed, answered `200 null` (the engine failed silently)
// and sent again hung the whole process; or ran for seconds to minutes over a long text.
const hostile: Array<[string, string]> = [
  ['nested bounded repeats', '(a{1,255}){1,255}b'],
  ['nested bounded repeats just past the crash point', '(a{1,120}){1,120}b'],
  ['three levels of small repeats', '((a{1,16}){1,16}){1,16}b'],
  ['a repeat of a wide alternation', '(cat|dog|bird|fish|frog|mouse){1,200}'],
  ['a literal of 14,000 characters', 'a'.repeat(14_000)],
  ['3,000 nested groups', nested(3000)],
  ['backreferences', '^([ab]*)([ab]*)\\2\\1$'],
  ['a lookahead', '(?=[ab]*c)'],
  ['a negative lookbehind', '(?<![ab]*)c'],
  ['basic syntax switched on by an embedded option', '(?b)\\(a\\{1,255\\}\\)\\{1,255\\}'],
];

async function timedGet(path: string) {
  const start = performance.now();
  const response = await fixture.request(path, { as: 'alice' });
  return { response, body: (await response.json()) as unknown, ms: performance.now() - start };
}

describe('regular expressions in filters', () => {
  it.each(hostile)(
    'refuses %s with 400 before it reaches Postgres, every time it is sent',
    async (_, pattern) => {
      for (const operator of ['match', 'imatch', 'not.match']) {
        for (let attempt = 0; attempt < 2; attempt++) {
          const { response, body, ms } = await timedGet(
            `/articles?select=id&title=${operator}.${encodeURIComponent(pattern)}`,
          );
          expect(response.status).toBe(400);
          expect(body).toMatchObject({
            code: '2201B',
            message: expect.stringMatching(/^invalid regular expression/),
          });
          expect(ms).toBeLessThan(1000);
        }
      }
    },
  );

  it('refuses a hostile pattern inside or=() and on an embedded resource', async () => {
    const pattern = encodeURIComponent('(a{1,255}){1,255}b');
    // Inside a logic tree a value holding parentheses is double-quoted.
    for (const path of [
      `/articles?select=id&or=(title.match."${pattern}",id.eq.1)`,
      `/articles?select=id&and=(id.gt.0,or(title.imatch."${pattern}"))`,
      `/articles?select=id,comments(body)&comments.body=match.${pattern}`,
    ]) {
      const { response, body } = await timedGet(path);
      expect(response.status, path).toBe(400);
      expect(body, path).toMatchObject({ code: '2201B' });
    }
  });

  it('says why a pattern was refused', async () => {
    const { body } = await timedGet(`/articles?title=match.${encodeURIComponent('(a{1,255}){1,255}b')}`);
    expect(body).toEqual({
      code: '2201B',
      message: 'invalid regular expression: regular expression is too complex',
      details: expect.stringContaining('the limit is 256'),
      hint: expect.stringContaining('shorter pattern'),
    });
  });

  it('still answers ordinary patterns, and the engine keeps working after refusals', async () => {
    const cases: Array<[string, number[]]> = [
      ['title=match.^C', [1, 4]],
      ['title=imatch.^c', [1, 4]],
      [`title=match.${encodeURIComponent('(Cats|Cooking) (and|pasta)')}`, [1, 4]],
      [`title=match.${encodeURIComponent('^.{1,255}$')}`, [1, 2, 4, 5]],
      [`title=imatch.${encodeURIComponent('[[:alpha:]]+, a guide \\(part [0-9]+\\)')}`, [2]],
      [`title=match.${encodeURIComponent('***=(part 1)')}`, [2]],
      [`title=match.${encodeURIComponent('(?i)DRAFT$')}`, [5]],
      [`title=not.match.${encodeURIComponent('\\s')}`, []],
      [`body=match.${encodeURIComponent('^(\\w+\\s?){1,20}$')}`, [1, 2, 5]],
    ];
    for (const [query, ids] of cases) {
      const { response, body } = await timedGet(`/articles?select=id&order=id&${query}`);
      expect(response.status, query).toBe(200);
      expect(
        (body as Array<{ id: number }>).map((row) => row.id),
        query,
      ).toEqual(ids);
    }
  });

  it('leaves syntax errors to Postgres, as PostgREST does', async () => {
    const { response, body } = await timedGet(`/articles?title=match.${encodeURIComponent('(a')}`);
    expect(response.status).toBe(400);
    expect(body).toMatchObject({
      code: '2201B',
      message: expect.stringContaining('parentheses () not balanced'),
    });
  });
});

describe('like and ilike patterns', () => {
  it('refuses one longer than 256 characters, which costs its length at every position of the text', async () => {
    for (const operator of ['like', 'ilike', 'not.ilike']) {
      const { response, body } = await timedGet(`/articles?title=${operator}.*${'a'.repeat(300)}b*`);
      expect(response.status, operator).toBe(400);
      expect(body, operator).toMatchObject({
        code: 'PGRST100',
        message: expect.stringContaining('at most 256'),
      });
    }
    const { response } = await timedGet(`/articles?select=id&or=(title.ilike.*${'a'.repeat(300)}*,id.eq.1)`);
    expect(response.status).toBe(400);
  });

  it('still answers ordinary ones', async () => {
    const { body } = await timedGet('/articles?select=id&order=id&title=ilike.*cook*');
    expect(body).toEqual([{ id: 4 }]);
    const { body: long } = await timedGet(
      `/articles?select=id&title=like.${encodeURIComponent('Cats and dogs')}${'%'.repeat(200)}`,
    );
    expect(long).toEqual([{ id: 1 }]);
  });
});
