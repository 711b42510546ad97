import { CACHE_VERSION_MESSAGE } from '../../service-worker/protocol.ts';

/** The worker's URL: stable (never content-hashed) and served no-cache, at the root so it scopes the whole app. */
const SERVICE_WORKER_URL = '/sw.js';

/**
 * Asks the active worker to keep the version deployed now (the next load runs it), unless there is no
 * network to read it from.
 */
async function askToKeepVersion(): Promise<void> {
  if (!navigator.onLine) return;
  const registration = await navigator.serviceWorker.ready;
  registration.active?.postMessage(CACHE_VERSION_MESSAGE);
}

/**
 * Registers the service worker that opens the workspace offline (src/service-worker/), then asks it to
 * keep the version deployed now. Production builds only: in dev, a worker would serve yesterday's
 * modules. Called once the first screen is usable and the page idle (app.tsx): a first visit's worker
 * fetches and compiles every file of the version while it installs, and must not compete with the
 * editor's own loading.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  if (!import.meta.env.PROD) {
    // A worker left by a production build served on this same origin would keep answering dev pages.
    void navigator.serviceWorker.getRegistrations().then((registrations) => {
      for (const registration of registrations) void registration.unregister();
    });
    return;
  }
  const { serviceWorker } = navigator;
  // A worker replacing an earlier one (a new sw.js deployed) takes over at once and may start with
  // empty caches: ask it too. On a first visit there is no earlier one, and the ask below suffices.
  if (serviceWorker.controller)
    serviceWorker.addEventListener('controllerchange', () => void askToKeepVersion());
  serviceWorker
    // updateViaCache 'none': the browser checks sw.js itself on every navigation, HTTP cache or not.
    .register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' })
    .then(askToKeepVersion)
    .catch((error: unknown) =>
      console.warn('The workspace will not open offline: no service worker.', error),
    );
}
