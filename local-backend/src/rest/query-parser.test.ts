import { describe, expect, it } from 'vitest';
import {
  parseColumnList,
  parseFilter,
  parseLogicTree,
  parseOrder,
  parsePreferences,
  parseQuery,
  parseSelect,
} from './query-parser.ts';
import { RestError } from './rest-error.ts';

const field = (name: string) => ({ name, jsonPath: [] });

function parseFailure(parse: () => unknown): RestError {
  try {
    parse();
  } catch (error) {
    if (error instanceof RestError) return error;
    throw error;
  }
  throw new Error('expected a parse error');
}

describe('parseSelect', () => {
  it('reads columns, aliases, casts and JSON paths', () => {
    expect(parseSelect('id, heading:title,views::text,kind:data->meta->>kind')).toEqual([
      { type: 'field', field: field('id'), alias: undefined, cast: undefined },
      { type: 'field', field: field('title'), alias: 'heading', cast: undefined },
      { type: 'field', field: field('views'), alias: undefined, cast: 'text' },
      {
        type: 'field',
        field: {
          name: 'data',
          jsonPath: [
            { operator: '->', key: 'meta' },
            { operator: '->>', key: 'kind' },
          ],
        },
        alias: 'kind',
        cast: undefined,
      },
    ]);
  });

  it('reads embedded resources with aliases, hints, !inner and nested selects', () => {
    expect(parseSelect('*,author:users!author_id!inner(name),items(*,tags(id))')).toEqual([
      { type: 'star' },
      {
        type: 'embed',
        relation: 'users',
        alias: 'author',
        hint: 'author_id',
        inner: true,
        select: [{ type: 'field', field: field('name'), alias: undefined, cast: undefined }],
      },
      {
        type: 'embed',
        relation: 'items',
        alias: undefined,
        hint: undefined,
        inner: false,
        select: [
          { type: 'star' },
          {
            type: 'embed',
            relation: 'tags',
            alias: undefined,
            hint: undefined,
            inner: false,
            select: [{ type: 'field', field: field('id'), alias: undefined, cast: undefined }],
          },
        ],
      },
    ]);
  });

  it('treats an empty select as * and reads quoted names', () => {
    expect(parseSelect('')).toEqual([{ type: 'star' }]);
    expect(parseSelect('"odd, name"')).toEqual([
      { type: 'field', field: field('odd, name'), alias: undefined, cast: undefined },
    ]);
  });

  it('rejects unbalanced parentheses, dangling separators and spreads with PGRST100', () => {
    for (const text of ['items(id', 'id,', 'a:', '(id)', '...users(name)', 'id::', 'items!(id)']) {
      const error = parseFailure(() => parseSelect(text));
      expect(error.code, text).toBe('PGRST100');
      expect(error.status).toBe(400);
    }
  });
});

describe('parseFilter', () => {
  it('reads operators, negation and raw values that may hold dots and commas', () => {
    expect(parseFilter(field('a'), 'eq.1.5,2')).toMatchObject({
      operator: 'eq',
      negated: false,
      value: '1.5,2',
    });
    expect(parseFilter(field('a'), 'not.gte.x')).toMatchObject({
      operator: 'gte',
      negated: true,
      value: 'x',
    });
    expect(parseFilter(field('a'), 'eq.')).toMatchObject({ operator: 'eq', value: '' });
  });

  it('turns * into % for like and ilike only', () => {
    expect(parseFilter(field('a'), 'ilike.*foo*')).toMatchObject({ value: '%foo%' });
    expect(parseFilter(field('a'), 'eq.*')).toMatchObject({ value: '*' });
  });

  it('reads in-lists with quoted values holding commas, parentheses and escaped quotes', () => {
    expect(parseFilter(field('a'), 'in.(draft,pub lished,"a,b","x(y)","say \\"hi\\"")')).toMatchObject({
      operator: 'in',
      values: ['draft', 'pub lished', 'a,b', 'x(y)', 'say "hi"'],
    });
    expect(parseFilter(field('a'), 'in.()')).toMatchObject({ operator: 'in', values: [] });
  });

  it('reads is values case-insensitively and text search with a configuration', () => {
    expect(parseFilter(field('a'), 'is.NULL')).toMatchObject({ operator: 'is', value: 'null' });
    expect(parseFilter(field('a'), 'wfts(english).cats or dogs')).toMatchObject({
      operator: 'wfts',
      language: 'english',
      value: 'cats or dogs',
    });
    expect(parseFilter(field('a'), 'fts.cat')).toMatchObject({ operator: 'fts', language: undefined });
  });

  it('rejects unknown operators, missing dots and bad is values', () => {
    for (const text of [
      'equals.1',
      'eq1',
      'is.maybe',
      'in.1,2',
      'in.(1,2',
      'in.(1)x',
      'eq(any).1',
      '',
      'not.',
    ]) {
      expect(parseFailure(() => parseFilter(field('a'), text)).code, text).toBe('PGRST100');
    }
  });
});

describe('parseLogicTree', () => {
  it('reads nested and/or trees with negation, lists, arrays and quoted values', () => {
    const tree = parseLogicTree(
      'or',
      false,
      '(a.eq.1,and(b.gt.2,c.is.null),not.or(d.in.(1,"2,3")),e.cs.{x,y},f.eq."a,b")',
    );
    expect(tree).toMatchObject({
      type: 'logic',
      operator: 'or',
      conditions: [
        { type: 'filter', field: field('a'), operator: 'eq', value: '1' },
        {
          type: 'logic',
          operator: 'and',
          negated: false,
          conditions: [
            { operator: 'gt', value: '2' },
            { operator: 'is', value: 'null' },
          ],
        },
        {
          type: 'logic',
          operator: 'or',
          negated: true,
          conditions: [{ operator: 'in', values: ['1', '2,3'] }],
        },
        { operator: 'cs', value: '{x,y}' },
        { operator: 'eq', value: 'a,b' },
      ],
    });
  });

  it('reads JSON path columns and negated operators inside a tree', () => {
    expect(parseLogicTree('and', false, '(data->>kind.not.eq.x)')).toMatchObject({
      conditions: [
        {
          field: { name: 'data', jsonPath: [{ operator: '->>', key: 'kind' }] },
          negated: true,
          operator: 'eq',
        },
      ],
    });
  });

  it('rejects empty, unclosed and trailing input', () => {
    for (const text of ['()', '(a.eq.1', 'a.eq.1', '(a.eq.1))', '(a.eq.1,)', '(and(a.eq.1)']) {
      expect(parseFailure(() => parseLogicTree('or', false, text)).code, text).toBe('PGRST100');
    }
  });
});

describe('parseOrder', () => {
  it('reads directions and nulls placement for several columns', () => {
    expect(parseOrder('x,y.desc.nullsfirst,data->>k.asc.nullslast')).toEqual([
      { field: field('x'), descending: false, nulls: undefined },
      { field: field('y'), descending: true, nulls: 'first' },
      {
        field: { name: 'data', jsonPath: [{ operator: '->>', key: 'k' }] },
        descending: false,
        nulls: 'last',
      },
    ]);
  });

  it('rejects unknown modifiers', () => {
    expect(parseFailure(() => parseOrder('x.sideways')).code).toBe('PGRST100');
    expect(parseFailure(() => parseOrder('x,')).code).toBe('PGRST100');
  });
});

describe('parseQuery', () => {
  it('sorts parameters into select, filters, logic trees and embedded order, limit and filters', () => {
    const query = parseQuery(
      new URLSearchParams(
        'select=id,items(*)&status=eq.x&or=(a.eq.1)&not.and=(b.eq.2)&order=id.desc&limit=5&offset=10&items.order=id&items.limit=2&items.tag=eq.t&on_conflict=id&columns="a","b"',
      ),
    );
    expect(query.root.conditions).toHaveLength(3);
    expect(query.root.conditions[2]).toMatchObject({ type: 'logic', operator: 'and', negated: true });
    expect(query.root).toMatchObject({ limit: 5, offset: 10, order: [{ descending: true }] });
    expect(query.root.children.get('items')).toMatchObject({
      limit: 2,
      order: [{ field: field('id') }],
      conditions: [{ field: field('tag'), operator: 'eq', value: 't' }],
    });
    expect(query.onConflict).toEqual(['id']);
    expect(query.columns).toEqual(['a', 'b']);
  });

  it('takes function arguments out of the filters', () => {
    const query = parseQuery(new URLSearchParams('a=1&b=eq.2'), new Set(['a']));
    expect(query.functionArguments).toEqual({ a: '1' });
    expect(query.root.conditions).toHaveLength(1);
  });

  it('rejects limits and offsets that are not non-negative integers', () => {
    for (const text of ['limit=-1', 'limit=x', 'offset=1.5', 'limit=']) {
      expect(parseFailure(() => parseQuery(new URLSearchParams(text))).code, text).toBe('PGRST100');
    }
  });
});

describe('parseColumnList', () => {
  it('reads quoted and bare names', () => {
    expect(parseColumnList('"a","b c",d', 'columns')).toEqual(['a', 'b c', 'd']);
  });
});

describe('parsePreferences', () => {
  it('reads the values supabase-js joins with ", "', () => {
    expect(parsePreferences('resolution=merge-duplicates, return=representation, count=estimated')).toEqual({
      returnRepresentation: true,
      count: true,
      resolution: 'merge-duplicates',
      missingDefault: false,
    });
    expect(parsePreferences('missing=default,return=minimal,tx=rollback')).toEqual({
      returnRepresentation: false,
      count: false,
      resolution: undefined,
      missingDefault: true,
      transaction: 'rollback',
    });
    expect(parsePreferences(null).count).toBe(false);
  });

  it('reads max-affected only with handling=strict, as PostgREST 12 does', () => {
    expect(parsePreferences('handling=strict, max-affected=5').maxAffected).toBe(5);
    expect(parsePreferences('max-affected=5').maxAffected).toBeUndefined();
    expect(parsePreferences('handling=lenient, max-affected=5').maxAffected).toBeUndefined();
    expect(parsePreferences('handling=strict, max-affected=x').maxAffected).toBeUndefined();
  });
});
