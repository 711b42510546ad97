import type { Results } from '@electric-sql/pglite';
import { type Context, Hono } from 'hono';
import type { Database, DatabaseRole, RequestAuth } from '../db/database.ts';
import { InvalidJwtError } from '../http/request-auth.ts';
import { type ParsedQuery, type Preferences, parsePreferences, parseQuery } from './query-parser.ts';
import { isPlainObject, readJson } from './request-body.ts';
import { RestError, toErrorResponse } from './rest-error.ts';
import { loadSchemaCache, qualifiedKey, type SchemaCache } from './schema-cache.ts';
import { findFunction, findRelation } from './schema-lookup.ts';
import {
  buildDeleteQuery,
  buildInsertQuery,
  buildReadQuery,
  buildScalarCall,
  buildUpdateQuery,
  checkBodyColumns,
  functionSource,
  type SqlStatement,
  tableSource,
} from './sql-builder.ts';

/** Options of {@link createRestRoutes}. */
export interface RestRoutesOptions {
  database: Database;
  /** Turns a request into its role and claims; throws InvalidJwtError for a bad token (-> 401 PGRST301). */
  authenticate: (request: Request) => Promise<RequestAuth>;
  /**
   * Schemas a client may pick with Accept-Profile / Content-Profile; the first is the default.
   * @default ['public']
   */
  schemas?: readonly string[];
}

/** The `/rest/v1` app, plus a way to re-read the schema after migrations changed it. */
export type RestRoutes = Hono & { reloadSchema(): Promise<void> };

interface ResultRow {
  body: string | null;
  page_rows: number;
  total?: number;
}

const jsonType = 'application/json; charset=utf-8';
const objectType = 'application/vnd.pgrst.object+json; charset=utf-8';

/** Everything a handler needs about one request, resolved before its transaction starts. */
interface RestRequest {
  context: Context;
  auth: RequestAuth;
  cache: SchemaCache;
  schema: string;
  preferences: Preferences;
  /** `Accept: application/vnd.pgrst.object+json`: exactly one row, sent as an object. */
  singular: boolean;
  head: boolean;
  /** The table or function named in the path. */
  name: string;
}

function singularError(rows: number): RestError {
  return new RestError({
    status: 406,
    code: 'PGRST116',
    message: 'Cannot coerce the result to a single JSON object',
    details: `The result contains ${rows} rows`,
  });
}

const pageRows = (result: Results<ResultRow>) => result.rows[0]?.page_rows ?? 0;

/** Thrown by the check of a `Prefer: tx=rollback` request to roll back after keeping the result. */
const rollbackRequested = new Error('rollback requested by Prefer: tx=rollback');

/** `Prefer: max-affected=n, handling=strict` exceeded: PostgREST 12's PGRST124, and the write rolls back. */
function maxAffectedError(rows: number): RestError {
  return new RestError({
    status: 400,
    code: 'PGRST124',
    message: 'Query result exceeds max-affected preference constraint',
    details: `The query affects ${rows} rows`,
  });
}

/**
 * Runs a statement as the request's role. Its values go to Postgres as text and take the type Postgres
 * infers, which `queryAs` guarantees (PGlite's `query` serializers would reject or re-encode strings:
 * its boolean serializer throws on "maybe", JSON strings would be re-quoted). A read (GET and HEAD,
 * RPC included) runs read-only as in PostgREST; a write honours `tx=rollback` and `max-affected`.
 */
async function execute(
  database: Database,
  request: RestRequest,
  statement: SqlStatement,
  kind: 'read' | 'write',
): Promise<ResultRow> {
  const { singular, preferences } = request;
  const write = kind === 'write';
  const rollback = write && preferences.transaction === 'rollback';
  const maxAffected = write ? preferences.maxAffected : undefined;
  let kept: ResultRow | undefined;
  // Checked before the transaction ends, so a write that breaks a condition is rolled back.
  const check = (result: Results<ResultRow>) => {
    if (singular && pageRows(result) !== 1) throw singularError(pageRows(result));
    if (maxAffected !== undefined && pageRows(result) > maxAffected) throw maxAffectedError(pageRows(result));
    if (rollback) {
      kept = result.rows[0];
      throw rollbackRequested;
    }
  };
  const needsCheck = singular || rollback || maxAffected !== undefined;
  try {
    const result = await database.queryAs<ResultRow>(
      request.auth,
      statement,
      needsCheck ? check : undefined,
      {
        readOnly: !write,
      },
    );
    return result.rows[0] ?? { body: null, page_rows: 0 };
  } catch (error) {
    if (error !== rollbackRequested) throw error;
    return kept ?? { body: null, page_rows: 0 };
  }
}

function contentRange(offset: number, rows: number, total: number | undefined): string {
  const totalText = total === undefined ? '*' : String(total);
  return rows === 0 ? `*/${totalText}` : `${offset}-${offset + rows - 1}/${totalText}`;
}

/** Answers a read: Content-Range, 206 for a partial page and 416 past the end, as PostgREST does. */
function readResponse(
  request: RestRequest,
  query: ParsedQuery,
  result: ResultRow,
  shape: 'array' | 'object',
): Response {
  const offset = query.root.offset ?? 0;
  const total = request.preferences.count ? result.total : undefined;
  const headers = new Headers({
    'Content-Type': shape === 'object' ? objectType : jsonType,
    'Content-Range': contentRange(offset, result.page_rows, total),
  });
  if (total !== undefined && offset > total) {
    const body = {
      code: 'PGRST103',
      details: `An offset of ${offset} was requested, but there are only ${total} rows.`,
      hint: null,
      message: 'Requested range not satisfiable',
    };
    headers.set('Content-Type', jsonType);
    return new Response(request.head ? null : JSON.stringify(body), { status: 416, headers });
  }
  const status = total !== undefined && shape === 'array' && result.page_rows < total ? 206 : 200;
  return new Response(request.head ? null : (result.body ?? 'null'), { status, headers });
}

/**
 * Creates the PostgREST-compatible API that supabase-js talks to, to be mounted at `/rest/v1`.
 * Each request is one `database.runAs` transaction, so Postgres enforces grants and row-level security.
 */
export function createRestRoutes({
  database,
  authenticate,
  schemas = ['public'],
}: RestRoutesOptions): RestRoutes {
  let cache: Promise<SchemaCache> | undefined;
  const schemaCache = (): Promise<SchemaCache> => {
    if (!cache) {
      const loading = loadSchemaCache({ pg: database.pg, schemas });
      cache = loading;
      // A failed load is retried by the next request instead of being cached.
      loading.catch(() => {
        if (cache === loading) cache = undefined;
      });
    }
    return cache;
  };
  // Like PostgREST: `notify pgrst, 'reload schema'` (as Supabase migrations end) refreshes the cache.
  database.pg
    .listen('pgrst', (payload) => {
      if (payload === '' || payload === 'reload schema') cache = undefined;
    })
    .catch((error: unknown) => console.error('[rest] cannot listen for schema reloads', error));

  const app = new Hono();

  /** Resolves auth, schema cache and profile, runs `answer`, and turns any failure into PostgREST JSON. */
  const handle =
    (answer: (request: RestRequest) => Promise<Response>) =>
    async (context: Context): Promise<Response> => {
      let role: DatabaseRole = 'anon';
      try {
        let auth: RequestAuth;
        try {
          auth = await authenticate(context.req.raw);
        } catch (error) {
          if (!(error instanceof InvalidJwtError)) throw error;
          throw new RestError({ status: 401, code: 'PGRST301', message: error.message });
        }
        role = auth.role;
        const method = context.req.method;
        const profile = context.req.header(
          method === 'GET' || method === 'HEAD' ? 'accept-profile' : 'content-profile',
        );
        const schema = profile?.trim() || schemas[0] || 'public';
        if (!schemas.includes(schema)) {
          throw new RestError({
            status: 406,
            code: 'PGRST106',
            message: `The schema must be one of the following: ${schemas.join(', ')}`,
          });
        }
        return await answer({
          context,
          auth,
          cache: await schemaCache(),
          schema,
          preferences: parsePreferences(context.req.header('prefer')),
          singular: (context.req.header('accept') ?? '').includes('application/vnd.pgrst.object'),
          head: method === 'HEAD',
          name: context.req.param('name') ?? '',
        });
      } catch (error) {
        const { status, body } = toErrorResponse(error, role);
        return new Response(context.req.method === 'HEAD' ? null : JSON.stringify(body), {
          status,
          headers: { 'Content-Type': jsonType },
        });
      }
    };

  const searchParams = (context: Context): URLSearchParams => new URL(context.req.url).searchParams;

  const writeShape = (request: RestRequest): 'array' | 'object' | 'none' => {
    if (!request.preferences.returnRepresentation) return 'none';
    return request.singular ? 'object' : 'array';
  };

  /** Answers a write: 201 for POST; 200 with the rows or 204 for PATCH/DELETE. */
  const writeResponse = (request: RestRequest, result: ResultRow, created: boolean): Response => {
    const shape = writeShape(request);
    const total = request.preferences.count ? result.page_rows : undefined;
    const headers = new Headers({
      'Content-Range': created ? `*/${total ?? '*'}` : contentRange(0, result.page_rows, total),
    });
    if (shape === 'none') return new Response(null, { status: created ? 201 : 204, headers });
    headers.set('Content-Type', shape === 'object' ? objectType : jsonType);
    return new Response(result.body, { status: created ? 201 : 200, headers });
  };

  app.get(
    '/rpc/:name',
    handle(async (request) => callFunction(request, request.name, undefined)),
  );
  app.post(
    '/rpc/:name',
    handle(async (request) => callFunction(request, request.name, await readJson(request.context, {}))),
  );

  async function callFunction(request: RestRequest, name: string, body: unknown): Promise<Response> {
    const { cache, schema } = request;
    const params = [...searchParams(request.context)];
    let query: ParsedQuery;
    let argumentsBody = body;
    if (body === undefined) {
      // GET/HEAD: query parameters named like a parameter of the function are its arguments.
      const names = new Set(
        (cache.functions.get(qualifiedKey(schema, name)) ?? []).flatMap((fn) =>
          fn.parameters.map((p) => p.name),
        ),
      );
      query = parseQuery(params, names);
      argumentsBody = query.functionArguments;
    } else {
      query = parseQuery(params);
    }
    const argumentNames = isPlainObject(argumentsBody) ? Object.keys(argumentsBody) : undefined;
    const fn = findFunction(cache, schema, name, argumentNames);
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

  app.get(
    '/:name',
    handle(async (request) => {
      const relation = findRelation(request.cache, request.schema, request.name);
      const query = parseQuery(searchParams(request.context));
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
    }),
  );

  app.post(
    '/:name',
    handle(async (request) => {
      const { cache, preferences } = request;
      const relation = findRelation(cache, request.schema, request.name);
      const query = parseQuery(searchParams(request.context));
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
    }),
  );

  app.patch(
    '/:name',
    handle(async (request) => {
      const { cache } = request;
      const relation = findRelation(cache, request.schema, request.name);
      const query = parseQuery(searchParams(request.context));
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
      if (Object.keys(values).length === 0)
        return writeResponse(request, { body: '[]', page_rows: 0 }, false);
      const statement = buildUpdateQuery({ cache, relation, values, query, shape: writeShape(request) });
      const result = await execute(database, request, statement, 'write');
      return writeResponse(request, result, false);
    }),
  );

  app.delete(
    '/:name',
    handle(async (request) => {
      const { cache } = request;
      const relation = findRelation(cache, request.schema, request.name);
      const query = parseQuery(searchParams(request.context));
      rejectPaging(query);
      const statement = buildDeleteQuery({ cache, relation, query, shape: writeShape(request) });
      const result = await execute(database, request, statement, 'write');
      return writeResponse(request, result, false);
    }),
  );

  return Object.assign(app, {
    reloadSchema: async () => {
      cache = undefined;
      await schemaCache();
    },
  });
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
