import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { type FunctionRegistry, handlers } from 'functions';
import { Hono } from 'hono';
import { except } from 'hono/combine';
import { AuthError, authErrorResponse } from './auth/auth-error.ts';
import { createAuthRoutes } from './auth/auth-routes.ts';
import { createSessionLiveness, type SessionLiveness } from './auth/session-liveness.ts';
import {
  type ApiKeys,
  type BackendOptions,
  createApiKeys,
  DEFAULT_JWT_SECRET,
  DEFAULT_PORT,
  DEFAULT_SITE_URL,
} from './config.ts';
import { lockDataDir, wipeDataDir } from './data-dir-lock.ts';
import { type Database, openDatabase, type RequestAuth } from './db/database.ts';
import { type MigrationReport, migrate } from './db/migrate.ts';
import { createFunctionsHost } from './functions-host/index.ts';
import { bodyLimits, describeBytes, limitBody } from './http/body-limit.ts';
import { corsMiddleware } from './http/cors.ts';
import { createAuthenticator } from './http/request-auth.ts';
import { createMailRoutes } from './mail/mail-routes.ts';
import { createMailbox, type Mailbox } from './mail/mailbox.ts';
import { type Realtime, type RealtimeOptions, startRealtime } from './realtime/index.ts';
import { createRestRoutes } from './rest/index.ts';
import { createStorageRoutes, type ObjectStore, openObjectStore } from './storage/index.ts';
import { storageErrors } from './storage/storage-error.ts';
import {
  LOCAL_STRIPE_SECRET_KEY,
  LOCAL_WEBHOOK_SECRET,
  localStripeSecrets,
  type StripeTestMode,
  startStripeTestMode,
} from './stripe/index.ts';

/** A running local backend. */
export interface Backend {
  /** `http://127.0.0.1:<port>`, the `supabaseUrl` for supabase-js. */
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  database: Database;
  /** The raw Node server, for protocols that upgrade the connection (realtime's WebSocket). */
  httpServer: Server;
  /** Where auth e-mails are captured (also served at `/mail`). */
  mailbox: Mailbox;
  migrations: MigrationReport;
  /**
   * The local Stripe test mode (`/v1`, `/stripe`). The functions use it unless `STRIPE_SECRET_KEY` is
   * set in the environment (then they talk to the Stripe that key belongs to).
   */
  stripe: StripeTestMode;
  /** Closes the server, the database and the data-folder lock. Safe to call twice. */
  stop(): Promise<void>;
}

/** Options of `startBackend`: the CLI's, plus `reset` (`--reset`). */
export interface StartBackendOptions extends BackendOptions {
  /**
   * Empty the data folder before opening it (after taking the lock). Only in a process that has not had
   * this folder open: PGlite cannot re-create a folder it opened earlier in the same process.
   */
  reset?: boolean;
  /** The functions served at `/functions/v1/<name>` (and `chat` at `/api/chat`). @default functions' `handlers` */
  functions?: FunctionRegistry;
  /** Realtime tuning (tests shrink the per-connection queue). */
  realtime?: RealtimeOptions;
  /** Handed to the functions as `env.secrets`. @default process.env (plus the local Stripe test mode's) */
  secrets?: Readonly<Record<string, string | undefined>>;
}

const isMemory = (dataDir: string) => dataDir.startsWith('memory://');

const tooLargeText = (limit: number) => `The request body is larger than ${describeBytes(limit)}`;

/** One body limit per protocol, each refusal in that protocol's error shape (see http/body-limit.ts). */
function limitBodies(app: Hono): void {
  app.use(
    '/auth/v1/*',
    limitBody(bodyLimits.auth, (context) =>
      authErrorResponse(context, new AuthError(413, 'request_too_large', tooLargeText(bodyLimits.auth))),
    ),
  );
  app.use(
    '/rest/v1/*',
    limitBody(bodyLimits.rest, () =>
      Response.json(
        // SQLSTATE 54000, program_limit_exceeded: what Postgres answers for a value past its limits.
        { code: '54000', details: null, hint: null, message: tooLargeText(bodyLimits.rest) },
        { status: 413 },
      ),
    ),
  );
  app.use(
    '/storage/v1/*',
    limitBody(bodyLimits.storage, () =>
      Response.json(storageErrors.entityTooLarge().toJSON(), { status: 413 }),
    ),
  );
  const functionTooLarge = () =>
    Response.json(
      { code: 'PAYLOAD_TOO_LARGE', message: tooLargeText(bodyLimits.functions) },
      { status: 413 },
    );
  app.use('/functions/v1/*', limitBody(bodyLimits.functions, functionTooLarge));
  app.use('/api/chat', limitBody(bodyLimits.functions, functionTooLarge));
  app.use(
    '/mail/*',
    limitBody(bodyLimits.mail, () =>
      Response.json({ message: tooLargeText(bodyLimits.mail) }, { status: 413 }),
    ),
  );
  // Stripe's own error shape, for the test mode's API and its hosted pages alike.
  const stripeTooLarge = () =>
    Response.json(
      { error: { type: 'invalid_request_error', message: tooLargeText(bodyLimits.stripe) } },
      { status: 413 },
    );
  app.use('/v1/*', limitBody(bodyLimits.stripe, stripeTooLarge));
  app.use('/stripe/*', limitBody(bodyLimits.stripe, stripeTooLarge));
}

/**
 * Starts the local backend: locks and opens the database, migrates it, and serves Supabase's HTTP
 * protocols on 127.0.0.1. Resolves once `GET /auth/v1/health` answers, i.e. when ready.
 */
export async function startBackend(options: StartBackendOptions): Promise<Backend> {
  const { dataDir } = options;
  const releaseLock = isMemory(dataDir) ? async () => {} : await lockDataDir(dataDir);
  let database: Database | undefined;
  let store: ObjectStore | undefined;
  let realtime: Realtime | undefined;
  try {
    if (options.reset && !isMemory(dataDir)) await wipeDataDir(dataDir);
    database = await openDatabase({ dataDir });
    const migrations = await migrate({ pg: database.pg });
    // Session-wide: PGlite is one connection, and requests set only transaction-local settings.
    if (options.tierLimits === 'off')
      await database.pg.query("select set_config('app.tier_limits', 'off', false)");
    const keys = await createApiKeys(options.jwtSecret ?? DEFAULT_JWT_SECRET);
    const mailbox = createMailbox();
    store = await openObjectStore({ dataDir });
    // Set once the server listens: the functions' service client calls back into this backend.
    let url = '';
    const { stripe, secrets } = await startBilling(database, options, () => url);
    // The functions check access tokens with the secret that signs them, as the edge runtime can.
    secrets.SUPABASE_JWT_SECRET = keys.jwtSecret;

    // One authenticator for REST, storage and realtime, which refuses tokens of ended sessions.
    const sessions = createSessionLiveness({ pg: database.pg });
    const authenticate = createAuthenticator(keys, { sessions });

    const app = createBackendApp(options, {
      database,
      store,
      mailbox,
      keys,
      sessions,
      authenticate,
      url: () => url,
      stripe,
      secrets,
    });

    // The raw server (not `serve()`) so a WebSocket upgrade can be attached to the same port later.
    const httpServer = createAdaptorServer({ fetch: app.fetch }) as Server;
    // Before listening, so that no write escapes change capture.
    realtime = await startRealtime({
      httpServer,
      database,
      authenticate,
      ...options.realtime,
    });
    await listen(httpServer, options.port ?? DEFAULT_PORT);
    const { port } = httpServer.address() as AddressInfo;
    url = `http://127.0.0.1:${port}`;
    // No Stripe keys configured: the functions use the local test mode on this backend.
    if (!secrets.STRIPE_SECRET_KEY) Object.assign(secrets, localStripeSecrets(url));

    const openDatabaseForStop: Database = database;
    const openStoreForStop: ObjectStore = store;
    const realtimeForStop: Realtime = realtime;
    let stopping: Promise<void> | undefined;
    return {
      url,
      anonKey: keys.anonKey,
      serviceRoleKey: keys.serviceRoleKey,
      database,
      httpServer,
      mailbox,
      migrations,
      stripe,
      stop() {
        stopping ??= (async () => {
          // Upgraded WebSockets are no longer the HTTP server's connections: realtime closes them.
          await realtimeForStop.close();
          await new Promise<void>((resolve) => {
            httpServer.close(() => resolve());
            httpServer.closeAllConnections();
          });
          await openDatabaseForStop.close();
          await openStoreForStop.close();
          await releaseLock();
        })();
        return stopping;
      },
    };
  } catch (error) {
    await realtime?.close().catch(() => {});
    await database?.close().catch(() => {});
    await store?.close().catch(() => {});
    await releaseLock();
    throw error;
  }
}

/**
 * The paid side: tier limits as configured, the local Stripe test mode, and the functions' secrets (the
 * test mode's are added once the URL is known, unless `STRIPE_SECRET_KEY` points at a real Stripe).
 */
async function startBilling(database: Database, options: StartBackendOptions, url: () => string) {
  // Session-wide: PGlite is one connection, and requests set only transaction-local settings.
  if (options.tierLimits === 'off')
    await database.pg.query("select set_config('app.tier_limits', 'off', false)");
  const secrets: Record<string, string | undefined> = { ...(options.secrets ?? process.env) };
  const stripe = await startStripeTestMode({
    pg: database.pg,
    baseUrl: url,
    webhookUrl: () => `${url()}/functions/v1/stripe-webhook`,
    secretKey: LOCAL_STRIPE_SECRET_KEY,
    webhookSecret: LOCAL_WEBHOOK_SECRET,
  });
  return { stripe, secrets };
}

/** What the HTTP app of {@link createBackendApp} serves. */
interface BackendServices {
  database: Database;
  store: ObjectStore;
  mailbox: Mailbox;
  keys: ApiKeys;
  sessions: SessionLiveness;
  authenticate: (request: Request) => Promise<RequestAuth>;
  /** The backend's own URL, known once the server listens (the functions' service client calls it). */
  url: () => string;
  stripe: StripeTestMode;
  /** The functions' `env.secrets` (filled in with the local Stripe test mode's once the URL is known). */
  secrets: Readonly<Record<string, string | undefined>>;
}

/** The HTTP app: auth, REST, storage, functions and the mail catcher, with CORS, body limits and errors. */
function createBackendApp(options: StartBackendOptions, services: BackendServices): Hono {
  const { database, store, mailbox, keys, sessions, authenticate } = services;
  const app = new Hono();
  // Every API answers any origin, as hosted Supabase does; the mail catcher answers none (mail-routes.ts).
  app.use(except('/mail/*', corsMiddleware()));
  limitBodies(app);
  app.route(
    '/auth/v1',
    createAuthRoutes({
      database,
      mailbox,
      jwtSecret: keys.jwtSecret,
      confirmEmail: options.confirmEmail ?? false,
      siteUrl: options.siteUrl ?? DEFAULT_SITE_URL,
      refreshTokenReuseSeconds: options.refreshTokenReuseSeconds ?? 10,
      sessions,
      trustProxy: options.trustProxy ?? false,
    }),
  );
  app.route('/rest/v1', createRestRoutes({ database, authenticate }));
  app.route('/storage/v1', createStorageRoutes({ database, store, authenticate }));
  const functionsHost = createFunctionsHost({
    handlers: options.functions ?? handlers,
    supabaseUrl: services.url,
    anonKey: keys.anonKey,
    serviceRoleKey: keys.serviceRoleKey,
    secrets: services.secrets,
  });
  app.route('/functions/v1', functionsHost.routes);
  app.all('/api/chat', (context) => functionsHost.invoke('chat', context.req.raw));
  app.route('/mail', createMailRoutes({ mailbox }));
  app.route('/v1', services.stripe.api);
  app.route('/stripe', services.stripe.pages);
  app.notFound((context) =>
    context.json(
      { code: 'not_found', message: `No route for ${context.req.method} ${context.req.path}` },
      404,
    ),
  );
  app.onError((error, context) => {
    console.error('local-backend: unexpected failure', error);
    return context.json(
      { code: 'unexpected_failure', message: 'Unexpected failure, see the backend log' },
      500,
    );
  });
  return app;
}

function listen(httpServer: Server, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(port, '127.0.0.1', () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
}
