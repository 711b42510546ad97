import { type Context, Hono } from 'hono';
import type { Database, DatabaseRole, RequestAuth } from '../db/database.ts';
import { InvalidJwtError } from '../http/request-auth.ts';
import { parsePreferences } from './query-parser.ts';
import { readJson } from './request-body.ts';
import { RestError, toErrorResponse } from './rest-error.ts';
import { jsonType, type RestRequest } from './rest-execution.ts';
import { callFunction, deleteRows, insertRows, readRows, updateRows } from './rest-handlers.ts';
import { loadSchemaCache, type SchemaCache } from './schema-cache.ts';

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

/** Resolves auth, schema and profile for one request, runs `answer`, and turns any failure into PostgREST JSON. */
function restHandler(
  options: Required<Pick<RestRoutesOptions, 'authenticate' | 'schemas'>>,
  schemaCache: () => Promise<SchemaCache>,
  answer: (request: RestRequest) => Promise<Response>,
) {
  const { authenticate, schemas } = options;
  return async (context: Context): Promise<Response> => {
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

  const handle = (answer: (database: Database, request: RestRequest) => Promise<Response>) =>
    restHandler({ authenticate, schemas }, schemaCache, (request) => answer(database, request));
  const app = new Hono();
  app.get(
    '/rpc/:name',
    handle((db, request) => callFunction(db, request, undefined)),
  );
  app.post(
    '/rpc/:name',
    handle(async (db, request) => callFunction(db, request, await readJson(request.context, {}))),
  );
  app.get('/:name', handle(readRows));
  app.post('/:name', handle(insertRows));
  app.patch('/:name', handle(updateRows));
  app.delete('/:name', handle(deleteRows));
  return Object.assign(app, {
    reloadSchema: async () => {
      cache = undefined;
      await schemaCache();
    },
  });
}
