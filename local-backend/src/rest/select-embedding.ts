// Resource embedding: how a select's nested relations become correlated subqueries.
import type { QueryNode, SelectItem } from './query-parser.ts';
import { RestError } from './rest-error.ts';
import type { ForeignKey, RelationInfo, SchemaCache } from './schema-cache.ts';
import {
  type Builder,
  castSql,
  conditionSql,
  fieldSql,
  jsonObjectSql,
  orderSql,
  pagingSql,
  quoteIdentifier,
  relationSql,
  whereSql,
} from './sql-fragments.ts';

interface Relationship {
  target: RelationInfo;
  /** [parent column, target column] pairs joined with `=`. */
  pairs: Array<[string, string]>;
  toOne: boolean;
}

function zip(left: readonly string[], right: readonly string[]): Array<[string, string]> {
  return left.map((name, index) => [name, right[index] ?? name]);
}

function isUniqueKey(relation: RelationInfo, columns: readonly string[]): boolean {
  return relation.uniqueKeys.some(
    (key) => key.length === columns.length && key.every((name) => columns.includes(name)),
  );
}

function describeForeignKey(foreignKey: ForeignKey): string {
  return `${foreignKey.name} (${foreignKey.from.name}(${foreignKey.fromColumns.join(', ')}) -> ${foreignKey.to.name}(${foreignKey.toColumns.join(', ')}))`;
}

/**
 * Finds the foreign key that links `parent` to the resource named in `select`: many-to-one (the parent
 * holds the key; also reachable by the key's column or constraint name) or one-to-many (the target holds
 * it; one-to-one when the key is unique). A hint (`!constraint` or `!column`) picks among several.
 */
function findRelationship(
  cache: SchemaCache,
  parent: RelationInfo,
  name: string,
  hint: string | undefined,
): Relationship {
  const candidates: Array<{ foreignKey: ForeignKey; relationship: Relationship }> = [];
  for (const foreignKey of cache.foreignKeys) {
    const viaColumn = foreignKey.fromColumns.length === 1 && foreignKey.fromColumns[0] === name;
    if (
      foreignKey.from === parent &&
      (foreignKey.to.name === name || foreignKey.name === name || viaColumn)
    ) {
      candidates.push({
        foreignKey,
        relationship: {
          target: foreignKey.to,
          pairs: zip(foreignKey.fromColumns, foreignKey.toColumns),
          toOne: true,
        },
      });
    }
    if (foreignKey.to === parent && foreignKey.from.name === name) {
      candidates.push({
        foreignKey,
        relationship: {
          target: foreignKey.from,
          pairs: zip(foreignKey.toColumns, foreignKey.fromColumns),
          toOne: isUniqueKey(foreignKey.from, foreignKey.fromColumns),
        },
      });
    }
  }
  const matching =
    hint === undefined
      ? candidates
      : candidates.filter(
          ({ foreignKey }) =>
            foreignKey.name === hint ||
            (foreignKey.fromColumns.length === 1 && foreignKey.fromColumns[0] === hint),
        );
  const [first, ...others] = matching;
  if (!first) {
    throw new RestError({
      status: 400,
      code: 'PGRST200',
      message: `Could not find a relationship between '${parent.name}' and '${name}' in the schema cache`,
      details: `Searched for a foreign key relationship between '${parent.name}' and '${name}'${hint === undefined ? '' : ` using the hint '${hint}'`} in the schema '${parent.schema}', but no matches were found.`,
    });
  }
  if (others.length > 0) {
    throw new RestError({
      status: 300,
      code: 'PGRST201',
      message: `Could not embed because more than one relationship was found for '${parent.name}' and '${name}'`,
      details: matching.map(({ foreignKey }) => describeForeignKey(foreignKey)).join('; '),
      hint: `Try changing '${name}' to one of the following: ${matching.map(({ foreignKey }) => `'${name}!${foreignKey.name}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
    });
  }
  return first.relationship;
}

export function emptyNode(): QueryNode {
  return { conditions: [], order: [], limit: undefined, offset: undefined, children: new Map() };
}

/** A row as a JSON object, plus the conditions `!inner` embeds add to the WHERE of that row's level. */
interface RowObject {
  sql: string;
  innerConditions: string[];
}

export function rowObjectSql(
  builder: Builder,
  relation: RelationInfo,
  alias: string,
  select: readonly SelectItem[],
  node: QueryNode,
): RowObject {
  const entries: Array<[string, string]> = [];
  const innerConditions: string[] = [];
  const embedded = new Set<string>();
  for (const item of select) {
    if (item.type === 'star') {
      for (const column of relation.columns.values()) {
        entries.push([column.name, `${alias}.${quoteIdentifier(column.name)}`]);
      }
    } else if (item.type === 'field') {
      const { sql } = fieldSql(builder, relation, alias, item.field);
      const key = item.alias ?? item.field.jsonPath.at(-1)?.key ?? item.field.name;
      entries.push([key, item.cast === undefined ? sql : `${sql}::${castSql(builder, item.cast)}`]);
    } else {
      const key = item.alias ?? item.relation;
      embedded.add(key);
      const embed = embedSql(builder, relation, alias, item, node.children.get(key) ?? emptyNode());
      entries.push([key, embed.sql]);
      if (embed.innerCondition !== undefined) innerConditions.push(embed.innerCondition);
    }
  }
  for (const name of node.children.keys()) {
    if (!embedded.has(name)) {
      throw new RestError({
        status: 400,
        code: 'PGRST108',
        message: `'${name}' is not an embedded resource in this request`,
        hint: `Verify that '${name}' is included in the 'select' query parameter.`,
      });
    }
  }
  return { sql: jsonObjectSql(builder, entries), innerConditions };
}

function embedSql(
  builder: Builder,
  parent: RelationInfo,
  parentAlias: string,
  item: Extract<SelectItem, { type: 'embed' }>,
  node: QueryNode,
): { sql: string; innerCondition: string | undefined } {
  const relationship = findRelationship(builder.cache, parent, item.relation, item.hint);
  const { target } = relationship;
  const alias = builder.alias();
  const row = rowObjectSql(builder, target, alias, item.select, node);
  const where = whereSql([
    ...relationship.pairs.map(
      ([parentColumn, targetColumn]) =>
        `${alias}.${quoteIdentifier(targetColumn)} = ${parentAlias}.${quoteIdentifier(parentColumn)}`,
    ),
    ...node.conditions.map((condition) => conditionSql(builder, target, alias, condition)),
    ...row.innerConditions,
  ]);
  const from = `${relationSql(target)} as ${alias}`;
  const innerCondition = item.inner ? `exists (select 1 from ${from}${where})` : undefined;
  if (relationship.toOne) return { sql: `(select ${row.sql} from ${from}${where} limit 1)`, innerCondition };
  const order = orderSql(builder, target, alias, node.order);
  const paging = pagingSql(builder, node);
  return {
    sql: `coalesce((select json_agg(${row.sql}) from (${pageSql(alias, from, where, order, paging)}) as ${alias}), '[]'::json)`,
    innerCondition,
  };
}

/**
 * The rows of one page, still as table rows: JSON is built from them afterwards, so Postgres does not
 * build an object for every matching row before sorting and cutting the page (a top-N sort evaluates
 * its whole target list: 18 ms instead of 1 ms for 20 of 2,000 rows).
 */
export function pageSql(alias: string, from: string, where: string, order: string, paging: string): string {
  return `select ${alias}.* from ${from}${where}${order}${paging}`;
}

/** The response body: all rows as a JSON array, or the first row as an object. */
export function bodySql(shape: 'array' | 'object' | 'none'): string {
  if (shape === 'none') return 'null';
  return shape === 'object' ? '(array_agg(_r.j))[1]::text' : `coalesce(json_agg(_r.j), '[]')::text`;
}
