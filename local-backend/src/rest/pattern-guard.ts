import { RestError } from './rest-error.ts';

// Why a guard in front of Postgres's regex engine: in PGlite it has no stack check that fires in time
// and no statement timeout (nothing can interrupt a query while it runs on the event loop). A pattern
// whose compiled automaton is too big answered an empty result, and the same pattern sent again hung
// the whole process. Seen here (PGlite, Postgres 18): `(a{1,120}){1,120}b`, a literal of 14,000
// characters, 3,000 nested groups. Patterns that compile still cost time at every character of the text
// in proportion to their size (a 255-position repeat ~1.5 µs per character of adversarial text, a
// 1,000-position one ~5.6 µs), backreferences backtrack (`^([ab]*)([ab]*)\2\1$` ran for minutes over
// 3,000 characters) and lookaround constraints re-scan the text from every position (`(?=[ab]*c)`:
// 5 s over 30,000 characters). So a pattern is measured before it is sent, as the automaton Postgres
// would build: bounded repeats are copies of what they repeat.

/** Longest regular expression accepted, in characters. */
export const MAX_PATTERN_LENGTH = 1000;
/**
 * Longest `like`/`ilike` pattern accepted, in characters. LIKE has no automaton to blow up, but at each
 * `%` it compares the rest of the pattern at every position of the text: a literal of 10,000 characters
 * against 600,000 characters of crafted text took 11 s, one of 1,000 against 100,000 took 0.2 s.
 */
export const MAX_LIKE_PATTERN_LENGTH = 256;
/**
 * Largest automaton accepted, in positions (one per character, class or `.`; a repeat `{m,n}` is n
 * copies). One bounded repeat up to Postgres's own largest count (255) passes; repeats of repeats whose
 * product is larger do not.
 */
export const MAX_PATTERN_SIZE = 256;
/** Deepest nesting of parentheses accepted. */
export const MAX_PATTERN_DEPTH = 32;

/** Postgres's own answer to a pattern it finds too complex (SQLSTATE 2201B), with our reason. */
function tooComplex(details: string): RestError {
  return new RestError({
    status: 400,
    code: '2201B',
    message: 'invalid regular expression: regular expression is too complex',
    details,
    hint: 'Use a shorter pattern with fewer nested or bounded repeats, without backreferences or lookaround.',
  });
}

function unsupported(what: string): RestError {
  return new RestError({
    status: 400,
    code: '2201B',
    message: `invalid regular expression: ${what} are not supported`,
    details: null,
    hint: null,
  });
}

/** Embedded options that keep the advanced syntax this guard reads (`b`, `e` and `x` change it). */
const knownSyntaxOptions = new Set(['c', 'i', 'm', 'n', 'p', 's', 't', 'w']);

class PatternReader {
  position = 0;
  constructor(readonly text: string) {}

  get done(): boolean {
    return this.position >= this.text.length;
  }

  peek(ahead = 0): string {
    return this.text.charAt(this.position + ahead);
  }

  /** Alternatives up to `)` or the end: their sizes add up (each branch is its own part of the automaton). */
  alternation(depth: number): number {
    if (depth > MAX_PATTERN_DEPTH) {
      throw tooComplex(`The pattern nests parentheses more than ${MAX_PATTERN_DEPTH} deep.`);
    }
    let size = this.sequence(depth);
    while (this.peek() === '|') {
      this.position += 1;
      size += this.sequence(depth);
      if (size > MAX_PATTERN_SIZE) throw this.tooBig(size);
    }
    return size;
  }

  private sequence(depth: number): number {
    let size = 0;
    while (!this.done && this.peek() !== '|' && this.peek() !== ')') {
      size += this.quantified(this.atom(depth));
      if (size > MAX_PATTERN_SIZE) throw this.tooBig(size);
    }
    return size;
  }

  tooBig(size: number): RestError {
    return tooComplex(
      `The pattern expands to more than ${Math.min(size, 1_000_000).toLocaleString('en')} positions (bounded repeats count once per copy); the limit is ${MAX_PATTERN_SIZE}.`,
    );
  }

  private atom(depth: number): number {
    const character = this.peek();
    this.position += 1;
    if (character === '(') {
      if (this.peek() === '?') {
        const kind = this.peek(1);
        if (kind === '=' || kind === '!' || (kind === '<' && /[=!]/.test(this.peek(2)))) {
          throw unsupported('lookahead and lookbehind constraints');
        }
        if (kind === ':') this.position += 2;
      }
      const size = this.alternation(depth + 1);
      if (this.peek() === ')') this.position += 1;
      return size;
    }
    if (character === '[') {
      this.bracket();
      return 1;
    }
    if (character === '\\') {
      const escaped = this.peek();
      if (/[1-9]/.test(escaped)) throw unsupported('backreferences');
      this.position += 1;
      return 1;
    }
    // Anchors match no character; `)` without `(` is Postgres's own error to report.
    return character === '^' || character === '$' ? 0 : 1;
  }

  /** Skips a bracket expression: `]` first is literal; `[:alpha:]`, `[=a=]`, `[.a.]` and escapes inside. */
  private bracket(): void {
    if (this.peek() === '^') this.position += 1;
    if (this.peek() === ']') this.position += 1;
    while (!this.done && this.peek() !== ']') {
      const character = this.peek();
      if (character === '[' && /[:=.]/.test(this.peek(1))) {
        const close = this.text.indexOf(`${this.peek(1)}]`, this.position + 2);
        this.position = close === -1 ? this.text.length : close + 2;
      } else {
        this.position += character === '\\' ? 2 : 1;
      }
    }
    this.position += 1;
  }

  /** The size of an atom with its quantifier: `{m,n}` is n copies, `+` a copy and a loop. */
  private quantified(size: number): number {
    const character = this.peek();
    let copies = 1;
    if (character === '*' || character === '?') {
      this.position += 1;
    } else if (character === '+') {
      this.position += 1;
      copies = 2;
    } else if (character === '{') {
      const bound = /^\{(\d{1,9})(,(\d{0,9}))?\}/.exec(this.text.slice(this.position));
      if (!bound) return size;
      this.position += bound[0].length;
      const minimum = Number(bound[1]);
      const maximum = bound[2] === undefined ? minimum : bound[3] === '' ? minimum + 1 : Number(bound[3]);
      copies = Math.max(minimum, maximum, 1);
    } else {
      return size;
    }
    if (this.peek() === '?') this.position += 1;
    const total = size * copies;
    if (total > MAX_PATTERN_SIZE) throw this.tooBig(total);
    return this.quantified(total);
  }
}

/** Refuses (400 PGRST100) a `like`/`ilike` pattern longer than MAX_LIKE_PATTERN_LENGTH. */
export function assertSafeLikePattern(pattern: string): void {
  if (pattern.length <= MAX_LIKE_PATTERN_LENGTH) return;
  throw new RestError({
    status: 400,
    code: 'PGRST100',
    message: `like and ilike patterns may be at most ${MAX_LIKE_PATTERN_LENGTH} characters`,
    details: `The pattern has ${pattern.length.toLocaleString('en')} characters`,
  });
}

/**
 * Refuses, with PostgREST's 400 and Postgres's SQLSTATE 2201B, a regular expression (`match`, `imatch`)
 * that could stall the embedded engine; anything it lets through is an ordinary pattern Postgres
 * answers quickly (or refuses itself for a syntax error).
 */
export function assertSafeRegex(pattern: string): void {
  if (pattern.length > MAX_PATTERN_LENGTH) {
    throw tooComplex(
      `The pattern has ${pattern.length.toLocaleString('en')} characters; the limit is ${MAX_PATTERN_LENGTH}.`,
    );
  }
  let body = pattern;
  if (body.startsWith('***=')) return;
  if (body.startsWith('***:')) body = body.slice(4);
  const options = /^\(\?([a-z]*)\)/.exec(body);
  if (options) {
    const letters = options[1] ?? '';
    // `q`: the rest is a literal string.
    if (letters.includes('q')) return;
    for (const letter of letters) {
      if (!knownSyntaxOptions.has(letter))
        throw unsupported(`embedded options other than ${[...knownSyntaxOptions].join(', ')} and q`);
    }
    body = body.slice(options[0].length);
  }
  const reader = new PatternReader(body);
  let size = reader.alternation(0);
  while (!reader.done) {
    // An unmatched `)`: skip it and keep measuring; Postgres reports the syntax error.
    reader.position += 1;
    size += reader.alternation(0);
    if (size > MAX_PATTERN_SIZE) throw reader.tooBig(size);
  }
}
