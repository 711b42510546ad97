import { loadRemote } from '@module-federation/enhanced/runtime';
import { type AreaName, type ExposedParcel, remoteModuleId } from 'shared-kernel';
import type { ParcelConfigObject } from 'single-spa';
import { registerRemotesOnce } from './register-remotes.ts';

/**
 * Script loads have their own 20 s browser timeout; past this the slot shows its fallback anyway, so a
 * remote that is up but stuck never leaves a spinner for long.
 */
const LOAD_TIMEOUT_MS = 12_000;

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
