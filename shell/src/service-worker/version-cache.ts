import {
  type AssetManifest,
  type FederationManifest,
  remoteEntryUrl,
  remoteFiles,
  shellFiles,
} from './version-files.ts';

/** Every cache of this worker is named with this, so it never touches another cache of the origin. */
const CACHE_FAMILY = 'workspace-offline-';
/** Bumped when what the caches hold changes shape: the caches of another format are then dropped. */
const CACHE_PREFIX = `${CACHE_FAMILY}1:`;
/** The small cache that records which versions are complete. */
const RECORD_CACHE = `${CACHE_PREFIX}record`;
const RECORD_KEY = '/__offline-record.json';
/**
 * The front of the versions kept: the current one's page under each address in {@link FRONT_PAGES}, and
 * the entry files (`remotes.json`, each remote's manifest) of the current one and of the one before it
 * (a tab still running it may ask for a remote that has moved since). The browser answers a load's page
 * and entry files from it without starting the worker (`STATIC_ROUTES` in request-route.ts). Rewritten
 * from the caches, without the network, by every keep once the version is recorded, and by
 * {@link restoreFront}: a deploy is kept after the load that finds it and runs from the next one.
 */
export const FRONT_CACHE = `${CACHE_PREFIX}front`;
/** The addresses a writer opens the workspace at, without a query (shell/src/routing/router.ts). */
export const FRONT_PAGES = ['/', '/workspace', '/login'];
/** How many files are fetched at once while a version is kept: enough to fill the link, not to hog it. */
const PARALLEL_FETCHES = 6;

/** One complete version kept offline: its id and the origins its files come from. */
export type KeptVersion = { id: string; appOrigins: string[] };

/**
 * The versions kept offline. `current` is the newest complete one: an offline page opens on it.
 * `previous` stays until the next version is complete, for tabs still running it (a lazily loaded part
 * of an older version must still load offline).
 */
export type KeptVersions = { current?: KeptVersion; previous?: KeptVersion };

/** The kept versions once one has been kept. */
export type KeptVersionsWithCurrent = KeptVersions & { current: KeptVersion };

function cacheName(version: KeptVersion): string {
  return `${CACHE_PREFIX}${version.id}`;
}

/** The versions kept offline, as recorded by the last {@link keepCurrentVersion}. */
export async function readKeptVersions(): Promise<KeptVersions> {
  const response = await caches.match(RECORD_KEY, { cacheName: RECORD_CACHE });
  return response ? ((await response.json()) as KeptVersions) : {};
}

/** Drops the caches of this worker that `keep` refuses. */
async function dropCaches(keep: (name: string) => boolean): Promise<void> {
  const names = await caches.keys();
  await Promise.all(
    names.filter((name) => name.startsWith(CACHE_FAMILY) && !keep(name)).map((name) => caches.delete(name)),
  );
}

/** Drops every cache of this worker but the record and the kept versions (other formats included). */
function dropUnkeptCaches(kept: KeptVersions): Promise<void> {
  const keep = new Set([
    RECORD_CACHE,
    FRONT_CACHE,
    ...[kept.current, kept.previous].flatMap((v) => (v ? [cacheName(v)] : [])),
  ]);
  return dropCaches((name) => keep.has(name));
}

/** Drops the caches of another format than this worker's (an older worker's): never read again. */
export function dropOtherFormats(): Promise<void> {
  return dropCaches((name) => name.startsWith(CACHE_PREFIX));
}

/**
 * The cached copy of an entry file (or of index.html, for a page) from the newest kept version that has
 * it. Entries are only ever read from complete versions, so an offline page never mixes a new entry with
 * chunks that were not kept.
 */
export async function matchKeptEntry(url: string, kept: KeptVersions): Promise<Response | undefined> {
  for (const version of [kept.current, kept.previous]) {
    const response = version && (await caches.match(url, { cacheName: cacheName(version) }));
    if (response) return response;
  }
  return undefined;
}

/** The cached copy of a content-hashed file, from any version: its URL changes whenever its content does. */
export async function matchImmutable(url: string): Promise<Response | undefined> {
  return caches.match(url);
}

type Entry = { url: string; body: string; response: Response };

/**
 * Fetches an entry file as the server has it now (`no-cache` revalidates), with CORS so the copy is
 * readable (a no-cors copy would be opaque, and Chrome counts each opaque copy as megabytes of quota).
 */
async function fetchEntry(url: string): Promise<Entry> {
  const response = await fetch(url, { cache: 'no-cache', mode: 'cors', credentials: 'omit' });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const copy = response.clone();
  const body = await response.text();
  // The fetched response itself is kept: Chromium compiles a script put while the worker installs and keeps
  // its code beside it, but kept none beside a rebuilt copy (traced: each remote's entry script was compiled
  // anew on every load; tests/e2e/first-screen-budget.spec.ts). A redirected response is rebuilt all the
  // same, because its copy cannot answer a navigation.
  if (!copy.redirected) return { url, body, response: copy };
  return { url, body, response: new Response(body, { status: response.status, headers: response.headers }) };
}

/** A version is named after the content of its entry files: any deploy of the shell or a remote changes one. */
async function versionId(entries: Entry[]): Promise<string> {
  const text = entries.map(({ url, body }) => `${url}\n${body}`).join('\n\0\n');
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return [...digest.slice(0, 10)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Puts a content-hashed file in `cache`: copied from an older version when it has one, else fetched. */
async function keepImmutable(cache: Cache, url: string): Promise<void> {
  const kept = await matchImmutable(url);
  if (kept) return cache.put(url, kept);
  const response = await fetch(url, { mode: 'cors', credentials: 'omit' });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return cache.put(url, response);
}

async function forEachInParallel(items: string[], limit: number, task: (item: string) => Promise<void>) {
  const queue = [...items];
  const lane = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await task(item);
  };
  await Promise.all(Array.from({ length: Math.min(limit, queue.length) }, lane));
}

/**
 * Reads which version of the workspace is deployed now (index.html, the shell's manifests,
 * `remotes.json`, each remote's `mf-manifest.json` and the entry script it names: a remote deployed
 * under another convention may not hash it) and keeps every file of it in a
 * cache of its own. Only once all of them are in is it recorded as current; the version before it stays
 * as `previous` and older ones are dropped. When the deployed version is already current, only the entry
 * files are fetched. Any failure leaves the kept versions as they were (the next load tries again; what
 * the failed attempt stored is reused).
 */
async function keepVersion(shellOrigin: string): Promise<KeptVersionsWithCurrent> {
  const shellEntries = ['/', '/asset-manifest.json', '/mf-manifest.json', '/remotes.json'];
  const [indexHtml, assetManifest, shellFederation, remotesJson] = (await Promise.all(
    shellEntries.map((path) => fetchEntry(new URL(path, shellOrigin).href)),
  )) as [Entry, Entry, Entry, Entry];
  const manifestUrls = Object.values(JSON.parse(remotesJson.body) as Record<string, string>);
  const remoteManifests = await Promise.all(manifestUrls.map(fetchEntry));
  const manifests = remoteManifests.map(({ url, body }) => ({
    url,
    manifest: JSON.parse(body) as FederationManifest,
  }));
  const remoteEntries = await Promise.all(
    manifests.map(({ url, manifest }) => fetchEntry(remoteEntryUrl(url, manifest))),
  );
  const entries = [
    indexHtml,
    assetManifest,
    shellFederation,
    remotesJson,
    ...remoteManifests,
    ...remoteEntries,
  ];

  const kept = await readKeptVersions();
  const id = await versionId(entries);
  if (kept.current?.id === id) {
    await writeFront(shellOrigin, kept);
    return { current: kept.current, previous: kept.previous };
  }

  const shellShared = (JSON.parse(shellFederation.body) as FederationManifest).shared;
  const files = [
    ...shellFiles({
      shellOrigin,
      assetManifest: JSON.parse(assetManifest.body) as AssetManifest,
      indexHtml: indexHtml.body,
    }),
    ...manifests.flatMap(({ url, manifest }) => remoteFiles({ manifestUrl: url, manifest, shellShared })),
  ];
  const version: KeptVersion = {
    id,
    appOrigins: [...new Set([shellOrigin, ...manifestUrls.map((url) => new URL(url).origin)])],
  };
  const cache = await caches.open(cacheName(version));
  await forEachInParallel(files, PARALLEL_FETCHES, (url) => keepImmutable(cache, url));
  // Entries last: a version is only ever read through them, and only once it is recorded.
  await Promise.all(entries.map(({ url, response }) => cache.put(url, response)));

  const next: KeptVersionsWithCurrent = { current: version, previous: kept.current };
  const record = await caches.open(RECORD_CACHE);
  await record.put(RECORD_KEY, Response.json(next));
  await writeFront(shellOrigin, next);
  await dropUnkeptCaches(next);
  return next;
}

/** The entry files of a kept version: its `remotes.json` and the manifests that one names. */
async function entryFiles(shellOrigin: string, cache: Cache): Promise<string[]> {
  const remotesJson = new URL('/remotes.json', shellOrigin).href;
  const kept = await cache.match(remotesJson);
  if (!kept) throw new Error(`${remotesJson} is not kept`);
  // As the cache keys them, so the front's clean-up below compares like with like.
  const manifests = Object.values((await kept.json()) as Record<string, string>);
  return [remotesJson, ...manifests.map((url) => new URL(url).href)];
}

/**
 * Makes the front that of `versions` (recorded, each complete): copies the current version's entry files
 * and its page, and those entry files of the previous version whose address the current one does not use
 * (a remote that has moved), from their caches, and drops what the front held of any other version. The
 * manifests go first and the pages last: a load that reads the front meanwhile mixes two kept versions,
 * each complete. A failure leaves the front to the next write (every keep writes it, and `restoreFront`).
 */
async function keepFront(shellOrigin: string, { current, previous }: KeptVersions): Promise<void> {
  if (!current) return;
  const currentCache = await caches.open(cacheName(current));
  const copies = (await entryFiles(shellOrigin, currentCache)).map((url) => ({ url, cache: currentCache }));
  if (previous) {
    // A courtesy to older tabs: what of it cannot be read is left out.
    const previousCache = await caches.open(cacheName(previous));
    const urls = await entryFiles(shellOrigin, previousCache).catch(() => []);
    for (const url of urls)
      if (!copies.some((copy) => copy.url === url)) copies.push({ url, cache: previousCache });
  }
  const front = await caches.open(FRONT_CACHE);
  for (const { url, cache } of copies) {
    const response = await cache.match(url);
    if (response) await front.put(url, response);
    else if (cache === currentCache) throw new Error(`${url} is not kept in version ${current.id}`);
  }
  const page = await currentCache.match(new URL('/', shellOrigin).href);
  if (!page) throw new Error(`the page is not kept in version ${current.id}`);
  const pages = FRONT_PAGES.map((path) => new URL(path, shellOrigin).href);
  for (const url of pages) await front.put(url, page.clone());
  const held = new Set([...copies.map(({ url }) => url), ...pages]);
  for (const request of await front.keys()) if (!held.has(request.url)) await front.delete(request);
}

let frontWrites: Promise<void> = Promise.resolve();
/**
 * Writes the front of `versions`, or of the versions recorded when it runs, one write at a time: a keep
 * and a restore may run at once (activate, a page's ask).
 */
function writeFront(shellOrigin: string, versions?: KeptVersions): Promise<void> {
  const write = frontWrites.then(async () => keepFront(shellOrigin, versions ?? (await readKeptVersions())));
  frontWrites = write.catch(() => undefined);
  return write;
}

/**
 * Writes the front again from the versions recorded, without the network: after a keep that failed (the
 * front may be half-written), and when a worker activates (a worker before this one, which did not know
 * the front, may have dropped it, or a first keep while installing may have failed). Without a front, a
 * load's page would go to the network, and fail offline although a version is kept. (An older worker
 * still answering a page while this one activates can drop it again; the next online keep writes it.)
 */
export function restoreFront(shellOrigin: string): Promise<void> {
  return writeFront(shellOrigin);
}

let keeping: Promise<KeptVersionsWithCurrent> | undefined;

/**
 * Keeps the version deployed now for offline use (see `keepVersion`); calls made while one runs share
 * it, as several tabs loading at once all ask.
 */
export function keepCurrentVersion({
  shellOrigin,
}: {
  shellOrigin: string;
}): Promise<KeptVersionsWithCurrent> {
  keeping ??= keepVersion(shellOrigin).finally(() => {
    keeping = undefined;
  });
  return keeping;
}
