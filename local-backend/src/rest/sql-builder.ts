import type { ParsedQuery } from './query-parser.ts';
import type { FunctionInfo, RelationInfo, SchemaCache } from './schema-cache.ts';
import { bodySql, pageSql, rowObjectSql } from './select-embedding.ts';
import {
  Builder,
  conditionSql,
  orderSql,
  pagingSql,
  quoteIdentifier,
  type RowSource,
  relationSql,
  type SqlStatement,
  unknownColumn,
  whereSql,
} from './sql-fragments.ts';
/** A table or view as a row source. */
export function tableSource(relation: RelationInfo): RowSource {
  return { relation, from: (alias) => `${relationSql(relation)} as ${alias}` };
}

/**
 * SELECT with filters, order and paging; one row with `body` (JSON text), `page_rows` and, when
 * `count`, `total`.
 */
export function buildReadQuery({
  cache,
  source,
  query,
  count,
  shape,
}: {
  cache: SchemaCache;
  source: RowSource | ((bind: (value: string) => string) => RowSource);
  query: ParsedQuery;
  count: boolean;
  shape: 'array' | 'object' | 'none';
}): SqlStatement {
  const builder = new Builder(cache);
  const rows = typeof source === 'function' ? source((value) => builder.bind(value)) : source;
  const alias = builder.alias();
  const row = rowObjectSql(builder, rows.relation, alias, query.select, query.root);
  const where = whereSql([
    ...query.root.conditions.map((condition) => conditionSql(builder, rows.relation, alias, condition)),
    ...row.innerConditions,
  ]);
  const from = rows.from(alias);
  const order = orderSql(builder, rows.relation, alias, query.root.order);
  const paging = pagingSql(builder, query.root);
  const total = count ? `, (select count(*) from ${from}${where}) as total` : '';
  const page = pageSql(alias, from, where, order, paging);
  return builder.statement(
    `select ${bodySql(shape)} as body, count(*) as page_rows${total} from (select ${row.sql} as j from (${page}) as ${alias}) as _r`,
  );
}

/** The final SELECT of a write: the written rows (through `select=`) or just their number. */
function mutationResultSql(
  builder: Builder,
  relation: RelationInfo,
  writes: readonly string[],
  query: ParsedQuery,
  shape: 'array' | 'object' | 'none',
): string {
  const written = writes.map((name) => `select * from ${name}`).join(' union all ');
  if (shape === 'none') return `select null as body, count(*) as page_rows from (${written}) as _r`;
  const alias = builder.alias();
  const row = rowObjectSql(builder, relation, alias, query.select, query.root);
  return `select ${bodySql(shape)} as body, count(*) as page_rows from (select ${row.sql} as j from (${written}) as ${alias}${whereSql(row.innerConditions)}) as _r`;
}

/** RETURNING of a write: `1` when no row is sent back, so no SELECT privilege or policy is needed. */
function returningSql(alias: string, shape: 'array' | 'object' | 'none'): string {
  return shape === 'none' ? ' returning 1' : ` returning ${alias}.*`;
}

/** Groups rows by the columns they carry, so each group's missing columns get their DEFAULT. */
function groupByPresentColumns(
  rows: readonly Record<string, unknown>[],
  columns: readonly string[],
): Array<{ columns: string[]; rows: Record<string, unknown>[] }> {
  const groups = new Map<string, { columns: string[]; rows: Record<string, unknown>[] }>();
  for (const row of rows) {
    const present = columns.filter((name) => Object.hasOwn(row, name));
    const key = JSON.stringify(present);
    const group = groups.get(key) ?? { columns: present, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  return groups.size === 0 ? [{ columns: [...columns], rows: [] }] : [...groups.values()];
}

/**
 * INSERT (or upsert) of JSON rows through json_populate_recordset, so Postgres converts every value.
 * Missing keys are NULL, or DEFAULT when `missingDefault`.
 */
export function buildInsertQuery({
  cache,
  relation,
  rows,
  columns,
  missingDefault,
  upsert,
  query,
  shape,
}: {
  cache: SchemaCache;
  relation: RelationInfo;
  rows: readonly Record<string, unknown>[];
  columns: readonly string[];
  missingDefault: boolean;
  upsert: { onConflict: readonly string[]; resolution: 'merge-duplicates' | 'ignore-duplicates' } | undefined;
  query: ParsedQuery;
  shape: 'array' | 'object' | 'none';
}): SqlStatement {
  const builder = new Builder(cache);
  const target = relationSql(relation);
  const alias = builder.alias();
  for (const name of upsert?.onConflict ?? [])
    if (!relation.columns.has(name)) throw unknownColumn(relation, name);
  const groups = missingDefault
    ? groupByPresentColumns(rows, columns)
    : [{ columns: [...columns], rows: [...rows] }];
  const writes = groups.map((group, index) => {
    const columnList = group.columns.map(quoteIdentifier).join(', ');
    const values = `json_populate_recordset(null::${target}, ${builder.bind(JSON.stringify(group.rows))}::json)`;
    const insert =
      group.columns.length === 0
        ? `insert into ${target} as ${alias} select from ${values}`
        : `insert into ${target} as ${alias} (${columnList}) select ${columnList} from ${values}`;
    let conflict = '';
    if (upsert) {
      const conflictTarget = `(${upsert.onConflict.map(quoteIdentifier).join(', ')})`;
      const assignments = group.columns.map(
        (name) => `${quoteIdentifier(name)} = excluded.${quoteIdentifier(name)}`,
      );
      conflict =
        upsert.resolution === 'ignore-duplicates' || assignments.length === 0
          ? ` on conflict ${conflictTarget} do nothing`
          : ` on conflict ${conflictTarget} do update set ${assignments.join(', ')}`;
    }
    return `_w${index} as (${insert}${conflict}${returningSql(alias, shape)})`;
  });
  const result = mutationResultSql(
    builder,
    relation,
    groups.map((_, index) => `_w${index}`),
    query,
    shape,
  );
  return builder.statement(`with ${writes.join(', ')} ${result}`);
}

/** UPDATE of the rows the filters match, with the body's columns. */
export function buildUpdateQuery({
  cache,
  relation,
  values,
  query,
  shape,
}: {
  cache: SchemaCache;
  relation: RelationInfo;
  values: Record<string, unknown>;
  query: ParsedQuery;
  shape: 'array' | 'object' | 'none';
}): SqlStatement {
  const builder = new Builder(cache);
  const target = relationSql(relation);
  const alias = builder.alias();
  const assignments = Object.keys(values).map(
    (name) => `${quoteIdentifier(name)} = _s.${quoteIdentifier(name)}`,
  );
  const source = `json_populate_record(null::${target}, ${builder.bind(JSON.stringify(values))}::json) as _s`;
  const where = whereSql(
    query.root.conditions.map((condition) => conditionSql(builder, relation, alias, condition)),
  );
  const update = `update ${target} as ${alias} set ${assignments.join(', ')} from ${source}${where}${returningSql(alias, shape)}`;
  return builder.statement(
    `with _w0 as (${update}) ${mutationResultSql(builder, relation, ['_w0'], query, shape)}`,
  );
}

/** DELETE of the rows the filters match. */
export function buildDeleteQuery({
  cache,
  relation,
  query,
  shape,
}: {
  cache: SchemaCache;
  relation: RelationInfo;
  query: ParsedQuery;
  shape: 'array' | 'object' | 'none';
}): SqlStatement {
  const builder = new Builder(cache);
  const alias = builder.alias();
  const where = whereSql(
    query.root.conditions.map((condition) => conditionSql(builder, relation, alias, condition)),
  );
  const remove = `delete from ${relationSql(relation)} as ${alias}${where}${returningSql(alias, shape)}`;
  return builder.statement(
    `with _w0 as (${remove}) ${mutationResultSql(builder, relation, ['_w0'], query, shape)}`,
  );
}

/**
 * A function call with named arguments. Arguments travel as one JSON parameter turned into typed values
 * by json_to_record, so Postgres converts them (arrays, json, timestamps) exactly as for a table insert.
 */
function functionCall(
  bind: (value: string) => string,
  fn: FunctionInfo,
  body: unknown,
): { call: string; argumentsFrom: string | undefined } {
  const name = relationSql(fn);
  if (fn.bodyParameterType) {
    return {
      call: `${name}(${bind(JSON.stringify(body ?? {}))}::${fn.bodyParameterType})`,
      argumentsFrom: undefined,
    };
  }
  const values = (body ?? {}) as Record<string, unknown>;
  const provided = fn.parameters.filter((parameter) => Object.hasOwn(values, parameter.name));
  if (provided.length === 0) return { call: `${name}()`, argumentsFrom: undefined };
  const record = Object.fromEntries(provided.map((parameter) => [parameter.name, values[parameter.name]]));
  const definitions = provided.map((parameter) => `${quoteIdentifier(parameter.name)} ${parameter.type}`);
  const namedArguments = provided.map(
    (parameter) => `${quoteIdentifier(parameter.name)} => _a.${quoteIdentifier(parameter.name)}`,
  );
  return {
    call: `${name}(${namedArguments.join(', ')})`,
    argumentsFrom: `json_to_record(${bind(JSON.stringify(record))}::json) as _a(${definitions.join(', ')})`,
  };
}

/** The rows of a set- or row-returning function as a row source for buildReadQuery. */
export function functionSource(
  fn: FunctionInfo & { result: { kind: 'rows' } },
  body: unknown,
): (bind: (value: string) => string) => RowSource {
  return (bind) => {
    const { call, argumentsFrom } = functionCall(bind, fn, body);
    return {
      relation: fn.result.relation,
      from: (alias) =>
        argumentsFrom === undefined
          ? `${call} as ${alias}`
          : `${argumentsFrom} cross join lateral ${call} as ${alias}`,
    };
  };
}

/** A call of a function returning void, a scalar or a set of scalars: its JSON value as `body`. */
export function buildScalarCall({
  cache,
  fn,
  body,
}: {
  cache: SchemaCache;
  fn: FunctionInfo;
  body: unknown;
}): SqlStatement {
  const builder = new Builder(cache);
  const { call, argumentsFrom } = functionCall((value) => builder.bind(value), fn, body);
  if (fn.result.kind === 'scalar' && fn.result.set) {
    const from = argumentsFrom === undefined ? '' : `${argumentsFrom} cross join lateral `;
    return builder.statement(
      `select coalesce(json_agg(_r.value), '[]')::text as body, count(*) as page_rows from ${from}${call} as _r(value)`,
    );
  }
  const from = argumentsFrom === undefined ? '' : ` from ${argumentsFrom}`;
  const value = fn.result.kind === 'void' ? `(${call})::text` : `to_json(${call})::text`;
  return builder.statement(`select ${value} as body, 1 as page_rows${from}`);
}
