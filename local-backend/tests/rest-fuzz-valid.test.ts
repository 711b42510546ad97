import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRandom, type Random } from './fuzz-random.ts';
import { createRestFixture, type RestFixture } from './rest-test-support.ts';

// Random valid queries (seeded), each checked against an oracle written in TypeScript.

let fixture: RestFixture;

beforeAll(async () => {
  fixture = await createRestFixture();
});

afterAll(async () => {
  await fixture?.close();
});

interface Item {
  id: number;
  n: number | null;
  s: string | null;
  b: boolean | null;
  tags: string[];
}

/** SQL's three-valued logic: null is unknown. */
type Truth = boolean | null;

interface Generated {
  text: string;
  evaluate(item: Item): Truth;
}

const not = (value: Truth): Truth => (value === null ? null : !value);
const and = (values: Truth[]): Truth =>
  values.includes(false) ? false : values.includes(null) ? null : true;
const or = (values: Truth[]): Truth => (values.includes(true) ? true : values.includes(null) ? null : false);
const stringValues = ['a', 'b', 'ab', 'ba', 'a,b', 'x y', 'a(b)'];

function quoteForTree(value: string): string {
  return /[,()"\\ ]/.test(value) ? `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"` : value;
}

function generateFilter(random: Random, inTree: boolean): Generated {
  const negated = random.chance(0.2);
  const wrap = (text: string, evaluate: (item: Item) => Truth): Generated => ({
    text: negated ? text.replace('.', '.not.') : text,
    evaluate: negated ? (item) => not(evaluate(item)) : evaluate,
  });
  const compare = <T>(value: T | null, test: (value: T) => boolean): Truth =>
    value === null ? null : test(value);
  switch (random.integer(0, 5)) {
    case 0: {
      const operator = random.pick(['eq', 'neq', 'gt', 'gte', 'lt', 'lte'] as const);
      const value = random.integer(-6, 6);
      const tests = {
        eq: (n: number) => n === value,
        neq: (n: number) => n !== value,
        gt: (n: number) => n > value,
        gte: (n: number) => n >= value,
        lt: (n: number) => n < value,
        lte: (n: number) => n <= value,
      };
      return wrap(`n.${operator}.${value}`, (item) => compare(item.n, tests[operator]));
    }
    case 1: {
      const values = Array.from({ length: random.integer(1, 3) }, () => random.pick(stringValues));
      const list = values.map(quoteForTree).join(',');
      return wrap(`s.in.(${list})`, (item) => compare(item.s, (s) => values.includes(s)));
    }
    case 2: {
      const value = random.pick(stringValues);
      return wrap(`s.eq.${inTree ? quoteForTree(value) : value}`, (item) =>
        compare(item.s, (s) => s === value),
      );
    }
    case 3: {
      const [pattern, test] = random.pick([
        ['a*', (s: string) => s.startsWith('a')],
        ['*b', (s: string) => s.endsWith('b')],
        ['*,*', (s: string) => s.includes(',')],
      ] as const);
      return wrap(`s.like.${inTree ? quoteForTree(pattern) : pattern}`, (item) => compare(item.s, test));
    }
    case 4: {
      const value = random.pick(['null', 'true', 'false'] as const);
      return wrap(`b.is.${value}`, (item) =>
        value === 'null' ? item.b === null : item.b === (value === 'true'),
      );
    }
    default: {
      const [operator, tags] = random.pick([
        ['cs', ['p']],
        ['cs', ['p', 'q']],
        ['ov', ['q', 'r']],
        ['cd', ['p', 'q']],
      ] as const);
      const text = `tags.${operator}.${inTree ? `{${tags.join(',')}}` : `{${tags.join(',')}}`}`;
      return wrap(text, (item) =>
        operator === 'cs'
          ? tags.every((tag) => item.tags.includes(tag))
          : operator === 'ov'
            ? tags.some((tag) => item.tags.includes(tag))
            : item.tags.every((tag) => (tags as readonly string[]).includes(tag)),
      );
    }
  }
}

function generateTree(
  random: Random,
  depth: number,
): Generated & { operator: 'and' | 'or'; negated: boolean } {
  const operator = random.pick(['and', 'or'] as const);
  const negated = random.chance(0.2);
  const children = Array.from({ length: random.integer(1, 3) }, () => {
    if (depth < 2 && random.chance(0.3)) {
      const tree = generateTree(random, depth + 1);
      return { text: `${tree.negated ? 'not.' : ''}${tree.operator}${tree.text}`, evaluate: tree.evaluate };
    }
    return generateFilter(random, true);
  });
  const combine = operator === 'and' ? and : or;
  return {
    operator,
    negated,
    text: `(${children.map((child) => child.text).join(',')})`,
    evaluate: (item) => {
      const value = combine(children.map((child) => child.evaluate(item)));
      return negated ? not(value) : value;
    },
  };
}

describe('random valid queries', () => {
  let items: Item[];

  beforeAll(async () => {
    const random = createRandom(42);
    items = Array.from({ length: 40 }, (_, index) => ({
      id: index + 1,
      n: random.chance(0.15) ? null : random.integer(-5, 5),
      s: random.chance(0.15) ? null : random.pick(stringValues),
      b: random.pick([true, false, null]),
      tags: ['p', 'q', 'r'].filter(() => random.chance(0.4)),
    }));
    await fixture.database.pg.exec(`
      create table public.fuzz_items (id integer primary key, n integer, s text, b boolean, tags text[] not null);
      grant select on public.fuzz_items to anon;
    `);
    await fixture.database.pg.query(
      'insert into public.fuzz_items select * from json_populate_recordset(null::public.fuzz_items, $1)',
      [JSON.stringify(items)],
    );
    await fixture.rest.reloadSchema();
  });

  it('returns exactly the rows, order and page an oracle computes, for 600 random queries', async () => {
    const random = createRandom(99);
    for (let index = 0; index < 600; index += 1) {
      const conditions: Generated[] = [];
      const parameters = new URLSearchParams({ select: 'id' });
      for (let count = random.integer(0, 3); count > 0; count -= 1) {
        if (random.chance(0.4)) {
          const tree = generateTree(random, 0);
          parameters.append(`${tree.negated ? 'not.' : ''}${tree.operator}`, tree.text);
          conditions.push(tree);
        } else {
          const filter = generateFilter(random, false);
          const [column = '', ...rest] = filter.text.split('.');
          parameters.append(column, rest.join('.'));
          conditions.push(filter);
        }
      }
      const descending = random.chance(0.5);
      const byNumber = random.chance(0.5);
      const nullsFirst = random.chance(0.5);
      parameters.append(
        'order',
        byNumber
          ? `n.${descending ? 'desc' : 'asc'}.${nullsFirst ? 'nullsfirst' : 'nullslast'},id`
          : `id.${descending ? 'desc' : 'asc'}`,
      );
      const limit = random.chance(0.5) ? random.integer(0, 10) : undefined;
      const offset = random.chance(0.3) ? random.integer(0, 30) : undefined;
      if (limit !== undefined) parameters.append('limit', String(limit));
      if (offset !== undefined) parameters.append('offset', String(offset));

      const matching = items.filter(
        (item) => and(conditions.map((condition) => condition.evaluate(item))) === true,
      );
      matching.sort((left, right) => {
        if (byNumber && left.n !== right.n) {
          if (left.n === null) return nullsFirst ? -1 : 1;
          if (right.n === null) return nullsFirst ? 1 : -1;
          return descending ? right.n - left.n : left.n - right.n;
        }
        return byNumber || !descending ? left.id - right.id : right.id - left.id;
      });
      const start = offset ?? 0;
      const expected = matching
        .slice(start, limit === undefined ? undefined : start + limit)
        .map((item) => item.id);

      const path = `/fuzz_items?${parameters}`;
      const response = await fixture.request(path);
      const body = (await response.json()) as Array<{ id: number }>;
      expect(response.status, `${decodeURIComponent(path)} ${JSON.stringify(body)}`).toBe(200);
      expect(
        body.map((row) => row.id),
        decodeURIComponent(path),
      ).toEqual(expected);
    }
  });
});
