import { createFunctionEnv, type FunctionEnv, type FunctionRegistry } from 'functions';
import { Hono } from 'hono';
import WebSocket from 'ws';

/** What {@link createFunctionsHost} needs from the backend. */
export interface FunctionsHostOptions {
  handlers: FunctionRegistry;
  /** The backend's own URL; known only once the server listens, hence a function. */
  supabaseUrl: () => string;
  anonKey: string;
  serviceRoleKey: string;
  /** Handed to handlers as `env.secrets`. */
  secrets: Readonly<Record<string, string | undefined>>;
}

/** The mounted functions: `/functions/v1/<name>[/...]` routes, and direct invocation for aliases. */
export interface FunctionsHost {
  routes: Hono;
  invoke(name: string, request: Request): Promise<Response>;
}

// Supabase Edge's own error bodies: supabase-js reports any non-2xx as FunctionsHttpError either way.
const notFoundBody = { code: 'NOT_FOUND', message: 'Requested function was not found' };
const failureBody = {
  code: 'WORKER_ERROR',
  message: 'Function exited due to an error (see the backend log)',
};

/**
 * Hosts the fetch handlers of `functions/` like Supabase Edge does: each receives the untouched request
 * and the injected environment. An unknown name answers 404 JSON; a handler that throws answers 500 JSON
 * with no stack trace or message (they can carry secrets), and the error goes to the backend log.
 */
export function createFunctionsHost({
  handlers,
  supabaseUrl,
  anonKey,
  serviceRoleKey,
  secrets,
}: FunctionsHostOptions): FunctionsHost {
  let env: FunctionEnv | undefined;
  const environment = () => {
    env ??= createFunctionEnv({
      supabaseUrl: supabaseUrl(),
      anonKey,
      serviceRoleKey,
      secrets,
      webSocket: WebSocket,
    });
    return env;
  };

  async function invoke(name: string, request: Request): Promise<Response> {
    const handler = Object.hasOwn(handlers, name) ? handlers[name] : undefined;
    if (!handler) return Response.json(notFoundBody, { status: 404 });
    try {
      return await handler(request, environment());
    } catch (error) {
      console.error(`local-backend functions: "${name}" threw`, error);
      return Response.json(failureBody, { status: 500 });
    }
  }

  const routes = new Hono();
  routes.all('/:name', (context) => invoke(context.req.param('name'), context.req.raw));
  routes.all('/:name/*', (context) => invoke(context.req.param('name'), context.req.raw));
  return { routes, invoke };
}
