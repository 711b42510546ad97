// Turns a join's requested postgres_changes into bindings: checked against the publication, the role's
// privileges and the table's columns, with a filter's values bound once so a bad value fails the join.
import type { Database, RequestAuth } from '../db/database.ts';
import type { ChangeType } from './change-capture.ts';
import { type ChangeFilter, ChangeFilterError, filterToSql, parseChangeFilter } from './change-filter.ts';
import { type Binding, qualifiedName } from './channels.ts';
import { createExpiringCache } from './join-admission.ts';
import { type PublishedTable, tableKey } from './published-tables.ts';

const changeEvents: ReadonlySet<string> = new Set<ChangeType | '*'>(['*', 'INSERT', 'UPDATE', 'DELETE']);

/** Creates the resolver for one realtime server (its caches and binding ids live as long as the server). */
export function createBindingResolver(database: Database, tables: ReadonlyMap<string, PublishedTable>) {
  let nextBindingId = 1;

  // Joins ask the same few questions again and again (3 roles, a handful of tables, the filters an app
  // uses); each answer is a statement on the Postgres every request waits for. Privileges change only
  // with a grant or revoke, so a short expiry is enough.
  const privileges = createExpiringCache<boolean>({ ttlMs: 10_000, maxEntries: 1000 });
  const checkedFilters = createExpiringCache<true>({ ttlMs: 10_000, maxEntries: 1000 });

  const canSelect = async (role: string, table: PublishedTable) => {
    const key = `${role} ${tableKey(table.schema, table.table)}`;
    const cached = privileges.get(key);
    if (cached !== undefined) return cached;
    const result = await database.pg.query<{ allowed: boolean }>(
      `select has_table_privilege($1, format('%I.%I', $2::text, $3::text), 'SELECT') as allowed`,
      [role, table.schema, table.table],
    );
    const allowed = result.rows[0]?.allowed === true;
    privileges.set(key, allowed);
    return allowed;
  };

  /**
   * Binds a filter's values once so a value the column type refuses (e.g. "abc" for a uuid) fails the
   * join rather than every later delivery.
   */
  async function checkFilter(auth: RequestAuth, target: PublishedTable, filter: ChangeFilter, text: string) {
    const key = `${auth.role} ${tableKey(target.schema, target.table)} ${text}`;
    if (checkedFilters.get(key)) return;
    const condition = filterToSql(filter, 't', 1);
    await database
      .queryAs(auth, {
        sql: `select from ${qualifiedName(target)} t where false and ${condition.sql}`,
        parameters: condition.parameters,
      })
      .catch((error: unknown) => {
        throw new ChangeFilterError(`Invalid filter "${text}": ${(error as Error).message}`);
      });
    checkedFilters.set(key, true);
  }

  /** Checks the client's bindings against the publication, the role's privileges and the columns. */
  async function resolveBindings(auth: RequestAuth, requested: unknown[]): Promise<Binding[]> {
    const bindings: Binding[] = [];
    for (const entry of requested) {
      const { event, schema = 'public', table, filter } = (entry ?? {}) as Record<string, unknown>;
      if (typeof event !== 'string' || !changeEvents.has(event.toUpperCase())) {
        throw new ChangeFilterError(`Invalid event "${String(event)}": expected *, INSERT, UPDATE or DELETE`);
      }
      if (typeof schema !== 'string' || (table !== undefined && typeof table !== 'string')) {
        throw new ChangeFilterError('Invalid schema or table');
      }
      if (filter !== undefined && filter !== null && typeof filter !== 'string') {
        throw new ChangeFilterError('Invalid filter');
      }
      const wholeSchema = table === undefined || table === '*';
      const candidates = wholeSchema
        ? [...tables.values()].filter((published) => published.schema === schema)
        : [tables.get(tableKey(schema, table))].filter((published) => published !== undefined);
      const targets: PublishedTable[] = [];
      for (const candidate of candidates) {
        if (await canSelect(auth.role, candidate)) targets.push(candidate);
      }
      if (targets.length === 0) {
        throw new ChangeFilterError(
          `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [schema: ${schema}, table: ${String(table ?? '*')}]`,
        );
      }
      const parsedFilter = filter ? parseChangeFilter(filter) : undefined;
      if (parsedFilter) {
        const [target] = targets;
        if (wholeSchema || !target) throw new ChangeFilterError('A filter needs a table');
        if (!target.columns.some((column) => column.name === parsedFilter.column)) {
          throw new ChangeFilterError(
            `Invalid filter: table ${table} has no column "${parsedFilter.column}"`,
          );
        }
        await checkFilter(auth, target, parsedFilter, String(filter));
      }
      const id = nextBindingId++;
      bindings.push({
        id,
        event: event.toUpperCase() as Binding['event'],
        tableKeys: new Set(targets.map((target) => tableKey(target.schema, target.table))),
        filter: parsedFilter,
        filterText: filter ?? undefined,
        reply: { id, event, schema, table, filter: filter ?? undefined },
      });
    }
    return bindings;
  }

  return resolveBindings;
}
