// How a statement runs for one request (read-only or as a write honouring Prefer) and how its result
// becomes a PostgREST response (Content-Range, 206/416, singular objects).
import type { Results } from '@electric-sql/pglite';
import type { Context } from 'hono';
import type { Database, RequestAuth } from '../db/database.ts';
import type { ParsedQuery, Preferences } from './query-parser.ts';
import { RestError } from './rest-error.ts';
import type { SchemaCache } from './schema-cache.ts';
import type { SqlStatement } from './sql-fragments.ts';

export interface ResultRow {
  body: string | null;
  page_rows: number;
  total?: number;
}

export const jsonType = 'application/json; charset=utf-8';
export const objectType = 'application/vnd.pgrst.object+json; charset=utf-8';

/** Everything a handler needs about one request, resolved before its transaction starts. */
export interface RestRequest {
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
export async function execute(
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

export function contentRange(offset: number, rows: number, total: number | undefined): string {
  const totalText = total === undefined ? '*' : String(total);
  return rows === 0 ? `*/${totalText}` : `${offset}-${offset + rows - 1}/${totalText}`;
}

/** Answers a read: Content-Range, 206 for a partial page and 416 past the end, as PostgREST does. */
export function readResponse(
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

export function writeShape(request: RestRequest): 'array' | 'object' | 'none' {
  if (!request.preferences.returnRepresentation) return 'none';
  return request.singular ? 'object' : 'array';
}

/** Answers a write: 201 for POST; 200 with the rows or 204 for PATCH/DELETE. */
export function writeResponse(request: RestRequest, result: ResultRow, created: boolean): Response {
  const shape = writeShape(request);
  const total = request.preferences.count ? result.page_rows : undefined;
  const headers = new Headers({
    'Content-Range': created ? `*/${total ?? '*'}` : contentRange(0, result.page_rows, total),
  });
  if (shape === 'none') return new Response(null, { status: created ? 201 : 204, headers });
  headers.set('Content-Type', shape === 'object' ? objectType : jsonType);
  return new Response(result.body, { status: created ? 201 : 200, headers });
}
