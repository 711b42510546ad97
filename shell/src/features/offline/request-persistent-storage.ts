let asked = false;

/**
 * Asks the browser, once per page, to keep this site's storage (the workspace kept offline, the
 * writings' offline store and outbox) instead of evicting it under storage pressure. Called once the
 * writer is signed in: browsers that prompt (Firefox) then ask someone who uses the app, and browsers
 * that decide alone (Chrome) weigh the site's engagement. A site already granted is not asked again.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  if (asked || !navigator.storage?.persist) return false;
  asked = true;
  if (await navigator.storage.persisted()) return true;
  return navigator.storage.persist();
}
