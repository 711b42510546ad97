import type { MiddlewareHandler } from 'hono';

/** Request headers supabase-js sends (docs/backend.md, protocol fact 1); a preflight must allow each one. */
const allowedRequestHeaders = [
  'authorization',
  'apikey',
  'x-client-info',
  'content-type',
  'prefer',
  'accept-profile',
  'content-profile',
  'range',
  'x-upsert',
  'x-supabase-api-version',
  'cache-control',
  'x-metadata',
  'x-region',
  'x-retry-count',
];

/** On every response, preflight or not. */
const responseHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Content-Range,X-Supabase-Api-Version,x-relay-error',
};

const preflightHeaders = {
  ...responseHeaders,
  'Access-Control-Max-Age': '86400',
  'Access-Control-Allow-Methods': 'GET,HEAD,POST,PUT,PATCH,DELETE,OPTIONS',
  'Access-Control-Allow-Headers': allowedRequestHeaders.join(','),
  Vary: 'Access-Control-Request-Headers',
};

function addResponseHeaders(headers: Headers): void {
  for (const [name, value] of Object.entries(responseHeaders)) headers.set(name, value);
}

/**
 * CORS for every route, any origin. The exposed headers matter: without `Content-Range` a browser
 * client always reads `count` as null, and without `X-Supabase-Api-Version` it falls back to legacy
 * error codes.
 *
 * The headers are added to the handler's response after it is made, not (as hono/cors does) to a
 * response prepared before it: Hono then copies the handler's response to merge the two, reading its
 * body as a stream, which took @hono/node-server off its fast path for string bodies (a REST list
 * request spent more time in web streams and a timer than in its query).
 */
export function corsMiddleware(): MiddlewareHandler {
  return async (context, next) => {
    if (context.req.method === 'OPTIONS')
      return new Response(null, { status: 204, headers: preflightHeaders });
    await next();
    try {
      addResponseHeaders(context.res.headers);
    } catch {
      // Immutable headers (a Response from fetch or Response.redirect): send a mutable copy.
      const copy = new Response(context.res.body, context.res);
      addResponseHeaders(copy.headers);
      context.res = copy;
    }
  };
}
