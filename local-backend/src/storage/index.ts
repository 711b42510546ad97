// The public API of the storage module: what backend.ts uses.
export { type ObjectStore, openObjectStore } from './object-store.ts';
export { createStorageRoutes, type StorageRoutesOptions } from './storage-routes.ts';
