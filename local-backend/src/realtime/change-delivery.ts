import type { SerializerOptions } from '@electric-sql/pglite';
import type { Database } from '../db/database.ts';
import type { RowChange } from './change-capture.ts';
import { filterToSql, quoteIdentifier } from './change-filter.ts';
import { type Binding, type Channel, type Connection, qualifiedName } from './channels.ts';
import { encodeMessageWithPayload } from './phoenix-serializer.ts';
import { type PublishedTable, type PublishedTables, tableKey } from './published-tables.ts';

/** `Map.groupBy`, which Node 20 lacks. */
function groupBy<T, K>(items: T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

// Values go to Postgres as text and Postgres casts them to the column's type (as the REST module does):
// PGlite's own serializers would reject or re-encode strings such as "true" for a boolean column.
const asText = new Proxy({} as SerializerOptions, { get: () => (value: unknown) => String(value) });

/** A channel and those of its bindings a change concerns. */
interface Match {
  channel: Channel;
  bindings: Binding[];
}

/** What {@link createChangeDelivery} needs from the realtime server. */
export interface ChangeDeliveryOptions {
  database: Database;
  tables: PublishedTables;
  connections: ReadonlySet<Connection>;
  /** Closes a channel whose token expired (and says so); such a channel gets nothing more. */
  isExpired: (channel: Channel) => boolean;
  sendText: (connection: Connection, text: string) => void;
}

/**
 * Reads a changed row once, with every distinct filter of its bindings evaluated on it (filters do
 * not depend on the reader). Undefined when the row is gone (deleted since). For a DELETE the row is
 * its last version, kept by the trigger (`local_realtime.deleted_rows`, change-capture.sql).
 */
async function readChangedRow(
  database: Database,
  change: RowChange,
  table: PublishedTable,
  matches: Match[],
) {
  const filterColumns = new Map<string, string>();
  let parameters: string[];
  let source: string;
  if (change.type === 'DELETE') {
    const kept = await database.pg.query<{ old_row: string }>(
      'delete from local_realtime.deleted_rows where id = $1 returning old_row::text',
      [change.deleted_row],
    );
    const oldRow = kept.rows[0]?.old_row;
    if (oldRow === undefined || matches.length === 0) return undefined;
    parameters = [oldRow];
    source = `jsonb_populate_record(null::${qualifiedName(table)}, $1::jsonb) t`;
  } else {
    parameters = table.primaryKey.map((column) => {
      const value = change.primary_key[column];
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
    });
    const conditions = table.primaryKey.map(
      (column, index) => `t.${quoteIdentifier(column)} = $${index + 1}`,
    );
    source = `${qualifiedName(table)} t where ${conditions.join(' and ')}`;
  }
  const selections = ['to_jsonb(t) as record'];
  for (const { filter, filterText } of matches.flatMap((match) => match.bindings)) {
    if (!filter || filterText === undefined || filterColumns.has(filterText)) continue;
    const alias = `filter_${filterColumns.size}`;
    const condition = filterToSql(filter, 't', parameters.length + 1);
    parameters.push(...condition.parameters);
    selections.push(`${condition.sql} as ${alias}`);
    filterColumns.set(filterText, alias);
  }
  const result = await database.pg.query<Record<string, unknown>>(
    `select ${selections.join(', ')} from ${source}`,
    parameters,
    { serializers: asText },
  );
  const row = result.rows[0];
  if (!row) return undefined;
  const matchesFilter = (binding: Binding) =>
    binding.filterText === undefined || row[filterColumns.get(binding.filterText) ?? ''] === true;
  return { record: row.record as Record<string, unknown>, matchesFilter, text: parameters[0] ?? '' };
}

/**
 * The channels that may see the row: row-level security decides under each channel's role and
 * claims, with one call per role for all of them (local_realtime.visible_to_<oid>, change-capture.sql).
 * A deleted row is judged on its last version (`oldRow`) by the table's read policies, as they would
 * have judged it (local_realtime.readable_by_<oid>_<role>).
 */
async function visibleChannels(
  database: Database,
  change: RowChange,
  table: PublishedTable,
  channels: Channel[],
  oldRow: string,
) {
  const row = change.type === 'DELETE' ? oldRow : JSON.stringify(change.primary_key);
  const visible = new Set<Channel>();
  const byRole = groupBy(channels, (channel) => channel.auth.role);
  for (const [role, roleChannels] of byRole) {
    // Channels with the same token share one check.
    const byToken = [...groupBy(roleChannels, (channel) => channel.token).values()];
    const claimsList = byToken.map((group) => JSON.stringify(group[0]?.auth.claims ?? {}));
    // One prepared statement and one call into PGlite (queryAs): a transaction costs several (docs/backend.md, PGlite fact 7).
    // The function sets each subscriber's claims itself; the role is the group's.
    const check = change.type === 'DELETE' ? `readable_by_${table.oid}_${role}` : `visible_to_${table.oid}`;
    const result = await database.queryAs<{ visibility: boolean[] }>(
      { role, claims: {} },
      {
        sql: `select local_realtime.${quoteIdentifier(check)}(array(select jsonb_array_elements_text($1::jsonb)), $2) as visibility`,
        parameters: [JSON.stringify(claimsList), row],
      },
    );
    const visibility = result.rows[0]?.visibility ?? [];
    byToken.forEach((group, index) => {
      if (visibility[index] === true) for (const channel of group) visible.add(channel);
    });
  }
  return visible;
}

/** The `data` of a change's messages as JSON text, serialised once for all its channels. */
function changeData(change: RowChange, table: PublishedTable, record: Record<string, unknown> | undefined) {
  return JSON.stringify({
    schema: change.schema,
    table: change.table,
    commit_timestamp: new Date(change.commit_timestamp).toISOString(),
    type: change.type,
    columns: table.columns,
    ...(change.type === 'DELETE' ? {} : { record }),
    // Primary key only, as Supabase sends for tables with row-level security.
    ...(change.type === 'INSERT' ? {} : { old_record: change.primary_key }),
    errors: null,
  });
}

/**
 * Delivers committed changes to the channels bound to them: each change's row is re-read (or, for a
 * DELETE, its last version taken) once, filters evaluated on it once, and row-level security asked once
 * per role for every subscriber of that role, so who sees what is decided by Postgres itself.
 */
export function createChangeDelivery({
  database,
  tables,
  connections,
  isExpired,
  sendText,
}: ChangeDeliveryOptions): (change: RowChange) => Promise<void> {
  /**
   * Delivers an INSERT or UPDATE, as the row is now, to the matching channels that may see it; a DELETE
   * to those whose filters match the row's last version and who could read that version.
   */
  async function deliverRow(change: RowChange, table: PublishedTable, matches: Match[]) {
    const row = await readChangedRow(database, change, table, matches);
    if (!row) return;
    const candidates = matches
      .map(({ channel, bindings }) => ({
        channel,
        ids: bindings.filter(row.matchesFilter).map((binding) => binding.id),
      }))
      .filter(({ ids }) => ids.length > 0);
    if (candidates.length === 0) return;
    const visible = await visibleChannels(
      database,
      change,
      table,
      candidates.map(({ channel }) => channel),
      row.text,
    );
    const data = changeData(change, table, row.record);
    for (const { channel, ids } of candidates) {
      if (visible.has(channel)) sendChange(channel, ids, data);
    }
  }

  function sendChange(channel: Channel, ids: number[], data: string) {
    if (ids.length === 0) return;
    const { connection, topic } = channel;
    const header = { join_ref: null, ref: null, topic, event: 'postgres_changes' };
    sendText(
      connection,
      encodeMessageWithPayload(header, `{"ids":${JSON.stringify(ids)},"data":${data}}`, connection.version),
    );
  }

  async function deliver(change: RowChange) {
    const key = tableKey(change.schema, change.table);
    const table = tables.get(key);
    if (!table) return;
    const matches: Match[] = [];
    for (const connection of connections) {
      for (const channel of [...connection.channels.values()]) {
        const bindings = channel.bindings.filter(
          (binding) => binding.tableKeys.has(key) && (binding.event === '*' || binding.event === change.type),
        );
        if (bindings.length === 0 || isExpired(channel)) continue;
        matches.push({ channel, bindings });
      }
    }
    // A DELETE's kept row is read (and removed) even when nobody listens.
    if (matches.length > 0 || change.type === 'DELETE') await deliverRow(change, table, matches);
  }

  return deliver;
}
