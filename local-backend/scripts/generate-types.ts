// biome-ignore-all lint/style/noExcessiveLinesPerFile: a code generator that mirrors the Supabase CLI's `gen types`:
// the introspection queries, the type mapping and the output template belong together.
/**
 * `pnpm --filter local-backend gen:types`: writes `shared-kernel/src/supabase/database.types.ts`, the
 * `Database` types of schema `public`, in the shape `supabase gen types typescript` produces (the Supabase
 * CLI's generator, postgres-meta), so supabase-js infers rows from `.from('writings').select('id,title')`
 * and the file stays what a hosted project would generate from the same migrations.
 *
 * It migrates a throwaway in-memory database exactly as the local backend does, reads pg_catalog, and
 * formats the result with the workspace's Biome. The output is sorted everywhere, so it only changes when
 * the schema does (tests/generated-types.test.ts fails when the committed file is stale).
 */
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Where the generated types are committed, relative to the repository root. */
export const DATABASE_TYPES_PATH = 'shared-kernel/src/supabase/database.types.ts';

const SCHEMA = 'public';

interface TypeRow {
  oid: number;
  name: string;
  /** `format_type()`: the name, qualified when its schema is not on the search path. */
  format: string;
  schema: string;
  /** `pg_type.typtype`: b base, c composite, d domain, e enum, p pseudo, r range, m multirange. */
  kind: string;
  element_oid: number;
  base_oid: number;
  relation_oid: number;
  /** `pg_class.relkind` of a row type: r table, p partitioned, v view, m materialized view, f foreign, c composite. */
  relation_kind: string | null;
  enum_labels: string[];
}

interface RelationRow {
  oid: number;
  name: string;
  kind: string;
  is_updatable: boolean;
}

interface ColumnRow {
  relation_oid: number;
  name: string;
  type_oid: number;
  is_nullable: boolean;
  has_default: boolean;
  /** `pg_attribute.attidentity`: a (always), d (by default) or empty. */
  identity: string;
  /** `pg_attribute.attgenerated`: s (stored), v (virtual) or empty. */
  generated: string;
  is_updatable: boolean;
}

interface ForeignKeyRow {
  name: string;
  relation: string;
  columns: string[];
  referenced_schema: string;
  referenced_relation: string;
  referenced_columns: string[];
  is_one_to_one: boolean;
}

interface FunctionRow {
  name: string;
  modes: string[];
  names: string[];
  type_oids: number[];
  input_count: number;
  default_count: number;
  /** `pg_get_function_arguments()`: orders overloads, and names a computed field's relation. */
  argument_types: string;
  /** `pg_get_function_result()`: orders overloads. */
  return_type: string;
  return_type_oid: number;
  returns_set: boolean;
  /** The planner's row estimate (`ROWS`) of a set-returning function, else null. */
  estimated_rows: number | null;
}

interface CompositeAttributeRow {
  type_oid: number;
  name: string;
  attribute_type_oid: number;
}

const typesSql = `
  select t.oid::int8 as oid, t.typname as name, pg_catalog.format_type(t.oid, null) as format,
         n.nspname as schema, t.typtype::text as kind,
         t.typelem::int8 as element_oid, t.typbasetype::int8 as base_oid, t.typrelid::int8 as relation_oid,
         c.relkind::text as relation_kind,
         array(select e.enumlabel::text from pg_catalog.pg_enum e where e.enumtypid = t.oid order by e.enumsortorder)
           as enum_labels
  from pg_catalog.pg_type t
  join pg_catalog.pg_namespace n on n.oid = t.typnamespace
  left join pg_catalog.pg_class c on c.oid = t.typrelid`;

const relationsSql = `
  select c.oid::int8 as oid, c.relname as name, c.relkind::text as kind,
         (pg_catalog.pg_relation_is_updatable(c.oid, false) & 20) = 20 as is_updatable
  from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where n.nspname = $1 and c.relkind in ('r', 'p', 'f', 'v', 'm')`;

const columnsSql = `
  select a.attrelid::int8 as relation_oid, a.attname as name, a.atttypid::int8 as type_oid,
         not (a.attnotnull or (t.typtype = 'd' and t.typnotnull)) as is_nullable,
         a.atthasdef as has_default, a.attidentity::text as identity, a.attgenerated::text as generated,
         (c.relkind in ('r', 'p')
           or (c.relkind in ('v', 'f') and pg_catalog.pg_column_is_updatable(c.oid, a.attnum, false))) as is_updatable
  from pg_catalog.pg_attribute a
  join pg_catalog.pg_class c on c.oid = a.attrelid
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  join pg_catalog.pg_type t on t.oid = a.atttypid
  where n.nspname = $1 and c.relkind in ('r', 'p', 'f', 'v', 'm') and a.attnum > 0 and not a.attisdropped`;

// One-to-one as PostgREST sees it: the referencing columns, in key order, are exactly a primary key or
// unique constraint of their table (in column order).
const foreignKeysSql = `
  with keys as (
    select con.oid, con.conrelid,
           array(select a.attname::text from unnest(con.conkey) with ordinality k(attnum, position)
                 join pg_catalog.pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum
                 order by k.position) as columns,
           array(select a.attname::text from unnest(con.confkey) with ordinality k(attnum, position)
                 join pg_catalog.pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum
                 order by k.position) as referenced_columns
    from pg_catalog.pg_constraint con
    join pg_catalog.pg_namespace n on n.oid = con.connamespace
    where n.nspname = $1 and con.contype = 'f' and con.conparentid = 0
  )
  select con.conname as name, c.relname as relation, keys.columns, rn.nspname as referenced_schema,
         rc.relname as referenced_relation, keys.referenced_columns,
         exists (
           select from pg_catalog.pg_constraint u
           where u.conrelid = con.conrelid and u.contype in ('p', 'u')
             and keys.columns = array(select a.attname::text from unnest(u.conkey) k(attnum)
                                      join pg_catalog.pg_attribute a on a.attrelid = u.conrelid and a.attnum = k.attnum
                                      order by a.attnum)
         ) as is_one_to_one
  from keys
  join pg_catalog.pg_constraint con on con.oid = keys.oid
  join pg_catalog.pg_class c on c.oid = con.conrelid
  join pg_catalog.pg_class rc on rc.oid = con.confrelid
  join pg_catalog.pg_namespace rn on rn.oid = rc.relnamespace`;

// Trigger functions are not callable through the API, so the CLI leaves them out.
const functionsSql = `
  select p.proname as name,
         coalesce(p.proargmodes::text[],
                  array_fill('i'::text, array[cardinality(coalesce(p.proallargtypes, p.proargtypes::oid[]))])) as modes,
         coalesce(p.proargnames,
                  array_fill(''::text, array[cardinality(coalesce(p.proallargtypes, p.proargtypes::oid[]))])) as names,
         coalesce(p.proallargtypes, p.proargtypes::oid[])::int8[] as type_oids,
         p.pronargs::int4 as input_count, p.pronargdefaults::int4 as default_count,
         pg_catalog.pg_get_function_arguments(p.oid) as argument_types,
         pg_catalog.pg_get_function_result(p.oid) as return_type,
         p.prorettype::int8 as return_type_oid, p.proretset as returns_set,
         case when p.proretset then nullif(p.prorows, 0)::float8 end as estimated_rows
  from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
  where n.nspname = $1 and p.prokind = 'f'
    and p.prorettype not in ('pg_catalog.trigger'::regtype, 'pg_catalog.event_trigger'::regtype)`;

const compositeAttributesSql = `
  select t.oid::int8 as type_oid, a.attname as name, a.atttypid::int8 as attribute_type_oid
  from pg_catalog.pg_type t
  join pg_catalog.pg_namespace n on n.oid = t.typnamespace
  join pg_catalog.pg_class c on c.oid = t.typrelid and c.relkind = 'c'
  join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  where n.nspname = $1
  order by t.oid, a.attnum`;

/** What the generator reads of one schema. */
interface SchemaIntrospection {
  types: TypeRow[];
  relations: RelationRow[];
  columns: ColumnRow[];
  foreignKeys: ForeignKeyRow[];
  functions: FunctionRow[];
  compositeAttributes: CompositeAttributeRow[];
}

/** Reads schema `public` from pg_catalog, as the superuser. */
async function introspectSchema({ pg }: { pg: PGlite }): Promise<SchemaIntrospection> {
  const rows = async <T>(sql: string, parameters: unknown[] = [SCHEMA]) =>
    (await pg.query<T>(sql, parameters)).rows;
  return {
    types: await rows<TypeRow>(typesSql, []),
    relations: await rows<RelationRow>(relationsSql),
    columns: await rows<ColumnRow>(columnsSql),
    foreignKeys: await rows<ForeignKeyRow>(foreignKeysSql),
    functions: await rows<FunctionRow>(functionsSql),
    compositeAttributes: await rows<CompositeAttributeRow>(compositeAttributesSql),
  };
}

// The CLI sorts with localeCompare; a fixed locale keeps the order the same on every machine.
const compareText = (left: string, right: string) => left.localeCompare(right, 'en');
const byName = <T extends { name: string }>(left: T, right: T) => compareText(left.name, right.name);
const quote = (text: string) => JSON.stringify(text);

// json, jsonb and text: the types PostgREST accepts for an unnamed parameter (the whole request body).
const BODY_PARAMETER_TYPE_OIDS = new Set([114, 3802, 25]);

const SCALAR_TYPES: Record<string, string> = {
  bool: 'boolean',
  ...Object.fromEntries(
    ['int2', 'int4', 'int8', 'float4', 'float8', 'numeric'].map((name) => [name, 'number']),
  ),
  ...Object.fromEntries(
    [
      'bytea',
      'bpchar',
      'varchar',
      'date',
      'text',
      'citext',
      'time',
      'timetz',
      'timestamp',
      'timestamptz',
      'uuid',
      'vector',
      'interval',
    ].map((name) => [name, 'string']),
  ),
  json: 'Json',
  jsonb: 'Json',
  void: 'undefined',
  record: 'Record<string, unknown>',
};

/**
 * Where the generated `Database` describes a row type, by `pg_class.relkind`. Like the CLI, not for foreign
 * tables or materialized views (their row types are `unknown`).
 */
const ROW_TYPE_SECTIONS: Record<string, string> = {
  c: 'CompositeTypes',
  r: 'Tables',
  p: 'Tables',
  v: 'Views',
};

interface FunctionArgument {
  mode: 'in' | 'out' | 'inout' | 'variadic' | 'table';
  name: string;
  typeOid: number;
  hasDefault: boolean;
}

const ARGUMENT_MODES: Record<string, FunctionArgument['mode']> = {
  i: 'in',
  o: 'out',
  b: 'inout',
  v: 'variadic',
  t: 'table',
};
const isInput = ({ mode }: FunctionArgument) => mode === 'in' || mode === 'inout' || mode === 'variadic';

/** Renders the introspected schema as the CLI's TypeScript (unformatted). */
// The CLI's output template, section by section, over one shared index of types: split, each piece would
// need the whole index and the output order would be harder to check against the CLI's.
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the CLI's output template (see above)
function renderDatabaseTypes(schema: SchemaIntrospection): string {
  const typesByOid = new Map(schema.types.map((type) => [type.oid, type]));
  const publicRelations = new Map(schema.relations.map((relation) => [relation.oid, relation]));
  const tables = schema.relations.filter(({ kind }) => ['r', 'p', 'f'].includes(kind)).sort(byName);
  const views = schema.relations.filter(({ kind }) => ['v', 'm'].includes(kind)).sort(byName);
  const columnsOf = (relation: RelationRow) =>
    schema.columns.filter((column) => column.relation_oid === relation.oid).sort(byName);
  const enums = schema.types.filter((type) => type.schema === SCHEMA && type.kind === 'e').sort(byName);
  const compositeTypes = schema.types
    .filter((type) => type.schema === SCHEMA && type.relation_kind === 'c')
    .sort(byName);

  /** The TypeScript of a Postgres type, as the CLI maps it; a domain is its base type. */
  function tsType(typeOid: number): string {
    const type = typesByOid.get(typeOid);
    if (!type) return 'unknown';
    if (type.kind === 'd') return tsType(type.base_oid);
    const scalar = SCALAR_TYPES[type.name];
    if (scalar) return scalar;
    if (type.element_oid !== 0 && type.name.startsWith('_')) return `(${tsType(type.element_oid)})[]`;
    if (type.kind === 'e') {
      return type.schema === SCHEMA
        ? `Database[${quote(SCHEMA)}]["Enums"][${quote(type.name)}]`
        : type.enum_labels.map(quote).join(' | ');
    }
    const section = type.relation_kind ? ROW_TYPE_SECTIONS[type.relation_kind] : undefined;
    if (type.schema !== SCHEMA || !section) return 'unknown';
    return `Database[${quote(SCHEMA)}][${quote(section)}][${quote(type.name)}]${section === 'CompositeTypes' ? '' : '["Row"]'}`;
  }
  // `unknown` already includes null.
  const orNull = (type: string) => (type === 'unknown' ? type : `${type} | null`);
  const member = (name: string, type: string, optional = false) =>
    `${quote(name)}${optional ? '?' : ''}: ${type}`;
  const columnType = (column: ColumnRow) =>
    column.is_nullable ? orNull(tsType(column.type_oid)) : tsType(column.type_oid);

  // Foreign keys of the relation. The CLI also gives views the relationships of their base tables' keys
  // (PostgREST's view key dependencies); not done here, as the local backend does not embed through views.
  function relationshipsOf(relation: RelationRow): string {
    const relationships = schema.foreignKeys
      .filter((key) => key.relation === relation.name && key.referenced_schema === SCHEMA)
      .sort(
        (left, right) =>
          compareText(left.name, right.name) ||
          compareText(left.referenced_relation, right.referenced_relation) ||
          compareText(JSON.stringify(left.referenced_columns), JSON.stringify(right.referenced_columns)),
      );
    return `[${relationships
      .map(
        (key) => `{
          foreignKeyName: ${quote(key.name)}
          columns: ${JSON.stringify(key.columns)}
          isOneToOne: ${key.is_one_to_one}
          referencedRelation: ${quote(key.referenced_relation)}
          referencedColumns: ${JSON.stringify(key.referenced_columns)}
        }`,
      )
      .join(',\n')}]`;
  }

  // Functions PostgREST can call: named parameters only, or a single unnamed body parameter (or a row
  // of a table: a computed field), or unnamed parameters that all have defaults.
  const functions = schema.functions
    .map((row) => {
      const inputDefaultsFrom = row.input_count - row.default_count;
      let inputIndex = 0;
      const argumentsOf = row.modes.map((code, index): FunctionArgument => {
        const mode = ARGUMENT_MODES[code] ?? 'in';
        const argument: FunctionArgument = {
          mode,
          name: row.names[index] ?? '',
          typeOid: row.type_oids[index] ?? 0,
          hasDefault: false,
        };
        if (isInput(argument)) {
          argument.hasDefault = inputIndex >= inputDefaultsFrom;
          inputIndex += 1;
        }
        return argument;
      });
      argumentsOf.sort(byName);
      return { row, arguments: argumentsOf, inputs: argumentsOf.filter(isInput) };
    })
    .filter(({ inputs }) => {
      const unnamed = inputs.filter(({ name }) => name === '');
      const [only] = inputs;
      return (
        unnamed.length === 0 ||
        unnamed.every(({ hasDefault, typeOid }) => hasDefault && BODY_PARAMETER_TYPE_OIDS.has(typeOid)) ||
        (inputs.length === 1 &&
          only !== undefined &&
          (BODY_PARAMETER_TYPE_OIDS.has(only.typeOid) || isRowType(only.typeOid)))
      );
    })
    .sort((left, right) => compareText(left.row.name, right.row.name));
  type CallableFunction = (typeof functions)[number];

  function isRowType(typeOid: number): boolean {
    return (typesByOid.get(typeOid)?.relation_oid ?? 0) !== 0;
  }

  /** The relation a function's rows can be sub-selected from: a table or view of the schema, or a row type. */
  function returnedRelationName({ row }: CallableFunction): string | null {
    const type = typesByOid.get(row.return_type_oid);
    if (!type?.relation_oid) return null;
    return publicRelations.get(type.relation_oid)?.name ?? type.name;
  }

  /** One result row (or the scalar) of a function, before set-returning functions become arrays. */
  function returnRowType(callable: CallableFunction): string {
    const resultColumns = callable.arguments.filter(({ mode }) => mode === 'table');
    if (resultColumns.length > 0) {
      return `{\n${resultColumns.map(({ name, typeOid }) => member(name, tsType(typeOid))).join('\n')}\n}`;
    }
    const type = typesByOid.get(callable.row.return_type_oid);
    const relation = type?.relation_oid ? publicRelations.get(type.relation_oid) : undefined;
    if (relation) {
      return `{\n${columnsOf(relation)
        .map((column) => member(column.name, columnType(column)))
        .join('\n')}\n}`;
    }
    return tsType(callable.row.return_type_oid);
  }

  function functionSignature(callable: CallableFunction): string {
    const { row, inputs } = callable;
    const relationName = returnedRelationName(callable);
    const returnsMultipleRows = row.estimated_rows !== null && row.estimated_rows > 1;
    const [onlyInput] = inputs;
    // A function taking only a table row but returning no relation: PostgREST cannot call it by name.
    const isComputedScalar =
      inputs.length === 1 && onlyInput?.name === '' && isRowType(onlyInput.typeOid) && relationName === null;
    const args =
      inputs.length === 0
        ? 'never'
        : `{ ${inputs.map(({ name, typeOid, hasDefault }) => member(name, tsType(typeOid), hasDefault)).join('\n')} }`;
    const returns = isComputedScalar
      ? `{ error: true } & ${quote(`the function ${SCHEMA}.${row.name} with parameter or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache`)}`
      : returnRowType(callable);

    // SetofOptions lets `.rpc(...).select(...)` sub-select the returned relation's columns; a function
    // taking one row (an embedded function) goes from that row's relation instead of from anywhere.
    const [onlyArgument] = callable.arguments;
    const source =
      callable.arguments.length === 1 && onlyArgument && isRowType(onlyArgument.typeOid)
        ? typesByOid.get(onlyArgument.typeOid)?.format
        : undefined;
    const setofOptions =
      relationName === null
        ? ''
        : `SetofOptions: {
            from: ${quote(source ?? '*')}
            to: ${quote(relationName)}
            isOneToOne: ${!returnsMultipleRows}
            isSetofReturn: ${row.returns_set}
          }`;
    // With a ROWS 1 estimate and a known relation, postgrest-js restores the array from isOneToOne.
    const collapsesToOneRow = !returnsMultipleRows && relationName !== null;
    const array = row.returns_set && !collapsesToOneRow ? '[]' : '';
    return `{ Args: ${args}; Returns: ${returns}${array}\n${setofOptions} }`;
  }

  /** Functions taking one row of `relation` are computed fields of its rows. */
  const computedFields = (relation: RelationRow) =>
    functions
      .filter(({ row }) => row.argument_types === relation.name)
      .map((callable) => member(callable.row.name, orNull(returnRowType(callable))));

  const isAlwaysGenerated = (column: ColumnRow) => column.identity === 'a' || column.generated !== '';
  const never = (column: ColumnRow) => `${quote(column.name)}?: never`;
  const rowOf = (relation: RelationRow) => [
    ...columnsOf(relation).map((column) => member(column.name, columnType(column))),
    ...computedFields(relation),
  ];
  const orEmpty = (entries: string[]) => (entries.length === 0 ? '[_ in never]: never' : entries.join('\n'));

  const tableEntries = tables.map((table) => {
    const columns = columnsOf(table);
    const writable = (optional: (column: ColumnRow) => boolean) =>
      columns
        .map((column) =>
          isAlwaysGenerated(column)
            ? never(column)
            : member(column.name, columnType(column), optional(column)),
        )
        .join('\n');
    return `${quote(table.name)}: {
      Row: {\n${rowOf(table).join('\n')}\n}
      Insert: {\n${writable((column) => column.is_nullable || column.identity !== '' || column.has_default)}\n}
      Update: {\n${writable(() => true)}\n}
      Relationships: ${relationshipsOf(table)}
    }`;
  });

  const viewEntries = views.map((view) => {
    const writable = () =>
      columnsOf(view)
        .map((column) =>
          column.is_updatable ? member(column.name, orNull(tsType(column.type_oid)), true) : never(column),
        )
        .join('\n');
    const writes = view.is_updatable ? `Insert: {\n${writable()}\n}\nUpdate: {\n${writable()}\n}\n` : '';
    return `${quote(view.name)}: {
      Row: {\n${rowOf(view).join('\n')}\n}
      ${writes}Relationships: ${relationshipsOf(view)}
    }`;
  });

  // Overloads become a union. (The CLI also flags overloads PostgREST cannot tell apart with an error
  // result type; the schema has no overloads, so that is not done here.)
  const overloadsByName = new Map<string, CallableFunction[]>();
  for (const callable of functions) {
    overloadsByName.set(callable.row.name, [...(overloadsByName.get(callable.row.name) ?? []), callable]);
  }
  const functionEntries = [...overloadsByName].map(
    ([name, overloads]) =>
      `${quote(name)}: ${overloads
        .sort(
          (left, right) =>
            compareText(left.row.argument_types, right.row.argument_types) ||
            compareText(left.row.return_type, right.row.return_type),
        )
        .map(functionSignature)
        .join(' |\n')}`,
  );

  const enumEntries = enums.map((type) => `${quote(type.name)}: ${type.enum_labels.map(quote).join(' | ')}`);
  const compositeEntries = compositeTypes.map(
    (type) =>
      `${quote(type.name)}: {\n${schema.compositeAttributes
        .filter((attribute) => attribute.type_oid === type.oid)
        .map((attribute) => member(attribute.name, orNull(tsType(attribute.attribute_type_oid))))
        .join('\n')}\n}`,
  );

  return `// Generated by \`pnpm --filter local-backend gen:types\` from shared-kernel/supabase/migrations, in the
// shape of \`supabase gen types typescript\`. Do not edit: change a migration and regenerate.

export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
  ${quote(SCHEMA)}: {
    Tables: { ${orEmpty(tableEntries)} }
    Views: { ${orEmpty(viewEntries)} }
    Functions: { ${orEmpty(functionEntries)} }
    Enums: { ${orEmpty(enumEntries)} }
    CompositeTypes: { ${orEmpty(compositeEntries)} }
  }
}

${HELPER_TYPES}

export const Constants = {
  ${quote(SCHEMA)}: {
    Enums: { ${enums.map((type) => `${quote(type.name)}: [${type.enum_labels.map(quote).join(', ')}]`).join(',\n')} },
  },
} as const
`;
}

// The CLI's helper types, verbatim: `Tables<'writings'>`, `TablesInsert<...>`, `TablesUpdate<...>`,
// `Enums<...>`, `CompositeTypes<...>`, each also accepting `{ schema }` for other schemas.
const HELPER_TYPES = `
type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
  ? (DefaultSchema["Tables"] & DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
      Row: infer R
    }
    ? R
    : never
  : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
  ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
      Insert: infer I
    }
    ? I
    : never
  : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
  ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
      Update: infer U
    }
    ? U
    : never
  : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never
> = DefaultSchemaEnumNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
  ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
  : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never
> = PublicCompositeTypeNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
  ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
  : never`;

/** Formats TypeScript as `biome check --write` would format the file at `path` (the workspace's config). */
async function formatWithBiome({ source, path }: { source: string; path: string }): Promise<string> {
  const biome = fileURLToPath(new URL('node_modules/@biomejs/biome/bin/biome', `file://${repositoryRoot}`));
  const child = spawn(process.execPath, [biome, 'check', '--write', `--stdin-file-path=${path}`], {
    cwd: repositoryRoot,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const output: Buffer[] = [];
  const errors: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => errors.push(chunk));
  child.stdin.end(source);
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (exitCode !== 0) throw new Error(`biome failed on ${path}:\n${Buffer.concat(errors).toString('utf8')}`);
  return Buffer.concat(output).toString('utf8');
}

/** The formatted database.types.ts describing the schema `public` of `pg`. */
export async function databaseTypesOf({ pg }: { pg: PGlite }): Promise<string> {
  const source = renderDatabaseTypes(await introspectSchema({ pg }));
  return formatWithBiome({ source, path: DATABASE_TYPES_PATH });
}

/** The formatted database.types.ts for the current migrations (a fresh in-memory database). */
export async function generateDatabaseTypes(): Promise<string> {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await migrate({ pg: database.pg });
    return await databaseTypesOf({ pg: database.pg });
  } finally {
    await database.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const contents = await generateDatabaseTypes();
  await writeFile(`${repositoryRoot}${DATABASE_TYPES_PATH}`, contents);
  console.log(`Wrote ${DATABASE_TYPES_PATH}`);
}
