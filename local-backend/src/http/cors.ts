import { cors } from 'hono/cors';

/** Request headers supabase-js sends (notes/supabase-protocol.md §0); a preflight must allow each one. */
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

/**
 * CORS for every route. The exposed headers matter: without `Content-Range` a browser client always
 * reads `count` as null, and without `X-Supabase-Api-Version` it falls back to legacy error codes.
 */
export function corsMiddleware() {
  return cors({
    origin: '*',
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowHeaders: allowedRequestHeaders,
    exposeHeaders: ['Content-Range', 'X-Supabase-Api-Version', 'x-relay-error'],
    maxAge: 86400,
  });
}
