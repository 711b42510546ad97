import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRestFixture, type RestFixture } from './rest-test-support.ts';

// Deeply nested query strings: Postgres's parser recurses once per level, and in PGlite it overflows
// its stack before its own depth check fires (1,000 nested `or` or JSON steps failed the statement
// with a meaningless 26000). They are refused as malformed (400 PGRST100) before any SQL is built.

let fixture: RestFixture;

beforeAll(async () => {
  fixture = await createRestFixture();
});

afterAll(async () => {
  await fixture?.close();
});

const nestedOr = (depth: number) => `or=(${'or('.repeat(depth - 1)}id.eq.1${')'.repeat(depth - 1)})`;
const jsonPath = (steps: number) => `data${'->a'.repeat(steps - 1)}->>a`;

describe('nesting in query strings', () => {
  it.each([
    ['1,000 nested or()', `/articles?select=id&${nestedOr(1000)}`],
    ['a JSON path of 1,000 steps in a filter', `/articles?select=id&${jsonPath(1000)}=eq.x`],
    ['a JSON path of 1,000 steps in select', `/articles?select=${jsonPath(1000)}`],
    ['a JSON path of 1,000 steps in order', `/articles?select=id&order=${jsonPath(1000)}`],
  ])('refuses %s with 400', async (_, path) => {
    const response = await fixture.request(path, { as: 'alice' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'PGRST100',
      details: expect.stringContaining('deep'),
    });
  });

  it('still answers nesting of ordinary depth', async () => {
    const tree = await fixture.request(`/articles?select=id&${nestedOr(20)}`, { as: 'alice' });
    expect(await tree.json()).toEqual([{ id: 1 }]);
    const path = await fixture.request(`/articles?select=id&${jsonPath(20)}=is.null&id=eq.1`, {
      as: 'alice',
    });
    expect(await path.json()).toEqual([{ id: 1 }]);
  });
});
