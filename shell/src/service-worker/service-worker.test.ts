import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The worker's fetch handler, run in a stand-in for its global scope: the browser's side (a page's
 * request with its navigation preload, the caches, the network) is played by plain objects, so what the
 * worker answers and what it asks the network for can be counted.
 */
const origin = 'https://write.example';
const RECORD_KEY = '/__offline-record.json';

type FetchListener = (event: FetchEvent) => void;

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * Starts the worker (a fresh copy of its module) over caches holding `cached` (URL → body). The caches
 * answer once `cachesReady` has settled: until then the worker has not read which versions it keeps.
 */
async function startWorker(
  cached: Record<string, string> = {},
  cachesReady: Promise<unknown> = Promise.resolve(),
) {
  const listeners = new Map<string, FetchListener>();
  vi.stubGlobal('self', {
    location: new URL(origin),
    addEventListener: (type: string, listener: FetchListener) => listeners.set(type, listener),
  });
  vi.stubGlobal('caches', {
    match: async (url: string) => {
      await cachesReady;
      return url in cached ? new Response(cached[url]) : undefined;
    },
    keys: async () => [],
  });
  const network = vi.fn(async (_request: Request) => new Response('from the network'));
  vi.stubGlobal('fetch', network);
  vi.resetModules();
  await import('./service-worker.ts');
  const onFetch = listeners.get('fetch');
  if (!onFetch) throw new Error('The worker listens to no fetch');

  /** A navigation to `path`, with the answer the browser fetched for it while the worker started. */
  function navigate(path: string, preloadResponse: Promise<Response | undefined>) {
    const answers: Promise<Response>[] = [];
    const lasts: Promise<unknown>[] = [];
    const request = { url: `${origin}${path}`, method: 'GET', mode: 'navigate' } as Request;
    onFetch?.({
      request,
      preloadResponse,
      respondWith: (answer: Promise<Response>) => answers.push(answer),
      waitUntil: (promise: Promise<unknown>) => lasts.push(promise),
    } as unknown as FetchEvent);
    let over = false;
    void Promise.all(lasts).then(() => {
      over = true;
    });
    return { answer: answers[0], isOver: () => over };
  }
  return { network, navigate };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the service worker, on a page request', () => {
  it('answers a request it passes on with the preload already made, not a second request', async () => {
    const cachesReady = deferred<void>();
    const worker = await startWorker({}, cachesReady.promise);
    // Just started: the record of kept versions is still being read, so the handler answers every GET.
    const { answer } = worker.navigate(
      '/auth/v1/verify?token=one-time',
      Promise.resolve(new Response('password reset')),
    );
    cachesReady.resolve();
    expect(answer).toBeDefined();
    expect(await (await answer)?.text()).toBe('password reset');
    expect(worker.network).not.toHaveBeenCalled();
  });

  it('answers a request it passes on with its preload once it knows the versions it keeps too', async () => {
    const worker = await startWorker();
    await vi.advanceTimersByTimeAsync(0);
    const { answer } = worker.navigate(
      '/auth/v1/verify?token=one-time',
      Promise.resolve(new Response('password reset')),
    );
    expect(await (await answer)?.text()).toBe('password reset');
    expect(worker.network).not.toHaveBeenCalled();
  });

  it('keeps the preload going until it settles when the kept copy answers first', async () => {
    const worker = await startWorker({
      [RECORD_KEY]: JSON.stringify({ current: { id: 'v1', appOrigins: [] } }),
      [`${origin}/`]: 'kept index.html',
    });
    const preload = deferred<Response | undefined>();
    const load = worker.navigate('/writings', preload.promise);
    // A network that barely works: the kept copy answers after three seconds.
    await vi.advanceTimersByTimeAsync(3000);
    expect(await (await load.answer)?.text()).toBe('kept index.html');
    expect(load.isOver()).toBe(false);

    preload.resolve(new Response('late index.html'));
    await vi.advanceTimersByTimeAsync(0);
    expect(load.isOver()).toBe(true);
    expect(worker.network).not.toHaveBeenCalled();
  });
});
