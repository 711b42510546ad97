import type { BackendConfig } from '../contracts/area-props.ts';
import { backendConfigFromEnv } from '../contracts/local-backend.ts';

/**
 * The first screen's reads and files, asked for before the page's code asks for them.
 *
 * A load is a chain: the shell's scripts, remotes.json, the remotes' manifests and entries, the session
 * check, mounting, and only then each area's first reads and the editor's code. None of those requests
 * needs the steps before it, only their URLs and the writer's token, which is in localStorage from the
 * start. So the page remembers what it asked for until its first screen ({@link rememberEarlyRequests}),
 * and on the next load the shell's entry asks for it all at once ({@link startEarlyRequests},
 * shell/src/index.ts):
 * - the reads (GETs through the kernel's Supabase client, whose fetch is {@link earlyFetch}, and the
 *   remotes' manifests, fetched the same way) are made again, and the first caller that makes the same
 *   request is answered with the response already on its way;
 * - the scripts and style sheets are preloaded (`<link rel="preload">`): downloaded, not run. The
 *   federation runtime still decides what runs, from the remotes.json of the moment.
 *
 * It never answers with what the page would not have read itself at that moment:
 * - only a GET with the same URL and the same Authorization (a refreshed token asks anew), once each,
 *   and only within {@link EARLY_REQUEST_TTL_MS} of the page's start;
 * - any write through the client first drops every early response not yet taken: it may change them;
 * - an early request that failed fails its caller, as the same request made a moment later would have
 *   (the auth gate counts it as its first attempt).
 * What is remembered is the writer's own (replayed only for the same user, with the session's current
 * token: one the auth client would refresh on load is refreshed first, {@link refreshEarly}) and is
 * forgotten on sign-out.
 *
 * The shell's entry and the shared kernel each bundle this file (the entry runs before shared modules
 * exist), so the state both see lives on `globalThis`.
 */

// The shell's entry marks the first step of the load with the kernel's code it bundles (this entry); the
// benches read the marks by their prefix.
export { LOAD_STEP_PREFIX, markLoadStep } from '../bus/load-steps.ts';
/** How long an early response may be taken after the page started. */
export const EARLY_REQUEST_TTL_MS = 10_000;
/** At most this many reads, and files, are remembered. */
const MAX_READS = 16;
const MAX_FILES = 40;
/** A session this close to expiry may be refreshed while the page loads: its token would not match. */
const EXPIRY_MARGIN_S = 120;
/**
 * The auth client refreshes a stored session this close to expiry as it starts (auth-js's
 * EXPIRY_MARGIN_MS, 90 s): such a session is refreshed early instead.
 */
const AUTH_REFRESH_MARGIN_S = 90;
const STORAGE_KEY = 'workspace.early-requests';

interface RememberedRead {
  url: string;
  /** The request's headers but Authorization, which is the token of the moment. */
  headers: [string, string][];
  /** Made with the writer's token (the backend's reads), not anonymously (the manifests). */
  signed: boolean;
}
interface RememberedFile {
  url: string;
  as: 'script' | 'style';
}
interface Remembered {
  userId: string;
  reads: RememberedRead[];
  files: RememberedFile[];
}
/** The session as supabase-js stores it (its fields this module reads). */
interface StoredSession {
  access_token?: string;
  refresh_token?: string;
  expires_at?: number;
  user?: { id?: string };
}
/** The early refresh's response, read. */
interface RefreshAnswer {
  status: number;
  statusText: string;
  headers: Headers;
  body: string;
}
interface EarlyState {
  /** Early responses not yet taken, by {@link keyOf}. */
  pending: Map<string, Promise<Response>>;
  /**
   * The session's refresh made early, until the auth client takes its answer: however late it asks (a
   * slow load), its refresh token is the one rotated, and only this answer has its successor.
   */
  refresh: { url: string; refreshToken: string; answer: Promise<RefreshAnswer> } | null;
  /** The reads made so far on this page, until the first screen; null once remembered. */
  recording: { userId: string | null; reads: RememberedRead[] } | null;
  /** The files of the last first screen were asked for at the start of this page. */
  filesPreloaded: boolean;
}

const STATE = Symbol.for('workspace.early-requests');

function state(): EarlyState {
  const holder = globalThis as typeof globalThis & { [STATE]?: EarlyState };
  holder[STATE] ??= {
    pending: new Map(),
    refresh: null,
    recording: { userId: null, reads: [] },
    filesPreloaded: false,
  };
  return holder[STATE];
}

const keyOf = (url: string, authorization: string | null) => `${url} ${authorization ?? ''}`;

/** Where supabase-js keeps the session of `backendUrl` (its default storage key). */
export const sessionStorageKey = (backendUrl: string) =>
  `sb-${new URL(backendUrl).hostname.split('.')[0]}-auth-token`;

/** The `sub` of a bearer token, or null for the anon key or anything unreadable. */
function userOfToken(authorization: string | null): string | null {
  const payload = authorization?.match(/^Bearer [^.]+\.([^.]+)\./)?.[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof claims.sub === 'string' ? claims.sub : null;
  } catch {
    return null;
  }
}

function readJson<T>(key: string): T | null {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null; // no storage (private mode, a worker) or a value not ours
  }
}

/**
 * Asks now for what the last load of this writer asked for before its first screen (with nothing
 * remembered for this writer, the session check alone). Called first thing by the shell's entry; does
 * nothing without a cached session. A session the auth client will refresh as it starts (a writer back
 * after an hour: the token has expired) is refreshed now instead, and the reads follow with the new
 * token ({@link refreshEarly}).
 */
export function startEarlyRequests(
  backend: BackendConfig = backendConfigFromEnv(),
  nowSeconds = Date.now() / 1000,
): void {
  const session = readJson<StoredSession>(sessionStorageKey(backend.url));
  if (!session?.access_token || !session.user?.id) return;
  const stored = readJson<Remembered>(STORAGE_KEY);
  const remembered = stored?.userId === session.user.id && stored.reads && stored.files ? stored : null;
  if (remembered && remembered.files.length > 0) {
    preload(remembered.files);
    state().filesPreloaded = true;
  }
  setTimeout(() => state().pending.clear(), EARLY_REQUEST_TTL_MS);
  if (session.expires_at === undefined) return; // the auth client keeps it as is: nothing to match
  const secondsLeft = session.expires_at - nowSeconds;
  if (secondsLeft >= EXPIRY_MARGIN_S) {
    makeReads(backend, remembered, session.access_token);
  } else if (secondsLeft < AUTH_REFRESH_MARGIN_S && session.refresh_token) {
    refreshEarly(backend, session.refresh_token).then((refreshed) => {
      if (refreshed?.access_token && refreshed.user?.id === session.user?.id) {
        makeReads(backend, remembered, refreshed.access_token);
      }
    });
  }
}

/** Makes the remembered reads (with nothing remembered for this writer, the session check alone). */
function makeReads(backend: BackendConfig, remembered: Remembered | null, accessToken: string): void {
  // With nothing remembered (this browser's first load since sign-in), the session check still goes early.
  const sessionCheck: RememberedRead = {
    url: `${backend.url}/auth/v1/user`,
    headers: [['apikey', backend.anonKey]],
    signed: true,
  };
  const authorization = `Bearer ${accessToken}`;
  const { pending } = state();
  // The token goes to the backend only, whatever the stored list says.
  const allowed = (read: RememberedRead) =>
    read.signed ? read.url.startsWith(`${backend.url}/`) : isHttp(read.url);
  for (const read of (remembered?.reads ?? [sessionCheck]).filter(allowed)) {
    const headers = new Headers(read.headers);
    if (read.signed) headers.set('Authorization', authorization);
    const response = fetch(read.url, { headers });
    response.catch(() => {}); // a failure is the caller's to see, when it asks
    pending.set(keyOf(read.url, read.signed ? authorization : null), response);
  }
}

/**
 * Refreshes the stored session now, the request the auth client would make once its code has loaded:
 * the auth client's own refresh with the same refresh token is answered with this one's response
 * ({@link earlyFetch}), so the token is rotated once. Should the page not ask for it (closed first, or
 * its auth client read the storage late), the new session is stored as the auth client stores it, so the
 * rotated-out refresh token is never sent again: the backend would end the session as a replay.
 * Resolves with the new session, or null if the refresh failed (the auth client then sees the same).
 */
function refreshEarly(backend: BackendConfig, refreshToken: string): Promise<StoredSession | null> {
  const url = `${backend.url}/auth/v1/token?grant_type=refresh_token`;
  // Read here, and given to the auth client as a response of its own: a clone's body can come empty
  // once the original is read.
  const answer = fetch(url, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'Content-Type': 'application/json;charset=UTF-8' },
    body: JSON.stringify({ refresh_token: refreshToken }),
  }).then(async (response): Promise<RefreshAnswer> => {
    const { status, statusText, headers } = response;
    return { status, statusText, headers, body: await response.text() };
  });
  answer.catch(() => {}); // a failure is the auth client's to see, when it asks
  const early = state();
  early.refresh = { url, refreshToken, answer };
  return answer
    .then((kept) => {
      if (kept.status < 200 || kept.status > 299) return null;
      const refreshed = JSON.parse(kept.body) as StoredSession & { expires_in?: number };
      refreshed.expires_at ??= Math.round(Date.now() / 1000) + (refreshed.expires_in ?? 0);
      if (early.refresh?.answer === answer) keepRefreshed(backend, refreshToken, refreshed);
      return refreshed;
    })
    .catch(() => null);
}

/** Stores the refreshed session, unless the stored one is no longer the one refreshed. */
function keepRefreshed(backend: BackendConfig, refreshToken: string, refreshed: StoredSession): void {
  const key = sessionStorageKey(backend.url);
  if (readJson<StoredSession>(key)?.refresh_token !== refreshToken) return;
  try {
    localStorage.setItem(key, JSON.stringify(refreshed));
  } catch {
    // no storage: the auth client refreshes in its turn, within the backend's reuse interval
  }
}

/**
 * Whether this page asked at its start for the files its last first screen loaded (the remotes' entries
 * and parcels among them): the federation runtime's own preloading of the remotes would ask for them again.
 */
export function preloadedRememberedFiles(): boolean {
  return state().filesPreloaded;
}

const isHttp = (url: string) => /^https?:\/\//.test(url);

/** Downloads the files of the last first screen that this page has not asked for yet. */
function preload(files: RememberedFile[]): void {
  const asked = new Set(
    [...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[href]')].map(
      (element) => ('src' in element ? element.src : element.href),
    ),
  );
  const links: HTMLLinkElement[] = [];
  for (const file of files) {
    if (!isHttp(file.url) || asked.has(file.url) || (file.as !== 'script' && file.as !== 'style')) continue;
    asked.add(file.url);
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = file.as;
    link.href = file.url;
    links.push(link);
  }
  document.head.append(...links);
}

/** Keeps a read of this page (`userId`: whose token it carries, null if none) to make early next time. */
function record(early: EarlyState, url: string, headers: Headers, userId: string | null): void {
  const { recording } = early;
  if (!recording || recording.reads.length >= MAX_READS) return;
  if (userId !== null && recording.userId !== null && recording.userId !== userId) return;
  if (recording.reads.some((read) => read.url === url)) return;
  recording.userId ??= userId;
  const kept = [...headers].filter(([name]) => name.toLowerCase() !== 'authorization');
  recording.reads.push({ url, headers: kept, signed: userId !== null });
}

/** The promise, or its signal's reason once the caller gives up waiting. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | null | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** The early refresh's response, if this request is the same refresh (same URL, same refresh token). */
function takeRefresh(early: EarlyState, url: string, body: unknown): Promise<Response> | null {
  const { refresh } = early;
  if (!refresh || url !== refresh.url || typeof body !== 'string') return null;
  try {
    if ((JSON.parse(body) as { refresh_token?: unknown }).refresh_token !== refresh.refreshToken) return null;
  } catch {
    return null;
  }
  early.refresh = null;
  return refresh.answer.then(
    ({ body, ...init }) => new Response([101, 204, 205, 304].includes(init.status) ? null : body, init),
  );
}

/**
 * The fetch of the kernel's Supabase client: a GET already made early is answered with that response,
 * as is the auth client's refresh of the session when it was made early; any other request drops the
 * early responses not yet taken. Reads are recorded until the first screen.
 */
export const earlyFetch: typeof fetch = async (input, init) => {
  const early = state();
  const request = input instanceof Request ? input : null;
  const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  // An early refresh not taken yet stays on hand for the auth client, but is no reason to look at reads.
  const refreshed = early.refresh && method === 'POST' ? takeRefresh(early, url, init?.body) : null;
  if (refreshed) return untilAborted(refreshed, init?.signal ?? request?.signal);
  // Once the first screen is past and every early response is taken, it is fetch and nothing more.
  if (early.pending.size === 0 && !early.recording) return fetch(input, init);
  if (method !== 'GET') {
    if (method !== 'HEAD') early.pending.clear();
    return fetch(input, init);
  }
  const headers = new Headers(init?.headers ?? request?.headers);
  const authorization = headers.get('authorization');
  const userId = userOfToken(authorization);
  record(early, url, headers, userId);
  const key = keyOf(url, userId === null ? null : authorization);
  const response = early.pending.get(key);
  early.pending.delete(key);
  if (response) return untilAborted(response, init?.signal ?? request?.signal);
  return fetch(input, init);
};

/** The page reached its first screen: the reads made until now are the ones to make early next time. */
export function rememberEarlyRequests(): void {
  const early = state();
  const { recording } = early;
  early.recording = null;
  if (!recording?.userId) return;
  const remembered: Remembered = { userId: recording.userId, reads: recording.reads, files: filesAskedFor() };
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(remembered));
  } catch {
    // storage full or unavailable: the next load makes its reads in their turn
  }
}

/**
 * The scripts and style sheets this page has asked for so far: by a script or link element, or preloaded
 * (by this module, or by the federation runtime for the remotes' parcels).
 */
function filesAskedFor(): RememberedFile[] {
  if (typeof performance === 'undefined') return [];
  const files: RememberedFile[] = [];
  for (const entry of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
    if (entry.initiatorType !== 'script' && entry.initiatorType !== 'link') continue;
    const path = new URL(entry.name).pathname;
    if (path.endsWith('.js')) files.push({ url: entry.name, as: 'script' });
    else if (path.endsWith('.css')) files.push({ url: entry.name, as: 'style' });
  }
  return files.slice(0, MAX_FILES);
}

/** Signed out: nothing of the writer's reads stays, and nothing early is answered. */
export function forgetEarlyRequests(): void {
  const early = state();
  early.pending.clear();
  early.refresh = null;
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // nothing stored
  }
}
