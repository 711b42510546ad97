// The pieces every statement is made of: quoting, bound values, filters, order, paging and casts.
import type {
  ComparisonOperator,
  Condition,
  Field,
  Filter,
  IsValue,
  OrderTerm,
  QueryNode,
  TextSearchOperator,
} from './query-parser.ts';
import { RestError } from './rest-error.ts';
import type { ColumnInfo, RelationInfo, SchemaCache } from './schema-cache.ts';

// Every statement built here follows two rules. Identifiers come from the schema cache (never from the
// URL as written) and are quoted. Every value from the request is a bound parameter ($1..$n), sent as
// text with an unknown type, so Postgres infers its type from the column or function it meets.

/** A statement and its bound parameters, in order. */
export interface SqlStatement {
  sql: string;
  parameters: string[];
}

/** Quotes a catalog identifier (names from the schema cache only). */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function relationSql(relation: { schema: string; name: string }): string {
  return `${quoteIdentifier(relation.schema)}.${quoteIdentifier(relation.name)}`;
}

/** Where rows come from: a table or view, or the rows a function returns. */
export interface RowSource {
  relation: RelationInfo;
  /** The FROM item, ending in ` as <alias>`. */
  from(alias: string): string;
}

/** Per-statement state: the parameter list and a counter for table aliases (_t0, _t1, ...). */
export class Builder {
  readonly parameters: string[] = [];
  private aliasCount = 0;

  constructor(readonly cache: SchemaCache) {}

  /** Binds a value and returns its placeholder. */
  bind(value: string): string {
    this.parameters.push(value);
    return `$${this.parameters.length}`;
  }

  alias(): string {
    const alias = `_t${this.aliasCount}`;
    this.aliasCount += 1;
    return alias;
  }

  statement(sql: string): SqlStatement {
    return { sql, parameters: this.parameters };
  }
}

export function unknownColumn(relation: RelationInfo, name: string): RestError {
  return new RestError({
    status: 400,
    code: '42703',
    message: `column ${relation.name}.${name} does not exist`,
  });
}

/** A body key or `columns=` entry that is not a column (PostgREST's PGRST204). */
function unknownBodyColumn(relation: RelationInfo, name: string): RestError {
  return new RestError({
    status: 400,
    code: 'PGRST204',
    message: `Could not find the '${name}' column of '${relation.name}' in the schema cache`,
  });
}

/** Checks body columns against the relation; throws PGRST204 for the first unknown one. */
export function checkBodyColumns(relation: RelationInfo, names: readonly string[]): void {
  for (const name of names) if (!relation.columns.has(name)) throw unknownBodyColumn(relation, name);
}

export function fieldSql(
  builder: Builder,
  relation: RelationInfo,
  alias: string,
  field: Field,
): { sql: string; column: ColumnInfo } {
  const column = relation.columns.get(field.name);
  if (!column) throw unknownColumn(relation, field.name);
  let sql = `${alias}.${quoteIdentifier(column.name)}`;
  for (const step of field.jsonPath) {
    // Integer keys index JSON arrays (`tags->0`), as in PostgREST.
    const key = /^-?\d{1,9}$/.test(step.key)
      ? `${builder.bind(step.key)}::int4`
      : `${builder.bind(step.key)}::text`;
    sql = `(${sql} ${step.operator} ${key})`;
  }
  return { sql, column };
}

const comparisonSql: Record<ComparisonOperator, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  isdistinct: 'is distinct from',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
};

const isSql: Record<IsValue, string> = {
  null: 'is null',
  not_null: 'is not null',
  true: 'is true',
  false: 'is false',
  unknown: 'is unknown',
};

const tsQueryFunctions: Record<TextSearchOperator, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

function filterSql(builder: Builder, relation: RelationInfo, alias: string, filter: Filter): string {
  const { sql: target, column } = fieldSql(builder, relation, alias, filter.field);
  let predicate: string;
  switch (filter.operator) {
    case 'in':
      // `in.()` matches nothing; `= any('{}')` still uses the target, whose JSON path keys are bound.
      predicate =
        filter.values.length === 0
          ? `${target} = any('{}')`
          : `${target} in (${filter.values.map((value) => builder.bind(value)).join(', ')})`;
      break;
    case 'is':
      predicate = `${target} ${isSql[filter.value]}`;
      break;
    case 'fts':
    case 'plfts':
    case 'phfts':
    case 'wfts': {
      const language = filter.language === undefined ? '' : `${builder.bind(filter.language)}::regconfig, `;
      // A text column is searched through to_tsvector, so `fts` works on plain columns too.
      const document =
        column.typeName === 'tsvector' && filter.field.jsonPath.length === 0
          ? target
          : `to_tsvector(${language}${target})`;
      predicate = `${document} @@ ${tsQueryFunctions[filter.operator]}(${language}${builder.bind(filter.value)})`;
      break;
    }
    default:
      predicate = `${target} ${comparisonSql[filter.operator]} ${builder.bind(filter.value)}`;
  }
  return filter.negated ? `not (${predicate})` : predicate;
}

export function conditionSql(
  builder: Builder,
  relation: RelationInfo,
  alias: string,
  condition: Condition,
): string {
  if (condition.type === 'filter') return filterSql(builder, relation, alias, condition);
  const parts = condition.conditions.map((child) => conditionSql(builder, relation, alias, child));
  const joined = `(${parts.join(condition.operator === 'and' ? ' and ' : ' or ')})`;
  return condition.negated ? `not ${joined}` : joined;
}

export function whereSql(conditions: readonly string[]): string {
  return conditions.length === 0 ? '' : ` where ${conditions.join(' and ')}`;
}

export function orderSql(
  builder: Builder,
  relation: RelationInfo,
  alias: string,
  terms: readonly OrderTerm[],
): string {
  if (terms.length === 0) return '';
  const parts = terms.map((term) => {
    const { sql } = fieldSql(builder, relation, alias, term.field);
    return `${sql} ${term.descending ? 'desc' : 'asc'}${term.nulls ? ` nulls ${term.nulls}` : ''}`;
  });
  return ` order by ${parts.join(', ')}`;
}

export function pagingSql(builder: Builder, node: QueryNode): string {
  const limit = node.limit === undefined ? '' : ` limit ${builder.bind(String(node.limit))}`;
  const offset = node.offset === undefined ? '' : ` offset ${builder.bind(String(node.offset))}`;
  return `${limit}${offset}`;
}

// SQL spellings of common types, mapped to the pg_catalog names a cast is checked against.
const castAliases: Record<string, string> = {
  int: 'int4',
  integer: 'int4',
  bigint: 'int8',
  smallint: 'int2',
  boolean: 'bool',
  real: 'float4',
  float: 'float8',
  'double precision': 'float8',
  decimal: 'numeric',
  'character varying': 'varchar',
  'timestamp with time zone': 'timestamptz',
  'timestamp without time zone': 'timestamp',
  'time with time zone': 'timetz',
  'time without time zone': 'time',
};

export function castSql(builder: Builder, cast: string): string {
  const isArray = cast.endsWith('[]');
  const spelled = (isArray ? cast.slice(0, -2) : cast).trim().toLowerCase();
  const typeName = castAliases[spelled] ?? spelled;
  if (!builder.cache.castTypes.has(typeName)) {
    throw new RestError({ status: 400, code: '42704', message: `type "${cast}" does not exist` });
  }
  return `pg_catalog.${quoteIdentifier(typeName)}${isArray ? '[]' : ''}`;
}

/** `json_build_object` with bound keys. It takes at most 100 arguments: wider rows are merged as jsonb. */
export function jsonObjectSql(builder: Builder, entries: ReadonlyArray<readonly [string, string]>): string {
  const chunks: string[] = [];
  for (let start = 0; start < entries.length; start += 50) {
    const pairs = entries
      .slice(start, start + 50)
      .map(([key, value]) => `${builder.bind(key)}::text, ${value}`);
    chunks.push(pairs.join(', '));
  }
  if (chunks.length <= 1) return `json_build_object(${chunks[0] ?? ''})`;
  return `(${chunks.map((chunk) => `jsonb_build_object(${chunk})`).join(' || ')})::json`;
}
