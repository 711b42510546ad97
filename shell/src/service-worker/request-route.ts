/**
 * How the service worker answers one request (pure, so its decisions are unit-tested):
 * - `page`: a navigation of the shell. Network first; offline, the cached index.html of the version.
 * - `entry`: an app file with a stable name (`remotes.json`, a remote's `mf-manifest.json` and
 *   `remoteEntry.js`). Network first, so a new deploy is seen at once; offline, the cached copy.
 * - `immutable`: a content-hashed app file (under `static/`). Cache first: its URL changes with its content.
 * - `network`: not an app file (the backend, any other site, a write). The worker stays out of the way.
 */
export type RequestRoute = 'page' | 'entry' | 'immutable' | 'network';

/**
 * Paths of the hosted backend's protocols. On the local stack the backend has its own origin, but a
 * deploy may proxy it under the shell's origin: its answers are data, never app files to keep.
 */
const BACKEND_PATHS = ['/auth/', '/rest/', '/storage/', '/realtime/', '/functions/', '/api/'];

/** The worker's own script: the browser checks it for updates outside the worker; a page never gets a copy. */
const SERVICE_WORKER_PATH = '/sw.js';

/** Decides how the worker answers a request; see {@link RequestRoute}. */
export function routeRequest({
  url,
  method,
  mode,
  shellOrigin,
  remoteOrigins,
}: {
  url: string;
  method: string;
  mode: RequestMode;
  /** The origin of the shell, where the worker lives. */
  shellOrigin: string;
  /** The origins of the remotes, as the cached and the current `remotes.json` list them. */
  remoteOrigins: ReadonlySet<string>;
}): RequestRoute {
  if (method !== 'GET') return 'network';
  const { origin, pathname } = new URL(url);
  if (origin === shellOrigin) {
    if (pathname === SERVICE_WORKER_PATH) return 'network';
    if (BACKEND_PATHS.some((prefix) => pathname.startsWith(prefix))) return 'network';
    if (mode === 'navigate') return 'page';
  } else if (!remoteOrigins.has(origin)) {
    return 'network';
  }
  // The deploy convention of every app origin (README, scripts/serve-workspace.mjs): files under
  // static/ are content-hashed and immutable; every other file is an entry served no-cache.
  return pathname.includes('/static/') ? 'immutable' : 'entry';
}
