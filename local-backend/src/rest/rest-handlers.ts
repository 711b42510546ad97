// The PostgREST operations, one function each: read, insert, update, delete and function calls. Each
// builds one statement from the parsed query and runs it as the request's role.
import type { Database } from '../db/database.ts';
import { type ParsedQuery, parseQuery } from './query-parser.ts';
import { isPlainObject, readJson } from './request-body.ts';
import { RestError } from './rest-error.ts';
import {
  execute,
  jsonType,
  type RestRequest,
  readResponse,
  writeResponse,
  writeShape,
} from './rest-execution.ts';
import { qualifiedKey } from './schema-cache.ts';
import { findFunction, findRelation } from './schema-lookup.ts';
import {
  buildDeleteQuery,
  buildInsertQuery,
  buildReadQuery,
  buildScalarCall,
  buildUpdateQuery,
  functionSource,
  tableSource,
} from './sql-builder.ts';
import { checkBodyColumns } from './sql-fragments.ts';

const searchParams = (request: RestRequest): URLSearchParams => new URL(request.context.req.url).searchParams;

/** `/rpc/<name>`: calls a function; GET takes its arguments from the query string, POST from the body. */
export async function callFunction(
  database: Database,
  request: RestRequest,
  body: unknown,
): Promise<Response> {
  const { cache, schema } = request;
  const params = [...searchParams(request)];
  let query: ParsedQuery;
  let argumentsBody = body;
  if (body === undefined) {
    // GET/HEAD: query parameters named like a parameter of the function are its arguments.
    const names = new Set(
      (cache.functions.get(qualifiedKey(schema, request.name)) ?? []).flatMap((fn) =>
        fn.parameters.map((p) => p.name),
      ),
    );
    query = parseQuery(params, names);
    argumentsBody = query.functionArguments;
  } else {
    query = parseQuery(params);
  }
  const argumentNames = isPlainObject(argumentsBody) ? Object.keys(argumentsBody) : undefined;
  const fn = findFunction(cache, schema, request.name, argumentNames);
  if (fn.result.kind === 'rows') {
    const shape = request.singular || !fn.result.set ? 'object' : 'array';
    const statement = buildReadQuery({
      cache,
      source: functionSource({ ...fn, result: fn.result }, argumentsBody),
      query,
      count: request.preferences.count,
      shape,
    });
    const result = await execute(database, request, statement, rpcKind(request));
    return readResponse(request, query, result, shape);
  }
  const statement = buildScalarCall({ cache, fn, body: argumentsBody });
  const result = await execute(database, request, statement, rpcKind(request));
  if (fn.result.kind === 'void') return new Response(null, { status: 204 });
  return new Response(request.head ? null : (result.body ?? 'null'), {
    status: 200,
    headers: { 'Content-Type': jsonType },
  });
}

/** GET/HEAD on a table or view: the rows the query selects. */
export async function readRows(database: Database, request: RestRequest): Promise<Response> {
  const relation = findRelation(request.cache, request.schema, request.name);
  const query = parseQuery(searchParams(request));
  const shape = request.singular ? 'object' : 'array';
  const statement = buildReadQuery({
    cache: request.cache,
    source: tableSource(relation),
    query,
    count: request.preferences.count,
    shape,
  });
  const result = await execute(database, request, statement, 'read');
  return readResponse(request, query, result, shape);
}

/** POST: inserts (or upserts with Prefer: resolution) one row or many. */
export async function insertRows(database: Database, request: RestRequest): Promise<Response> {
  const { cache, preferences } = request;
  const relation = findRelation(cache, request.schema, request.name);
  const query = parseQuery(searchParams(request));
  const body = await readJson(request.context);
  const rows = Array.isArray(body) ? body : [body];
  if (!rows.every(isPlainObject)) {
    throw new RestError({
      status: 400,
      code: 'PGRST102',
      message: 'Empty or invalid json',
      details: 'An insert body is a JSON object or an array of JSON objects',
    });
  }
  const columns = query.columns ?? [...new Set(rows.flatMap((row) => Object.keys(row)))];
  checkBodyColumns(relation, columns);
  let upsert: Parameters<typeof buildInsertQuery>[0]['upsert'];
  if (preferences.resolution) {
    const onConflict = query.onConflict ?? relation.primaryKey;
    if (onConflict.length === 0) {
      throw new RestError({
        status: 400,
        code: 'PGRST100',
        message: `'${relation.name}' has no primary key: name the conflict columns with on_conflict`,
      });
    }
    upsert = { onConflict, resolution: preferences.resolution };
  }
  const statement = buildInsertQuery({
    cache,
    relation,
    rows,
    columns,
    missingDefault: preferences.missingDefault,
    upsert,
    query,
    shape: writeShape(request),
  });
  const result = await execute(database, request, statement, 'write');
  return writeResponse(request, result, true);
}

/** PATCH: updates the rows the filters select. */
export async function updateRows(database: Database, request: RestRequest): Promise<Response> {
  const { cache } = request;
  const relation = findRelation(cache, request.schema, request.name);
  const query = parseQuery(searchParams(request));
  rejectPaging(query);
  const values = await readJson(request.context);
  if (!isPlainObject(values)) {
    throw new RestError({
      status: 400,
      code: 'PGRST102',
      message: 'Empty or invalid json',
      details: 'An update body is a JSON object',
    });
  }
  checkBodyColumns(relation, Object.keys(values));
  // Nothing to set: PostgREST answers without touching the table.
  if (Object.keys(values).length === 0) return writeResponse(request, { body: '[]', page_rows: 0 }, false);
  const statement = buildUpdateQuery({ cache, relation, values, query, shape: writeShape(request) });
  const result = await execute(database, request, statement, 'write');
  return writeResponse(request, result, false);
}

/** DELETE: deletes the rows the filters select. */
export async function deleteRows(database: Database, request: RestRequest): Promise<Response> {
  const { cache } = request;
  const relation = findRelation(cache, request.schema, request.name);
  const query = parseQuery(searchParams(request));
  rejectPaging(query);
  const statement = buildDeleteQuery({ cache, relation, query, shape: writeShape(request) });
  const result = await execute(database, request, statement, 'write');
  return writeResponse(request, result, false);
}

/** GET and HEAD call a function read-only, as PostgREST does: a function that writes fails (405). */
function rpcKind(request: RestRequest): 'read' | 'write' {
  return request.context.req.method === 'POST' ? 'write' : 'read';
}

/** Limit and offset on PATCH/DELETE would need an ordered key; refuse them rather than ignore them. */
function rejectPaging(query: ParsedQuery): void {
  if (query.root.limit !== undefined || query.root.offset !== undefined) {
    throw new RestError({
      status: 400,
      code: 'PGRST100',
      message: 'limit and offset are not supported on updates and deletes',
    });
  }
}
