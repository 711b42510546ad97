import { describe, expect, it } from 'vitest';
import { assertSafeRegex, MAX_PATTERN_LENGTH, MAX_PATTERN_SIZE } from './pattern-guard.ts';
import { RestError } from './rest-error.ts';

function refusal(pattern: string): RestError | undefined {
  try {
    assertSafeRegex(pattern);
    return undefined;
  } catch (error) {
    if (error instanceof RestError) return error;
    throw error;
  }
}

describe('assertSafeRegex', () => {
  it.each([
    ['^C', 'an anchor and a letter'],
    ['(cat|dog)s?', 'a small alternation'],
    ['^.{1,255}$', "one repeat up to Postgres's largest count"],
    ['^(\\w+\\s?){1,20}$', 'a repeat of a small group'],
    ['[[:alpha:]]{1,100}[]a-z\\]]', 'classes and brackets holding ] and escapes'],
    ['(?i)draft$', 'a case option'],
    ['***=((((((((a{1,255}){1,255}', 'a literal director: no pattern at all'],
    ['(?q)(a{1,255}){1,255}', 'the literal option'],
    ['a{2}{3}{4}', 'stacked small bounds (24 copies)'],
    ['(a', 'a syntax error, left to Postgres'],
    ['a)b', 'an unmatched parenthesis, left to Postgres'],
  ])('lets %s through (%s)', (pattern) => {
    expect(refusal(pattern)).toBeUndefined();
  });

  it.each([
    ['(a{1,255}){1,255}b', 'too complex'],
    ['(a{1,17}){1,16}', 'too complex'],
    ['a{16}{17}', 'too complex'],
    ['(ab|cd|ef){1,100}', 'too complex'],
    ['(.{1,255})+', 'too complex'],
    ['x'.repeat(MAX_PATTERN_SIZE + 1), 'too complex'],
    ['[a]'.repeat(MAX_PATTERN_LENGTH / 3 + 1), 'too complex'],
    [`${'('.repeat(40)}a${')'.repeat(40)}`, 'too complex'],
    ['(a)\\1', 'backreferences'],
    ['(?=a)', 'lookahead and lookbehind'],
    ['(?!a)', 'lookahead and lookbehind'],
    ['(?<=a)b', 'lookahead and lookbehind'],
    ['(?<!a)b', 'lookahead and lookbehind'],
    ['(?b)\\(a\\)', 'embedded options'],
    ['***:(?x)a', 'embedded options'],
    ['***:(a{1,255}){1,255}', 'too complex'],
  ])('refuses %s (%s)', (pattern, reason) => {
    const error = refusal(pattern);
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('2201B');
    expect(error?.message).toContain(reason);
  });

  it('measures a long pattern in time proportional to its length', () => {
    const start = performance.now();
    for (let index = 0; index < 100; index++) refusal(`${'(?:a|'.repeat(30)}b${')'.repeat(30)}`.repeat(5));
    expect(performance.now() - start).toBeLessThan(200);
  });
});
