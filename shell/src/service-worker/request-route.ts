import { FRONT_CACHE, FRONT_PAGES } from './version-cache.ts';

/**
 * How the service worker's fetch handler answers one request (pure, so its decisions are unit-tested); a
 * load's usual requests are answered before it, by {@link STATIC_ROUTES}:
 * - `page`: a navigation of the shell. Network first; offline, the cached index.html of the version.
 * - `entry`: an app file with a stable name (`remotes.json`, a remote's `mf-manifest.json`). Network
 *   first; offline, the cached copy.
 * - `immutable`: a content-hashed app file (under `static/`; a remote's entry script too, named by its
 *   manifest). Cache first: its URL changes with its content.
 * - `network`: not an app file (the backend, any other site, a write). The worker stays out of the way.
 */
export type RequestRoute = 'page' | 'entry' | 'immutable' | 'network';

/**
 * Paths of the hosted backend's protocols. On the local stack the backend has its own origin, but a
 * deploy may proxy it under the shell's origin: its answers are data, never app files to keep.
 */
const BACKEND_PATHS = ['/auth/', '/rest/', '/storage/', '/realtime/', '/functions/', '/api/'];

/** The entry files a load asks for, at the root of an app origin (a remote under a path prefix is not matched). */
const ENTRY_FILES = ['/remotes.json', '/mf-manifest.json'];

/**
 * Rules the browser applies before the worker runs (the static routing API, registered at install). On a
 * load the worker has usually been stopped, and every request it might answer waits for it to start and
 * read its record: the backend's reads then wait behind the worker, and so do the page's files. Started,
 * it also takes CPU from the page's first screen (on two cores, returning loads reached their editor
 * 30-125 ms sooner without it; docs/architecture.md, Budgets). These rules answer a load without
 * starting it:
 * - the backend's requests, on any origin, go to the network, and so does the browser's own favicon ask;
 * - the page at the addresses a writer opens (`FRONT_PAGES`, without a query) and the entry files
 *   (`remotes.json`, the remotes' manifests) come from the current version's front (`FRONT_CACHE`): the
 *   version kept after the last load, complete. A new deploy is kept after the load that finds it and
 *   runs from the next one; the network when the front has no copy;
 * - the files under `/static/` of any origin (the shell's and the remotes', content-hashed) come from the
 *   kept versions' caches, as `matchImmutable` finds them, and from the network when not kept (a file of
 *   another site with such a path is not kept, so it goes to the network too);
 * - any other page (a navigation with a query, a reset link) races the network against the fetch handler:
 *   online, the page's answer comes as it arrives; offline, the handler's kept copy answers.
 * Everything else reaches the fetch handler: a remote served under a path prefix (`/writings/static/…`),
 * and, in a browser without static routes, every app file ({@link routeRequest}).
 */
export const STATIC_ROUTES: RouterRule[] = [
  {
    condition: {
      or: [...BACKEND_PATHS.map((prefix) => `${prefix}*`), '/favicon.ico'].map((path) => ({
        urlPattern: anyOrigin(path),
      })),
    },
    source: 'network',
  },
  {
    condition: {
      or: [
        ...FRONT_PAGES.map((pathname) => ({
          requestMode: 'navigate' as const,
          urlPattern: { pathname, search: '', hash: '*' },
        })),
        ...ENTRY_FILES.map((path) => ({ urlPattern: anyOrigin(path) })),
      ],
    },
    source: { cacheName: FRONT_CACHE },
  },
  { condition: { urlPattern: anyOrigin('/static/*') }, source: 'cache' },
  { condition: { requestMode: 'navigate' }, source: 'race-network-and-fetch-handler' },
];

/**
 * A pattern on the path alone, for any origin (a pattern's unset parts would be the worker's own URL's).
 * In Chromium 156 a path that starts with a wildcard matched nothing, so the remotes' files are matched at
 * the root of their origin.
 */
function anyOrigin(pathname: string): URLPatternInit {
  return { protocol: '*', hostname: '*', port: '*', pathname, search: '*', hash: '*' };
}

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

/** The static routing API (Chromium 123+), not yet in TypeScript's WebWorker library. */
export interface RouterCondition {
  urlPattern?: URLPatternInit | string;
  requestMethod?: string;
  requestMode?: RequestMode;
  requestDestination?: RequestDestination;
  runningStatus?: 'running' | 'not-running';
  or?: RouterCondition[];
  not?: RouterCondition;
}
export interface RouterRule {
  condition: RouterCondition;
  source: 'network' | 'cache' | 'fetch-event' | 'race-network-and-fetch-handler' | { cacheName: string };
}
export type InstallEventWithRoutes = ExtendableEvent & { addRoutes?: (rules: RouterRule[]) => Promise<void> };
