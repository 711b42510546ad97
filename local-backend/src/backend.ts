import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { createAuthRoutes } from './auth/auth-routes.ts';
import {
  type BackendOptions,
  createApiKeys,
  DEFAULT_JWT_SECRET,
  DEFAULT_PORT,
  DEFAULT_SITE_URL,
} from './config.ts';
import { lockDataDir, wipeDataDir } from './data-dir-lock.ts';
import { type Database, openDatabase } from './db/database.ts';
import { type MigrationReport, migrate } from './db/migrate.ts';
import { corsMiddleware } from './http/cors.ts';
import { createAuthenticator } from './http/request-auth.ts';
import { createMailRoutes } from './mail/mail-routes.ts';
import { createMailbox, type Mailbox } from './mail/mailbox.ts';
import { createRestRoutes } from './rest/index.ts';

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
}

const isMemory = (dataDir: string) => dataDir.startsWith('memory://');

/**
 * Starts the local backend: locks and opens the database, migrates it, and serves Supabase's HTTP
 * protocols on 127.0.0.1. Resolves once `GET /auth/v1/health` answers, i.e. when ready.
 */
export async function startBackend(options: StartBackendOptions): Promise<Backend> {
  const { dataDir } = options;
  const releaseLock = isMemory(dataDir) ? async () => {} : await lockDataDir(dataDir);
  let database: Database | undefined;
  try {
    if (options.reset && !isMemory(dataDir)) await wipeDataDir(dataDir);
    database = await openDatabase({ dataDir });
    const migrations = await migrate({ pg: database.pg });
    const keys = await createApiKeys(options.jwtSecret ?? DEFAULT_JWT_SECRET);
    const mailbox = createMailbox();

    const app = new Hono();
    app.use(corsMiddleware());
    app.route(
      '/auth/v1',
      createAuthRoutes({
        database,
        mailbox,
        jwtSecret: keys.jwtSecret,
        confirmEmail: options.confirmEmail ?? false,
        siteUrl: options.siteUrl ?? DEFAULT_SITE_URL,
        refreshTokenReuseSeconds: options.refreshTokenReuseSeconds ?? 10,
      }),
    );
    app.route('/rest/v1', createRestRoutes({ database, authenticate: createAuthenticator(keys) }));
    app.route('/mail', createMailRoutes({ mailbox }));
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

    // The raw server (not `serve()`) so a WebSocket upgrade can be attached to the same port later.
    const httpServer = createAdaptorServer({ fetch: app.fetch }) as Server;
    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', reject);
      httpServer.listen(options.port ?? DEFAULT_PORT, '127.0.0.1', () => {
        httpServer.off('error', reject);
        resolve();
      });
    });
    const { port } = httpServer.address() as AddressInfo;

    const openDatabaseForStop: Database = database;
    let stopping: Promise<void> | undefined;
    return {
      url: `http://127.0.0.1:${port}`,
      anonKey: keys.anonKey,
      serviceRoleKey: keys.serviceRoleKey,
      database,
      httpServer,
      mailbox,
      migrations,
      stop() {
        stopping ??= (async () => {
          await new Promise<void>((resolve) => {
            httpServer.close(() => resolve());
            httpServer.closeAllConnections();
          });
          await openDatabaseForStop.close();
          await releaseLock();
        })();
        return stopping;
      },
    };
  } catch (error) {
    await database?.close().catch(() => {});
    await releaseLock();
    throw error;
  }
}
