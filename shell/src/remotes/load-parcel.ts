import { loadRemote } from '@module-federation/enhanced/runtime';
import { type AreaName, type ExposedParcel, remoteModuleId } from 'shared-kernel';
import type { ParcelConfigObject } from 'single-spa';
import { parcelsShownAtLoad, registerRemotesOnce } from './register-remotes.ts';

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

async function fetchParcel(moduleId: string): Promise<ParcelConfigObject> {
  await registerRemotesOnce();
  const module = await withTimeout(loadRemote<ParcelConfigObject>(moduleId), LOAD_TIMEOUT_MS, moduleId);
  if (!module || typeof module.mount !== 'function') throw new Error(`${moduleId} is not a parcel`);
  return module;
}

/** Parcel loads started before any slot asked (`loadParcelsShownAtLoad`); each is taken once. */
const startedEarly = new Map<string, Promise<ParcelConfigObject>>();

/**
 * Loads one exposed parcel of a remote. Rejects when the remote is down, slow or broken; a later call
 * tries again from scratch (the runtime does not cache failed loads).
 */
export function loadParcel<A extends AreaName>(
  area: A,
  parcel: ExposedParcel<A>,
): Promise<ParcelConfigObject> {
  const moduleId = remoteModuleId(area, parcel);
  const early = startedEarly.get(moduleId);
  startedEarly.delete(moduleId);
  return early ?? fetchParcel(moduleId);
}

/**
 * Starts loading the parcels the workspace opens with, for a writer this browser keeps signed in: while
 * the session is checked and the shell renders, rather than once their slots have rendered. The first
 * slot of each takes the load, failure included (its Retry loads afresh).
 */
export function loadParcelsShownAtLoad(): void {
  for (const { area, parcel } of parcelsShownAtLoad()) {
    const moduleId = remoteModuleId(area, parcel);
    const loading = fetchParcel(moduleId);
    loading.catch(() => {}); // the slot that takes it shows the failure
    startedEarly.set(moduleId, loading);
  }
}
