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
 * What is remembered is the writer's own (replayed only for the same user, with a session not about to be
 * refreshed) and is forgotten on sign-out.
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
/** A session this close to expiry is refreshed by the auth client on load: its token would not match. */
const EXPIRY_MARGIN_S = 120;
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
interface EarlyState {
  /** Early responses not yet taken, by {@link keyOf}. */
  pending: Map<string, Promise<Response>>;
  /** The reads made so far on this page, until the first screen; null once remembered. */
  recording: { userId: string | null; reads: RememberedRead[] } | null;
  /** The files of the last first screen were asked for at the start of this page. */
  filesPreloaded: boolean;
}

const STATE = Symbol.for('workspace.early-requests');

function state(): EarlyState {
  const holder = globalThis as typeof globalThis & { [STATE]?: EarlyState };
  holder[STATE] ??= { pending: new Map(), recording: { userId: null, reads: [] }, filesPreloaded: false };
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
 * nothing without a cached session or with one about to be refreshed.
 */
export function startEarlyRequests(
  backend: BackendConfig = backendConfigFromEnv(),
  nowSeconds = Date.now() / 1000,
): void {
  const session = readJson<{ access_token?: string; expires_at?: number; user?: { id?: string } }>(
    sessionStorageKey(backend.url),
  );
  if (!session?.access_token || !session.user?.id) return;
  if ((session.expires_at ?? 0) < nowSeconds + EXPIRY_MARGIN_S) return;
  const stored = readJson<Remembered>(STORAGE_KEY);
  const remembered = stored?.userId === session.user.id && stored.reads && stored.files ? stored : null;
  // With nothing remembered (this browser's first load since sign-in), the session check still goes early.
  const sessionCheck: RememberedRead = {
    url: `${backend.url}/auth/v1/user`,
    headers: [['apikey', backend.anonKey]],
    signed: true,
  };
  const authorization = `Bearer ${session.access_token}`;
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
  setTimeout(() => pending.clear(), EARLY_REQUEST_TTL_MS);
  if (remembered && remembered.files.length > 0) {
    preload(remembered.files);
    state().filesPreloaded = true;
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

/**
 * The fetch of the kernel's Supabase client: a GET already made early is answered with that response,
 * and any other request drops the early responses not yet taken. Reads are recorded until the first screen.
 */
export const earlyFetch: typeof fetch = async (input, init) => {
  const early = state();
  // Once the first screen is past and every early response is taken, it is fetch and nothing more.
  if (early.pending.size === 0 && !early.recording) return fetch(input, init);
  const request = input instanceof Request ? input : null;
  const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
  if (method !== 'GET') {
    if (method !== 'HEAD') early.pending.clear();
    return fetch(input, init);
  }
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
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
  state().pending.clear();
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // nothing stored
  }
}
