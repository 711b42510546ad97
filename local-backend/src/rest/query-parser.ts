// biome-ignore-all lint/style/noExcessiveLinesPerFile: a parser's grammar, one small function per PostgREST construct (select, filters,
// logic trees, order, paging); split across files it would only be harder to follow.
import { assertSafeLikePattern, assertSafeRegex } from './pattern-guard.ts';
import { parseError } from './rest-error.ts';

/** One `->` (JSON) or `->>` (text) step of a JSON path: `data->a->>b`. */
export interface JsonPathStep {
  operator: '->' | '->>';
  key: string;
}

/** A column reference as written in a URL, not yet checked against the schema. */
export interface Field {
  name: string;
  jsonPath: JsonPathStep[];
}

/** One entry of `select=`: `*`, a column (`alias:col->a::text`) or an embedded resource (`alias:rel!hint(...)`). */
export type SelectItem =
  | { type: 'star' }
  | { type: 'field'; field: Field; alias: string | undefined; cast: string | undefined }
  | {
      type: 'embed';
      relation: string;
      alias: string | undefined;
      hint: string | undefined;
      inner: boolean;
      select: SelectItem[];
    };

const comparisonOperators = [
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
  'isdistinct',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
] as const;
const textSearchOperators = ['fts', 'plfts', 'phfts', 'wfts'] as const;

export type ComparisonOperator = (typeof comparisonOperators)[number];
export type TextSearchOperator = (typeof textSearchOperators)[number];
export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown';

/** One filter (`col=not.op.value`, or `col.not.op.value` inside a logic tree). */
export type Filter = { type: 'filter'; field: Field; negated: boolean } & (
  | { operator: ComparisonOperator; value: string }
  | { operator: 'in'; values: string[] }
  | { operator: 'is'; value: IsValue }
  | { operator: TextSearchOperator; language: string | undefined; value: string }
);

/** `or=(...)`, `and=(...)`, `not.or=(...)` and their nested forms. */
export interface LogicTree {
  type: 'logic';
  operator: 'and' | 'or';
  negated: boolean;
  conditions: Condition[];
}

export type Condition = Filter | LogicTree;

export interface OrderTerm {
  field: Field;
  descending: boolean;
  nulls: 'first' | 'last' | undefined;
}

/** Filters, order and paging for one level: the requested table, or an embedded resource by its path. */
export interface QueryNode {
  conditions: Condition[];
  order: OrderTerm[];
  limit: number | undefined;
  offset: number | undefined;
  /** Keyed by the embed's alias, or its relation name when it has none. */
  children: Map<string, QueryNode>;
}

/** Everything a PostgREST query string says, before any schema lookup. */
export interface ParsedQuery {
  select: SelectItem[];
  root: QueryNode;
  /** `columns=` of an insert. */
  columns: string[] | undefined;
  /** `on_conflict=` of an upsert. */
  onConflict: string[] | undefined;
  /** RPC arguments passed in the query string (GET/HEAD /rpc/fn). */
  functionArguments: Record<string, string>;
}

/**
 * Deepest nesting of logic trees, embedded resources and JSON path steps. Postgres's parser recurses
 * once per level; in PGlite it overflows its stack before its own depth check fires (1,000 nested `or`
 * or JSON steps failed the statement, or answered an empty result).
 */
export const MAX_QUERY_DEPTH = 64;

const isValues: ReadonlySet<string> = new Set<IsValue>(['null', 'not_null', 'true', 'false', 'unknown']);

/** Reads PostgREST's small grammars one character at a time; every failure is a PGRST100 with the reason. */
class Scanner {
  position = 0;

  constructor(
    readonly text: string,
    private readonly what: string,
  ) {}

  get done(): boolean {
    return this.position >= this.text.length;
  }

  peek(ahead = 0): string {
    return this.text.charAt(this.position + ahead);
  }

  startsWith(prefix: string): boolean {
    return this.text.startsWith(prefix, this.position);
  }

  fail(reason: string): never {
    throw parseError(`"failed to parse ${this.what} (${this.text})" (column ${this.position + 1})`, reason);
  }

  /** Consumes `token` when it comes next. */
  accept(token: string): boolean {
    if (!this.startsWith(token)) return false;
    this.position += token.length;
    return true;
  }

  expect(token: string): void {
    if (!this.startsWith(token)) {
      this.fail(
        `expected "${token}" ${this.done ? 'but the text ended' : `at "${this.text.slice(this.position)}"`}`,
      );
    }
    this.position += token.length;
  }

  skipSpaces(): void {
    while (this.peek() === ' ') this.position += 1;
  }

  /** A double-quoted string; backslash escapes the next character, as in PostgREST. */
  quoted(): string {
    this.expect('"');
    let value = '';
    while (!this.done && this.peek() !== '"') {
      if (this.peek() === '\\') this.position += 1;
      value += this.peek();
      this.position += 1;
    }
    this.expect('"');
    return value;
  }

  /** An identifier: quoted, or letters, digits, `_`, `$`, spaces and `-` (not the start of `->`). */
  name(): string {
    if (this.peek() === '"') return this.quoted();
    const start = this.position;
    while (!this.done) {
      const character = this.peek();
      if (character === '-' ? this.peek(1) === '>' : !/[\p{L}\p{N}_$ ]/u.test(character)) break;
      this.position += 1;
    }
    const value = this.text.slice(start, this.position).trim();
    if (value === '')
      this.fail(`expected a name ${this.done ? 'but the text ended' : `at "${this.peek()}"`}`);
    return value;
  }

  /** A column with an optional JSON path: `data->a->>b`. */
  field(): Field {
    const name = this.name();
    return { name, jsonPath: this.jsonPath() };
  }

  /** The `->a->>b` steps after a column name, if any. */
  jsonPath(): JsonPathStep[] {
    const steps: JsonPathStep[] = [];
    while (this.startsWith('->')) {
      if (steps.length >= MAX_QUERY_DEPTH)
        this.fail(`a JSON path may be at most ${MAX_QUERY_DEPTH} steps deep`);
      const operator = this.startsWith('->>') ? '->>' : '->';
      this.position += operator.length;
      steps.push({ operator, key: this.name() });
    }
    return steps;
  }

  /** Reads up to (not including) the first of `stops` outside double quotes and braces. */
  until(stops: string): string {
    const start = this.position;
    let depth = 0;
    let inQuotes = false;
    while (!this.done) {
      const character = this.peek();
      if (inQuotes) {
        if (character === '\\') this.position += 1;
        else if (character === '"') inQuotes = false;
      } else if (character === '"') inQuotes = true;
      else if (character === '{') depth += 1;
      else if (character === '}') depth -= 1;
      else if (depth <= 0 && stops.includes(character)) break;
      this.position += 1;
    }
    return this.text.slice(start, this.position);
  }
}

/** Parses `select=`: `id,author:users!author_id(name),items!inner(*),data->a::text`. Empty means `*`. */
export function parseSelect(text: string): SelectItem[] {
  if (text.trim() === '') return [{ type: 'star' }];
  const scanner = new Scanner(text, 'select parameter');
  const items = selectList(scanner);
  if (!scanner.done) scanner.fail(`unexpected "${scanner.peek()}"`);
  return items;
}

function selectList(scanner: Scanner, depth = 0): SelectItem[] {
  if (depth > MAX_QUERY_DEPTH) scanner.fail(`embedded resources may nest at most ${MAX_QUERY_DEPTH} deep`);
  const items: SelectItem[] = [];
  do {
    scanner.skipSpaces();
    items.push(selectItem(scanner, depth));
    scanner.skipSpaces();
  } while (scanner.accept(','));
  return items;
}

function selectItem(scanner: Scanner, depth: number): SelectItem {
  if (scanner.accept('*')) return { type: 'star' };
  if (scanner.startsWith('...')) scanner.fail('spread embedding ("...") is not supported');
  let alias: string | undefined;
  let name = scanner.name();
  if (scanner.peek(1) !== ':' && scanner.accept(':')) {
    alias = name;
    name = scanner.name();
  }
  if (scanner.peek() === '!' || scanner.peek() === '(') {
    let hint: string | undefined;
    let inner = false;
    while (scanner.accept('!')) {
      const modifier = scanner.name();
      if (modifier === 'inner') inner = true;
      else if (modifier !== 'left') {
        if (hint !== undefined) scanner.fail('an embedded resource takes at most one hint');
        hint = modifier;
      }
    }
    scanner.expect('(');
    scanner.skipSpaces();
    const select: SelectItem[] = scanner.peek() === ')' ? [] : selectList(scanner, depth + 1);
    scanner.expect(')');
    return { type: 'embed', relation: name, alias, hint, inner, select };
  }
  const jsonPath = scanner.jsonPath();
  let cast: string | undefined;
  if (scanner.accept('::')) {
    const match = /^[A-Za-z_][A-Za-z0-9_ ]*(\[\])?/.exec(scanner.text.slice(scanner.position));
    if (!match) scanner.fail('expected a type name after "::"');
    scanner.position += match[0].length;
    cast = match[0].trim();
  }
  return { type: 'field', field: { name, jsonPath }, alias, cast };
}

/** Splits `(a,"b,c",d)`'s inside into values; quoted values may hold commas, parentheses and `\"`. */
function parseList(scanner: Scanner): string[] {
  scanner.expect('(');
  const values: string[] = [];
  if (scanner.accept(')')) return values;
  do {
    if (scanner.peek() === '"') {
      values.push(scanner.quoted());
    } else {
      const start = scanner.position;
      while (!scanner.done && scanner.peek() !== ',' && scanner.peek() !== ')') scanner.position += 1;
      values.push(scanner.text.slice(start, scanner.position));
    }
  } while (scanner.accept(','));
  scanner.expect(')');
  return values;
}

/**
 * Parses the operator part of a filter (`not.`, operator, optional `(config)`, `.`) and then lets
 * `readValue` take the value: the rest of the text at the top level, up to `,` or `)` inside a logic tree.
 */
function filterAfterField(scanner: Scanner, field: Field, readValue: (scanner: Scanner) => string): Filter {
  const negated = scanner.accept('not.');
  const match = /^[a-z]+/.exec(scanner.text.slice(scanner.position));
  if (!match) scanner.fail('expected an operator such as eq, in or is');
  const operator = match[0];
  scanner.position += operator.length;
  let language: string | undefined;
  if ((textSearchOperators as readonly string[]).includes(operator) && scanner.accept('(')) {
    language = scanner.name();
    scanner.expect(')');
  }
  scanner.expect('.');
  if (operator === 'in') return { type: 'filter', field, negated, operator, values: parseList(scanner) };
  const value = readValue(scanner);
  if (operator === 'is') {
    const lowered = value.toLowerCase();
    if (!isValues.has(lowered))
      scanner.fail(`"is" takes null, not_null, true, false or unknown, not "${value}"`);
    return { type: 'filter', field, negated, operator, value: lowered as IsValue };
  }
  if ((textSearchOperators as readonly string[]).includes(operator)) {
    return { type: 'filter', field, negated, operator: operator as TextSearchOperator, language, value };
  }
  if ((comparisonOperators as readonly string[]).includes(operator)) {
    if (operator === 'match' || operator === 'imatch') assertSafeRegex(value);
    if (operator === 'like' || operator === 'ilike') assertSafeLikePattern(value);
    // PostgREST accepts `*` as the LIKE wildcard, since `%` is awkward in URLs.
    const pattern = operator === 'like' || operator === 'ilike' ? value.replaceAll('*', '%') : value;
    return { type: 'filter', field, negated, operator: operator as ComparisonOperator, value: pattern };
  }
  return scanner.fail(`unknown operator "${operator}"`);
}

/** Parses a top-level filter value such as `not.in.(1,2)` or `fts(english).cat` for `field`. */
export function parseFilter(field: Field, text: string): Filter {
  const scanner = new Scanner(text, 'filter');
  const filter = filterAfterField(scanner, field, (rest) => {
    const value = rest.text.slice(rest.position);
    rest.position = rest.text.length;
    return value;
  });
  // Only an in-list can stop early: `in.(1,2)x`.
  if (!scanner.done) scanner.fail(`unexpected "${scanner.peek()}" after the list`);
  return filter;
}

/** Parses a key's column part (`title`, `data->a->>b`, `"odd name"`). */
export function parseField(text: string): Field {
  const scanner = new Scanner(text, 'column');
  const field = scanner.field();
  if (!scanner.done) scanner.fail(`unexpected "${scanner.peek()}"`);
  return field;
}

/** Parses the value of `or=`/`and=`: `(a.eq.1,and(b.gt.2,c.is.null),d.in.("x,y",z))`. */
export function parseLogicTree(operator: 'and' | 'or', negated: boolean, text: string): LogicTree {
  const scanner = new Scanner(text, 'logic tree');
  const tree = logicTreeBody(scanner, operator, negated);
  if (!scanner.done) scanner.fail(`unexpected "${scanner.peek()}" after the closing parenthesis`);
  return tree;
}

function logicTreeBody(scanner: Scanner, operator: 'and' | 'or', negated: boolean, depth = 0): LogicTree {
  if (depth >= MAX_QUERY_DEPTH) scanner.fail(`and() and or() may nest at most ${MAX_QUERY_DEPTH} deep`);
  scanner.expect('(');
  const conditions: Condition[] = [];
  do {
    scanner.skipSpaces();
    const nested = /^(not\.)?(and|or)\(/.exec(scanner.text.slice(scanner.position));
    if (nested) {
      scanner.position += nested[0].length - 1;
      conditions.push(logicTreeBody(scanner, nested[2] as 'and' | 'or', nested[1] !== undefined, depth + 1));
    } else {
      const field = scanner.field();
      scanner.expect('.');
      conditions.push(
        filterAfterField(scanner, field, (rest) => (rest.peek() === '"' ? rest.quoted() : rest.until(',)'))),
      );
    }
    scanner.skipSpaces();
  } while (scanner.accept(','));
  scanner.expect(')');
  return { type: 'logic', operator, negated, conditions };
}

/** Parses `order=`: `a,b.desc,c.asc.nullslast,data->>k.desc.nullsfirst`. */
export function parseOrder(text: string): OrderTerm[] {
  const scanner: Scanner = new Scanner(text, 'order');
  const terms: OrderTerm[] = [];
  do {
    const field = scanner.field();
    let descending = false;
    let nulls: OrderTerm['nulls'];
    while (scanner.peek() === '.') {
      scanner.expect('.');
      const match = /^(asc|desc|nullsfirst|nullslast)(?=[.,]|$)/.exec(scanner.text.slice(scanner.position));
      if (!match) scanner.fail('expected asc, desc, nullsfirst or nullslast');
      scanner.position += match[0].length;
      if (match[0] === 'asc' || match[0] === 'desc') descending = match[0] === 'desc';
      else nulls = match[0] === 'nullsfirst' ? 'first' : 'last';
    }
    terms.push({ field, descending, nulls });
  } while (scanner.accept(','));
  if (!scanner.done) scanner.fail(`unexpected "${scanner.peek()}"`);
  return terms;
}

/** Parses `columns=` and `on_conflict=`: `"a","b"` or `a,b`. */
export function parseColumnList(text: string, what: string): string[] {
  const scanner = new Scanner(text, what);
  const names: string[] = [];
  do {
    scanner.skipSpaces();
    names.push(scanner.name());
    scanner.skipSpaces();
  } while (scanner.accept(','));
  if (!scanner.done) scanner.fail(`unexpected "${scanner.peek()}"`);
  return names;
}

function parseCount(text: string, what: string): number {
  if (!/^\d{1,15}$/.test(text)) {
    throw parseError(`"failed to parse ${what} (${text})"`, `${what} must be a non-negative integer`);
  }
  return Number(text);
}

function emptyNode(): QueryNode {
  return { conditions: [], order: [], limit: undefined, offset: undefined, children: new Map() };
}

/** Splits a key on the dots that separate embed paths (`items.author.name`), not those inside quotes. */
function splitKey(key: string): string[] {
  const scanner = new Scanner(key, 'parameter name');
  const segments: string[] = [];
  for (;;) {
    segments.push(scanner.until('.'));
    if (scanner.done) return segments;
    scanner.expect('.');
  }
}

/**
 * Parses a PostgREST query string. `params` must be decoded with form semantics (`+` is a space), as
 * URLSearchParams does. Keys in `functionArgumentNames` are RPC arguments rather than filters.
 */
export function parseQuery(
  params: Iterable<[string, string]>,
  functionArgumentNames: ReadonlySet<string> = new Set(),
): ParsedQuery {
  const query: ParsedQuery = {
    select: [{ type: 'star' }],
    root: emptyNode(),
    columns: undefined,
    onConflict: undefined,
    functionArguments: {},
  };
  for (const [key, value] of params) {
    if (functionArgumentNames.has(key)) {
      query.functionArguments[key] = value;
      continue;
    }
    if (key === 'select') {
      query.select = parseSelect(value);
      continue;
    }
    if (key === 'columns') {
      query.columns = parseColumnList(value, 'columns');
      continue;
    }
    if (key === 'on_conflict') {
      query.onConflict = parseColumnList(value, 'on_conflict');
      continue;
    }
    const segments = splitKey(key);
    const last = segments.at(-1) ?? '';
    let pathLength = segments.length - 1;
    let negatedTree = false;
    if ((last === 'or' || last === 'and') && segments.at(-2) === 'not') {
      negatedTree = true;
      pathLength -= 1;
    }
    let node = query.root;
    for (const segment of segments.slice(0, pathLength)) {
      const name = segment.startsWith('"') ? parseField(segment).name : segment;
      let child = node.children.get(name);
      if (!child) {
        child = emptyNode();
        node.children.set(name, child);
      }
      node = child;
    }
    if (last === 'or' || last === 'and') {
      node.conditions.push(parseLogicTree(last, negatedTree, value));
    } else if (last === 'order') {
      node.order = parseOrder(value);
    } else if (last === 'limit') {
      node.limit = parseCount(value, 'limit');
    } else if (last === 'offset') {
      node.offset = parseCount(value, 'offset');
    } else {
      node.conditions.push(parseFilter(parseField(last), value));
    }
  }
  return query;
}

/** What the `Prefer` header asks for (values joined by ", " by supabase-js). */
export interface Preferences {
  returnRepresentation: boolean;
  /** `count=exact`; `planned` and `estimated` are answered exactly too. */
  count: boolean;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | undefined;
  missingDefault: boolean;
  /** `tx=rollback`: run the write, answer its result, roll it back (PostgREST 12). */
  transaction: 'commit' | 'rollback' | undefined;
  /** `max-affected=n` with `handling=strict`: a write touching more rows fails and rolls back. */
  maxAffected: number | undefined;
}

/** Parses `Prefer`; unknown preferences are ignored, as PostgREST does by default. */
export function parsePreferences(header: string | null | undefined): Preferences {
  const preferences: Preferences = {
    returnRepresentation: false,
    count: false,
    resolution: undefined,
    missingDefault: false,
    transaction: undefined,
    maxAffected: undefined,
  };
  let strict = false;
  let maxAffected: number | undefined;
  for (const entry of (header ?? '').split(',')) {
    const [name = '', value = ''] = entry.split('=').map((part) => part.trim());
    if (name === 'return') preferences.returnRepresentation = value === 'representation';
    else if (name === 'count') preferences.count = ['exact', 'planned', 'estimated'].includes(value);
    else if (name === 'resolution' && (value === 'merge-duplicates' || value === 'ignore-duplicates')) {
      preferences.resolution = value;
    } else if (name === 'missing') preferences.missingDefault = value === 'default';
    else if (name === 'tx' && (value === 'commit' || value === 'rollback')) preferences.transaction = value;
    else if (name === 'handling') strict = value === 'strict';
    else if (name === 'max-affected' && /^\d{1,15}$/.test(value)) maxAffected = Number(value);
  }
  // PostgREST applies max-affected only with handling=strict; leniently it is ignored.
  if (strict) preferences.maxAffected = maxAffected;
  return preferences;
}
