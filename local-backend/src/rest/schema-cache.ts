import type { PGlite } from '@electric-sql/pglite';

/** A column of a table, view or function result. */
export interface ColumnInfo {
  name: string;
  /** `format_type()` text (`integer`, `text[]`, `public.mood`): catalog text, safe to put in SQL. */
  type: string;
  /** `pg_type.typname` (`int4`, `_text`, `tsvector`). */
  typeName: string;
  nullable: boolean;
  hasDefault: boolean;
}

/** Something rows can be selected from: a table, view, or the rows a function returns. */
export interface RelationInfo {
  schema: string;
  name: string;
  /** In the catalog's column order. */
  columns: Map<string, ColumnInfo>;
  primaryKey: string[];
  /** Column sets of the primary key and unique constraints: a foreign key on one of them is one-to-one. */
  uniqueKeys: string[][];
}

export interface ForeignKey {
  name: string;
  from: RelationInfo;
  fromColumns: string[];
  to: RelationInfo;
  toColumns: string[];
}

export interface FunctionParameter {
  name: string;
  /** `format_type()` text. */
  type: string;
  hasDefault: boolean;
}

export type FunctionResult =
  | { kind: 'void' }
  | { kind: 'scalar'; set: boolean }
  | { kind: 'rows'; set: boolean; relation: RelationInfo };

export interface FunctionInfo {
  schema: string;
  name: string;
  /** Named input parameters, in order. */
  parameters: FunctionParameter[];
  /** Set when the function takes one unnamed json/jsonb parameter: it receives the whole request body. */
  bodyParameterType: 'json' | 'jsonb' | undefined;
  result: FunctionResult;
}

/** What the REST API knows of the exposed schemas: read once from pg_catalog, then reused. */
export interface SchemaCache {
  schemas: readonly string[];
  /** Keyed by `schema.name`. */
  relations: Map<string, RelationInfo>;
  foreignKeys: ForeignKey[];
  /** Keyed by `schema.name`; overloads share a key. */
  functions: Map<string, FunctionInfo[]>;
  /** pg_catalog type names a `::cast` in `select=` may name. */
  castTypes: ReadonlySet<string>;
}

/** The map key of a relation or function. */
export function qualifiedKey(schema: string, name: string): string {
  return `${schema}.${name}`;
}

interface RelationRow {
  oid: number;
  schema: string;
  name: string;
}

interface ColumnRow {
  relation_oid: number;
  name: string;
  type: string;
  type_name: string;
  nullable: boolean;
  has_default: boolean;
}

interface ConstraintRow {
  name: string;
  kind: 'p' | 'u' | 'f';
  relation_oid: number;
  columns: string[];
  foreign_relation_oid: number;
  foreign_columns: string[] | null;
}

interface FunctionRow {
  schema: string;
  name: string;
  argument_names: string[] | null;
  argument_modes: string[] | null;
  argument_types: string[];
  argument_type_names: string[];
  input_count: number;
  default_count: number;
  returns_set: boolean;
  return_type_name: string;
  return_relation_oid: number;
}

// Relation kinds r (table), v (view), m (materialized view), f (foreign table), p (partitioned table),
// plus c (composite type) for function results.
const relationsSql = `
  select c.oid::int8 as oid, n.nspname as schema, c.relname as name
  from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where (n.nspname = any($1::text[]) and c.relkind in ('r', 'v', 'm', 'f', 'p'))
     or c.oid in (select t.typrelid from pg_catalog.pg_proc p join pg_catalog.pg_type t on t.oid = p.prorettype
                  join pg_catalog.pg_namespace pn on pn.oid = p.pronamespace where pn.nspname = any($1::text[]))`;

const columnsSql = `
  select a.attrelid::int8 as relation_oid, a.attname as name,
         pg_catalog.format_type(a.atttypid, a.atttypmod) as type, t.typname as type_name,
         not a.attnotnull as nullable, (a.atthasdef or a.attidentity <> '' or a.attgenerated <> '') as has_default
  from pg_catalog.pg_attribute a join pg_catalog.pg_type t on t.oid = a.atttypid
  where a.attrelid = any($1::oid[]) and a.attnum > 0 and not a.attisdropped
  order by a.attrelid, a.attnum`;

const constraintsSql = `
  select con.conname as name, con.contype as kind, con.conrelid::int8 as relation_oid,
         array(select a.attname from unnest(con.conkey) with ordinality k(attnum, i)
               join pg_catalog.pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum order by k.i)::text[]
           as columns,
         con.confrelid::int8 as foreign_relation_oid,
         array(select a.attname from unnest(con.confkey) with ordinality k(attnum, i)
               join pg_catalog.pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum order by k.i)::text[]
           as foreign_columns
  from pg_catalog.pg_constraint con
  where con.contype in ('p', 'u', 'f') and con.conrelid = any($1::oid[])`;

const functionsSql = `
  select n.nspname as schema, p.proname as name, p.proargnames as argument_names,
         p.proargmodes::text[] as argument_modes,
         array(select pg_catalog.format_type(t, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]))
               with ordinality u(t, i) order by i) as argument_types,
         array(select ty.typname from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(t, i)
               join pg_catalog.pg_type ty on ty.oid = u.t order by i)::text[] as argument_type_names,
         p.pronargs::int4 as input_count, p.pronargdefaults::int4 as default_count, p.proretset as returns_set,
         rt.typname as return_type_name, rt.typrelid::int8 as return_relation_oid
  from pg_catalog.pg_proc p
  join pg_catalog.pg_namespace n on n.oid = p.pronamespace
  join pg_catalog.pg_type rt on rt.oid = p.prorettype
  where n.nspname = any($1::text[]) and p.prokind = 'f'
    and rt.typname not in ('trigger', 'event_trigger', 'internal', 'language_handler', 'fdw_handler',
                           'index_am_handler', 'tsm_handler', 'table_am_handler')`;

const castTypesSql = `
  select t.typname as name from pg_catalog.pg_type t
  where t.typnamespace = 'pg_catalog'::regnamespace and t.typtype in ('b', 'r', 'm', 'd', 'e') and t.typisdefined`;

/**
 * Reads tables, views, columns, keys, foreign keys and functions of `schemas` from pg_catalog. Runs as
 * the superuser outside any request transaction: privileges are enforced later, by Postgres, per request.
 */
export async function loadSchemaCache({
  pg,
  schemas,
}: {
  pg: PGlite;
  schemas: readonly string[];
}): Promise<SchemaCache> {
  const relationRows = (await pg.query<RelationRow>(relationsSql, [schemas])).rows;
  const oids = relationRows.map((row) => row.oid);
  const [columnRows, constraintRows, functionRows, castTypeRows] = [
    (await pg.query<ColumnRow>(columnsSql, [oids])).rows,
    (await pg.query<ConstraintRow>(constraintsSql, [oids])).rows,
    (await pg.query<FunctionRow>(functionsSql, [schemas])).rows,
    (await pg.query<{ name: string }>(castTypesSql)).rows,
  ];

  const byOid = new Map<number, RelationInfo>();
  for (const row of relationRows) {
    byOid.set(row.oid, {
      schema: row.schema,
      name: row.name,
      columns: new Map(),
      primaryKey: [],
      uniqueKeys: [],
    });
  }
  for (const row of columnRows) {
    byOid.get(row.relation_oid)?.columns.set(row.name, {
      name: row.name,
      type: row.type,
      typeName: row.type_name,
      nullable: row.nullable,
      hasDefault: row.has_default,
    });
  }
  const foreignKeys: ForeignKey[] = [];
  for (const row of constraintRows) {
    const relation = byOid.get(row.relation_oid);
    if (!relation) continue;
    if (row.kind === 'p') relation.primaryKey = row.columns;
    if (row.kind !== 'f') relation.uniqueKeys.push(row.columns);
    const target = byOid.get(row.foreign_relation_oid);
    // Embedding stays inside the exposed schemas (function result types may come from elsewhere).
    const exposed = target && schemas.includes(relation.schema) && schemas.includes(target.schema);
    if (row.kind === 'f' && target && exposed && row.foreign_columns) {
      foreignKeys.push({
        name: row.name,
        from: relation,
        fromColumns: row.columns,
        to: target,
        toColumns: row.foreign_columns,
      });
    }
  }

  const relations = new Map<string, RelationInfo>();
  for (const relation of byOid.values()) {
    if (schemas.includes(relation.schema))
      relations.set(qualifiedKey(relation.schema, relation.name), relation);
  }

  const functions = new Map<string, FunctionInfo[]>();
  for (const row of functionRows) {
    const info = functionInfo(row, byOid);
    if (!info) continue;
    const key = qualifiedKey(info.schema, info.name);
    functions.set(key, [...(functions.get(key) ?? []), info]);
  }

  return {
    schemas,
    relations,
    foreignKeys,
    functions,
    castTypes: new Set(castTypeRows.map((row) => row.name)),
  };
}

/** Describes a function's parameters and result; undefined for one the API cannot call by name. */
function functionInfo(row: FunctionRow, byOid: Map<number, RelationInfo>): FunctionInfo | undefined {
  const modes = row.argument_modes ?? row.argument_types.map(() => 'i');
  const names = row.argument_names ?? [];
  const parameters: FunctionParameter[] = [];
  const outputs: ColumnInfo[] = [];
  let inputIndex = 0;
  let unnamedInputs = 0;
  for (const [index, mode] of modes.entries()) {
    const name = names[index] ?? '';
    const type = row.argument_types[index] ?? 'unknown';
    const typeName = row.argument_type_names[index] ?? 'unknown';
    if (mode === 'v') return undefined;
    if (mode === 'i' || mode === 'b') {
      if (name === '') unnamedInputs += 1;
      parameters.push({ name, type, hasDefault: inputIndex >= row.input_count - row.default_count });
      inputIndex += 1;
    }
    if (mode === 'o' || mode === 'b' || mode === 't') {
      outputs.push({ name, type, typeName, nullable: true, hasDefault: false });
    }
  }
  let bodyParameterType: FunctionInfo['bodyParameterType'];
  if (unnamedInputs > 0) {
    const only = parameters[0];
    const onlyTypeName = row.argument_type_names[0];
    if (parameters.length !== 1 || !only || (onlyTypeName !== 'json' && onlyTypeName !== 'jsonb'))
      return undefined;
    bodyParameterType = onlyTypeName;
    parameters.length = 0;
  }

  let result: FunctionResult;
  if (row.return_type_name === 'void') {
    result = { kind: 'void' };
  } else if (row.return_type_name === 'record' && outputs.length > 0) {
    result = {
      kind: 'rows',
      set: row.returns_set,
      relation: {
        schema: row.schema,
        name: row.name,
        columns: new Map(outputs.map((column) => [column.name, column])),
        primaryKey: [],
        uniqueKeys: [],
      },
    };
  } else if (row.return_relation_oid !== 0) {
    const relation = byOid.get(row.return_relation_oid);
    if (!relation) return undefined;
    result = { kind: 'rows', set: row.returns_set, relation };
  } else if (row.return_type_name === 'record') {
    // `returns setof record` without OUT parameters needs a column list the API cannot know.
    return undefined;
  } else {
    result = { kind: 'scalar', set: row.returns_set };
  }
  return { schema: row.schema, name: row.name, parameters, bodyParameterType, result };
}
