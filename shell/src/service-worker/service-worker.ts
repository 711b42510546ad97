/**
 * The shell's service worker (`/sw.js`, scope `/`): it lets the composed workspace open without a
 * network once it has been visited. It answers only app files, the shell's and those of the remotes
 * `remotes.json` lists (see request-route.ts); the backend and everything else go straight to the network.
 *
 * - A load's page and entry files (index.html, `remotes.json`, `mf-manifest.json`) come from the
 *   current version's front, by static routes, without the worker (request-route.ts): a new deploy runs
 *   from the load after the one that kept it. What reaches the handler (a page with a query, a browser
 *   without static routes) comes from the network first, and when the network fails or is slower than
 *   {@link NETWORK_TIMEOUT_MS}, from the newest complete version kept offline.
 * - Content-hashed files come from the cache first.
 * - The worker keeps the deployed version while it installs, and after each online load the page asks
 *   it to keep the version deployed then (version-cache.ts): all of its files, lazily loaded parts
 *   included, and only then is it used offline.
 */
import { type CacheVersionReply, isCacheVersionMessage } from './protocol.ts';
import {
  type InstallEventWithRoutes,
  type RequestRoute,
  routeRequest,
  STATIC_ROUTES,
} from './request-route.ts';
import {
  dropOtherFormats,
  type KeptVersions,
  keepCurrentVersion,
  matchImmutable,
  matchKeptEntry,
  readKeptVersions,
  restoreFront,
} from './version-cache.ts';

declare const self: ServiceWorkerGlobalScope;

/**
 * How long an entry file may take from the network before the kept copy answers instead: a connection
 * that is up but barely (a train, a café) still opens the workspace. Below the shell's 5 s manifest
 * timeout, so a remote host that hangs falls back to the kept copy before its slot gives up.
 */
const NETWORK_TIMEOUT_MS = 3000;

const shellOrigin = self.location.origin;

/** The kept versions, once read from the cache (the worker may be stopped and restarted at any time). */
let kept: KeptVersions | undefined;
const keptRead = readKeptVersions()
  .catch(() => ({}))
  .then((versions) => {
    kept ??= versions;
    return kept;
  });

function remoteOrigins(versions: KeptVersions): Set<string> {
  return new Set([versions.current, versions.previous].flatMap((version) => version?.appOrigins ?? []));
}

/**
 * Network first; the kept copy (`cacheKey`) when the network fails, errs (5xx) or is too slow. `preloaded`:
 * a page's answer the browser asked for while the worker started (navigation preload), used when there is one.
 */
async function networkFirst(
  request: Request,
  cacheKey: string,
  versions: KeptVersions,
  preloaded: Promise<Response | undefined> = Promise.resolve(undefined),
): Promise<Response> {
  const network = preloaded.then((response) => response ?? fetch(request));
  // When the kept copy answers, a late failure of the network is expected, not an error.
  network.catch(() => undefined);
  const timeout = new Promise<undefined>((resolve) => setTimeout(resolve, NETWORK_TIMEOUT_MS));
  try {
    // A no-cors script's answer is opaque (status 0): it cannot be judged, so it is used as it is.
    const response = await Promise.race([network, timeout]);
    if (response && response.status < 500) return response;
    return (await matchKeptEntry(cacheKey, versions)) ?? response ?? (await network);
  } catch (error) {
    const cached = await matchKeptEntry(cacheKey, versions);
    if (cached) return cached;
    throw error;
  }
}

async function respond(event: FetchEvent, route: RequestRoute, versions: KeptVersions): Promise<Response> {
  const { request } = event;
  switch (route) {
    case 'network':
      // A navigation already on its way (navigation preload) is that answer: asking again would fetch it
      // twice, and a one-time link (a password reset's) would be used up by the first request.
      return ((await event.preloadResponse) as Response | undefined) ?? fetch(request);
    case 'page':
      // Every route of the shell is the same single-page app: the kept index.html answers them all.
      return networkFirst(request, new URL('/', shellOrigin).href, versions, event.preloadResponse);
    case 'entry':
      return networkFirst(request, request.url, versions);
    case 'immutable':
      return (await matchImmutable(request.url)) ?? fetch(request);
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  // The browser cancels a page's preload the moment the event is over, with a warning; the kept copy may
  // answer before it settles (offline, or after the timeout), so the event lasts until it has.
  if (request.mode === 'navigate')
    event.waitUntil(Promise.resolve(event.preloadResponse).catch(() => undefined));
  const decide = (versions: KeptVersions) =>
    routeRequest({
      url: request.url,
      method: request.method,
      mode: request.mode,
      shellOrigin,
      remoteOrigins: remoteOrigins(versions),
    });
  if (kept) {
    const route = decide(kept);
    // Not answering at all (rather than answering with fetch()) leaves the request exactly as the page
    // made it: the backend's requests never go through the worker. But a page passed on is answered with
    // its preload, which is already on its way: left alone, it would be asked for a second time.
    if (route !== 'network' || (request.mode === 'navigate' && request.method === 'GET'))
      event.respondWith(respond(event, route, kept));
    return;
  }
  // Just started: which origins are the remotes' is known once the record is read (a few ms).
  if (request.method !== 'GET') return;
  event.respondWith(keptRead.then((versions) => respond(event, decide(versions), versions)));
});

self.addEventListener('message', (event) => {
  if (!isCacheVersionMessage(event.data)) return;
  const [port] = event.ports;
  const reply = (message: CacheVersionReply) => port?.postMessage(message);
  event.waitUntil(
    keepCurrentVersion({ shellOrigin }).then(
      (versions) => {
        kept = versions;
        reply({ type: 'version-cached', version: versions.current.id });
      },
      async (error: unknown) => {
        console.warn('The workspace could not be kept for offline use; the next load tries again.', error);
        // The version kept before goes on answering loads, its front whole again.
        await restoreFront(shellOrigin).catch(() => undefined);
        reply({ type: 'version-failed', message: String(error) });
      },
    ),
  );
});

// A new worker takes over at once (skipWaiting + clients.claim) instead of waiting for every tab to
// close. It is safe: the worker holds no version of the app in its code (which version a load runs is
// read from the front of the kept caches, or from the network, never from the worker's script), so
// swapping it under an open page changes nothing the page runs. And it is useful: the very first visit
// is controlled without a reload, so its lazily loaded parts (settings, break screen, search) load
// offline too.
self.addEventListener('install', (event) => {
  void self.skipWaiting();
  // A browser without static routing runs the fetch handler for every request, to the same effect. Each
  // rule is added on its own (in order): one whose source a browser does not know is refused alone.
  const { addRoutes } = event as InstallEventWithRoutes;
  if (addRoutes)
    for (const rule of STATIC_ROUTES)
      event.waitUntil(
        addRoutes
          .call(event, [rule])
          .catch((error: unknown) => console.warn('Static route refused', rule, error)),
      );
  // The version is kept while installing: Chromium compiles every script stored during the install event
  // and keeps the compiled code beside it, so the writer's next load runs the scripts without compiling
  // them (stored later, each is compiled on two more loads first). A failure does not stop the worker:
  // the page asks it to keep the version once it is active, and the next load asks again.
  event.waitUntil(
    keepCurrentVersion({ shellOrigin }).then(
      (versions) => {
        kept = versions;
      },
      (error: unknown) => console.warn('The workspace was not kept while installing.', error),
    ),
  );
});

self.addEventListener('activate', (event) => {
  // The caches of an older worker's format are dropped (the unkept caches of this format are dropped by
  // each version kept, not here: one may be filling).
  event.waitUntil(dropOtherFormats().then(() => self.clients.claim()));
  // A worker before this one did not know the front and may have dropped it; a keep while installing may
  // have failed. The front is written again from what is recorded, so an offline load still opens.
  event.waitUntil(restoreFront(shellOrigin).catch(() => undefined));
  // A page's own request goes to the network while the worker starts (it had waited for the worker, about
  // 20 ms on each load that found it stopped); the worker answers with it, or with the kept copy offline.
  event.waitUntil(self.registration.navigationPreload?.enable() ?? Promise.resolve());
});
