import type { PGlite } from '@electric-sql/pglite';

/** A table of the `supabase_realtime` publication, as realtime needs it. */
export interface PublishedTable {
  /** The table's oid: its visibility check is `local_realtime."visible_to_<oid>"` (change-capture.sql). */
  oid: number;
  schema: string;
  table: string;
  /** Every column with its `pg_type.typname`: the client converts record values by these types. */
  columns: { name: string; type: string }[];
  /** Primary key columns in key order; empty when the table has none (its changes are not captured). */
  primaryKey: string[];
}

/** `schema.table` -> the published table. */
export type PublishedTables = ReadonlyMap<string, PublishedTable>;

/** The map key of a table. */
export const tableKey = (schema: string, table: string) => `${schema}.${table}`;

/** Reads the publication from the catalog. Migrations only run at start, so one read per start suffices. */
export async function loadPublishedTables({ pg }: { pg: PGlite }): Promise<PublishedTables> {
  const result = await pg.query<PublishedTable>(`
    select c.oid::int8 as oid,
           p.schemaname as schema,
           p.tablename as table,
           coalesce((
             select json_agg(json_build_object('name', a.attname, 'type', t.typname) order by a.attnum)
             from pg_attribute a
             join pg_type t on t.oid = a.atttypid
             where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
           ), '[]') as columns,
           coalesce((
             select json_agg(a.attname order by array_position(i.indkey::int2[], a.attnum))
             from pg_index i
             join pg_attribute a on a.attrelid = c.oid and a.attnum = any (i.indkey)
             where i.indrelid = c.oid and i.indisprimary
           ), '[]') as "primaryKey"
    from pg_publication_tables p
    join pg_namespace n on n.nspname = p.schemaname
    join pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
    where p.pubname = 'supabase_realtime'
  `);
  return new Map(result.rows.map((row) => [tableKey(row.schema, row.table), row]));
}
