/**
 * The `filter` of a `postgres_changes` binding, `column=operator.value`, with the operators Supabase
 * Realtime accepts. Evaluated in SQL against the re-read row, so a comparison has the column's type.
 */
export interface ChangeFilter {
  column: string;
  operator: FilterOperator;
  /** One value, or several for `in`. Always bound as parameters, never spliced into SQL. */
  values: string[];
}

const sqlOperators = { eq: '=', neq: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=', in: 'in' } as const;

type FilterOperator = keyof typeof sqlOperators;

/** Realtime's own cap on `in` lists. */
const maximumInValues = 100;

/** A filter the server cannot honour; its message goes into the join's error reply. */
export class ChangeFilterError extends Error {
  override name = 'ChangeFilterError';
}

/** Parses `column=operator.value` (`in.(a,"b, c")` for lists). */
export function parseChangeFilter(filter: string): ChangeFilter {
  const match = /^([^=]+)=(\w+)\.(.*)$/s.exec(filter);
  const [, column, operator, rawValue] = match ?? [];
  if (column === undefined || operator === undefined || rawValue === undefined) {
    throw new ChangeFilterError(`Invalid filter "${filter}": expected column=operator.value`);
  }
  if (!Object.hasOwn(sqlOperators, operator)) {
    throw new ChangeFilterError(
      `Invalid filter "${filter}": operator "${operator}" is not one of ${Object.keys(sqlOperators).join(', ')}`,
    );
  }
  if (operator !== 'in') return { column, operator: operator as FilterOperator, values: [rawValue] };
  const list = /^\((.*)\)$/s.exec(rawValue)?.[1];
  if (list === undefined) throw new ChangeFilterError(`Invalid filter "${filter}": in expects (a,b,...)`);
  // Items are comma-separated; a double-quoted item may itself hold commas.
  const values = (list.match(/"[^"]*"|[^,]+/g) ?? []).map((item) => item.trim().replace(/^"(.*)"$/s, '$1'));
  if (values.length > maximumInValues) {
    throw new ChangeFilterError(`Invalid filter "${filter}": at most ${maximumInValues} values for in`);
  }
  return { column, operator: 'in', values };
}

/** Double-quotes an identifier for SQL text (only ever applied to names checked against the catalog). */
export const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The filter as an SQL condition on `row_alias`, its values as parameters numbered from
 * `firstParameter`. The column must already be checked against the table's columns.
 */
export function filterToSql(
  filter: ChangeFilter,
  rowAlias: string,
  firstParameter: number,
): { sql: string; parameters: string[] } {
  const column = `${rowAlias}.${quoteIdentifier(filter.column)}`;
  const placeholders = filter.values.map((_, index) => `$${firstParameter + index}`);
  const sql =
    filter.operator === 'in'
      ? `${column} in (${placeholders.join(', ')})`
      : `${column} ${sqlOperators[filter.operator]} ${placeholders[0]}`;
  return { sql: `coalesce(${sql}, false)`, parameters: filter.values };
}
