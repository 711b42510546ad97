import { preloadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemotesManifest } from 'shared-kernel';
// The remotes contract alone (constants, no shared dependency), bundled here rather than shared.
import { ON_DEMAND_PARCELS, REMOTES } from 'shared-kernel/contracts';
import { preloadedRememberedFiles } from 'shared-kernel/early';
import { manifestFetchTimeout } from './manifest-fetch-timeout.ts';
import { isMobileScreen } from './mobile-screen.ts';

let registration: Promise<RemotesManifest> | null = null;

/** Containers whose every parcel mounts on first use: fetched then, not at load. */
const ON_DEMAND_CONTAINERS = new Set<string>(
  Object.entries(REMOTES)
    .filter(([area, remote]) =>
      remote.exposes.every((parcel) =>
        ON_DEMAND_PARCELS.some((onDemand) => onDemand.area === area && onDemand.parcel === parcel),
      ),
    )
    .map(([, remote]) => remote.container),
);

/**
 * Reads `/remotes.json` from the shell's own origin (never from the HTTP cache: it is the deploy-time
 * switch of which remote version the page runs; the service worker's front answers it with the version
 * kept last, src/service-worker/version-cache.ts), registers every remote with the federation runtime
 * and starts downloading the parcels shown at load. A failed read is not kept, so Retry reads it again.
 *
 * Called before the async boundary (src/index.ts), so it must import nothing shared but types.
 */
export function registerRemotesOnce(): Promise<RemotesManifest> {
  registration ??= fetch('/remotes.json', { cache: 'no-store' })
    .then(async (response) => {
      if (!response.ok) throw new Error(`remotes.json: HTTP ${response.status}`);
      const manifest = (await response.json()) as RemotesManifest;
      registerPlugins([manifestFetchTimeout]);
      const names = Object.keys(manifest);
      registerRemotes(names.map((name) => ({ name, entry: manifest[name] as string })));
      // Fetch the manifest and parcel chunks of every remote shown at load now, while the shell's own
      // chunks load, rather than after React has rendered the slots. A failure here shows up in the
      // slot's own load. Not when the early requests have asked for them already: the runtime would
      // work out the same files and look each up among the page's links again (about 20 ms of a load).
      // The mobile view opens on the writings alone: the others load when their tab is first shown.
      const mobile = isMobileScreen();
      const shownAtLoad = names.filter(
        (name) => !ON_DEMAND_CONTAINERS.has(name) && (!mobile || name === REMOTES.writings.container),
      );
      if (!preloadedRememberedFiles()) {
        preloadRemote(shownAtLoad.map((nameOrAlias) => ({ nameOrAlias, resourceCategory: 'sync' }))).catch(
          () => undefined,
        );
      }
      return manifest;
    })
    .catch((error: unknown) => {
      registration = null;
      throw error;
    });
  return registration;
}
