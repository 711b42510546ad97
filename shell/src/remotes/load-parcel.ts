import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { type AreaName, type ExposedParcel, type RemotesManifest, remoteModuleId } from 'shared-kernel';
import type { ParcelConfigObject } from 'single-spa';
import { manifestFetchTimeout } from './manifest-fetch-timeout.ts';

/**
 * Script loads have their own 20 s browser timeout; past this the slot shows its fallback anyway, so a
 * remote that is up but stuck never leaves a spinner for long.
 */
const LOAD_TIMEOUT_MS = 12_000;

let registration: Promise<RemotesManifest> | null = null;

/**
 * Reads `/remotes.json` from the shell's own origin (never cached: it is the deploy-time switch of
 * which remote version the page runs) and registers every remote with the federation runtime. A failed
 * read is not cached, so Retry reads it again.
 */
function registerRemotesOnce(): Promise<RemotesManifest> {
  registration ??= fetch('/remotes.json', { cache: 'no-store' })
    .then(async (response) => {
      if (!response.ok) throw new Error(`remotes.json: HTTP ${response.status}`);
      const manifest = (await response.json()) as RemotesManifest;
      registerPlugins([manifestFetchTimeout]);
      registerRemotes(Object.entries(manifest).map(([name, entry]) => ({ name, entry })));
      return manifest;
    })
    .catch((error: unknown) => {
      registration = null;
      throw error;
    });
  return registration;
}

function withTimeout<T>(promise: Promise<T>, milliseconds: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${what} did not load within ${milliseconds} ms`)),
      milliseconds,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Loads one exposed parcel of a remote. Rejects when the remote is down, slow or broken; a later call
 * tries again from scratch (the runtime does not cache failed loads).
 */
export async function loadParcel<A extends AreaName>(
  area: A,
  parcel: ExposedParcel<A>,
): Promise<ParcelConfigObject> {
  await registerRemotesOnce();
  const moduleId = remoteModuleId(area, parcel);
  const module = await withTimeout(loadRemote<ParcelConfigObject>(moduleId), LOAD_TIMEOUT_MS, moduleId);
  if (!module || typeof module.mount !== 'function') throw new Error(`${moduleId} is not a parcel`);
  return module;
}
