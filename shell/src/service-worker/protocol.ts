/**
 * The messages between the pages and the service worker (imported by both sides, so it names no
 * DOM-only or worker-only type).
 */

/** Page -> worker: "this page loaded online; keep every file of the current version for offline use". */
export const CACHE_VERSION_MESSAGE = { type: 'cache-version' } as const;

/**
 * Worker -> the `MessagePort` sent along with {@link CACHE_VERSION_MESSAGE}, if any: the version now
 * kept offline (an id derived from its entry files), or why it could not be kept.
 */
export type CacheVersionReply =
  | { type: 'version-cached'; version: string }
  | { type: 'version-failed'; message: string };

/** Whether a message a worker received is {@link CACHE_VERSION_MESSAGE}. */
export function isCacheVersionMessage(data: unknown): boolean {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === CACHE_VERSION_MESSAGE.type
  );
}
