/**
 * The measurement of the composed page's first screen, shared by `pnpm bench:load` (tests/perf/load.bench.ts)
 * and the size check in `npm test` (tests/e2e/first-screen-budget.spec.ts).
 *
 * - First screen: the writing that opens is visible (its title in an h1 inside the editor slot, the static
 *   copy or the editor, laid out with a non-zero size) AND every slot is mounted
 *   (`[data-slot][data-status="ready"]` count = {@link FIRST_SCREEN_SLOTS}).
 * - Initial JS: every script whose request started at or before the first screen (the page's own resource
 *   entries' startTime against the page's `performance.now()` of the first screen, both on the page's
 *   clock). Scripts requested after it, until the network is quiet, are JS after the first screen.
 *   Sizes are the gzip of the response bodies.
 * - Editor interactive: the h1 with the title inside the editor (ProseMirror's `[contenteditable="true"]`) in
 *   the editor slot. The static copy takes input too, to keep it, and is not the editor.
 * - FCP: the 'first-contentful-paint' paint entry.
 *
 * An init script (installed by {@link watchFirstScreen}) checks the conditions once per frame from the
 * start of each document, so every milestone is timed by the page itself, and tells the runner when both
 * are reached through a binding. The runner touches the page only after that: any `evaluate`, locator or
 * `waitForFunction` during the load first compiles Playwright's own script in the page (about 330 KB), on
 * the page's main thread, in the middle of the load it measures ('again' loads came about 55 ms later).
 */
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page, Request, Response } from '@playwright/test';
import { LOAD_STEP_PREFIX } from 'shared-kernel/early';

/** Initial JS budget of the whole composed page (docs/architecture.md, Budgets). */
export const INITIAL_JS_BUDGET_KB = 350;
/** The areas mounted at load; the settings and pricing dialogs mount on first use. */
export const FIRST_SCREEN_SLOTS = 4;
/** The network is quiet when nothing was requested or finished for this long and nothing is in flight. */
const QUIET_MS = 500;

/** Times on the page's clock (ms since its navigation started); null when never reached. */
export interface Milestones {
  writingVisibleMs: number | null;
  slotsMountedMs: number | null;
  firstScreenMs: number | null;
  editorInteractiveMs: number | null;
  fcpMs: number | null;
}

export interface LoadedScript {
  /** 'shell', a remote's folder ('mf-writings'), or the origin of anything else. */
  origin: string;
  url: string;
  raw: number;
  gzip: number;
  /** When its request started, on the page's clock. */
  startMs: number;
  /** Requested at or before the first screen. */
  initial: boolean;
}

export interface LoadSample extends Milestones {
  /** Every request the page made until the network was quiet. */
  requests: number;
  scripts: LoadedScript[];
  /** Module Federation's own files per remote: mf-manifest.json and its remoteEntry.<hash>.js. */
  federation: Map<string, { requests: number; gzip: number }>;
  /** Scripts whose body could not be read (counted in no total). */
  unreadable: string[];
  /** The network did not go quiet within the time allowed: JS after the first screen may be short. */
  networkNeverQuiet: boolean;
  /**
   * The load's steps as the page marked them (`load:<step>` marks, shared-kernel/src/bus/load-steps.ts),
   * by step, in ms on the page's clock.
   */
  steps: Map<string, number>;
}

/** The binding the probe calls once the first screen and the editor are both reached. */
const REACHED_BINDING = '__firstScreenReached';
/** The page's current load, told by its probe; set by {@link measureLoad} before it navigates. */
const reachedWaiters = new WeakMap<Page, () => void>();

interface Probe {
  writingVisible?: number;
  slotsMounted?: number;
  firstScreen?: number;
  editorInteractive?: number;
}

/** Installs the per-frame probe on every document the page or context opens from now on. */
export async function watchFirstScreen(target: Page | BrowserContext, title: string): Promise<void> {
  await target.exposeBinding(REACHED_BINDING, ({ page }) => reachedWaiters.get(page)?.());
  await target.addInitScript(
    // No `const name = () => ...` in here: tsx (esbuild keepNames) wraps those in a `__name` helper
    // that the page does not have. Functions are inline or assigned to properties.
    ({ title, slots, binding }) => {
      if (window !== window.top) return;
      performance.setResourceTimingBufferSize(2000);
      const probe: Probe = {};
      (window as unknown as { __firstScreen: Probe }).__firstScreen = probe;
      const editorSlot = '[data-slot="writings/Editor"]';
      const loop: { check?: () => void } = {};
      loop.check = () => {
        const now = performance.now();
        const visible = [...document.querySelectorAll(`${editorSlot} h1`)].some((heading) => {
          if (heading.textContent?.trim() !== title) return false;
          const box = heading.getBoundingClientRect();
          return box.width > 0 && box.height > 0;
        });
        const mounted = document.querySelectorAll('[data-slot][data-status="ready"]').length >= slots;
        const editable = [
          ...document.querySelectorAll(`${editorSlot} .ProseMirror[contenteditable="true"]`),
        ].some((editor) => editor.querySelector('h1')?.textContent?.trim() === title);
        if (visible) probe.writingVisible ??= now;
        if (mounted) probe.slotsMounted ??= now;
        if (visible && mounted) probe.firstScreen ??= now;
        if (editable) probe.editorInteractive ??= now;
        if (probe.firstScreen === undefined || probe.editorInteractive === undefined) {
          requestAnimationFrame(() => loop.check?.());
        } else {
          (window as unknown as Record<string, () => void>)[binding]?.();
        }
      };
      requestAnimationFrame(() => loop.check?.());
    },
    { title, slots: FIRST_SCREEN_SLOTS, binding: REACHED_BINDING },
  );
}

/**
 * Names the origins of the shell and its remotes from the deployed `remotes.json` (container `mf_chat`
 * -> 'mf-chat'); any other origin keeps its own name.
 */
export async function originNames(shellUrl: string): Promise<Map<string, string>> {
  const response = await fetch(new URL('/remotes.json', shellUrl));
  const remotes = (await response.json()) as Record<string, string>;
  const names = new Map([[new URL(shellUrl).origin, 'shell']]);
  for (const [container, manifest] of Object.entries(remotes)) {
    names.set(new URL(manifest).origin, container.replaceAll('_', '-'));
  }
  return names;
}

/** Follows the page's requests so the caller can wait until the network is quiet. */
function followNetwork(page: Page) {
  const inFlight = new Set<Request>();
  let lastActivity = Date.now();
  let requests = 0;
  const started = (request: Request) => {
    inFlight.add(request);
    requests += 1;
    lastActivity = Date.now();
  };
  const ended = (request: Request) => {
    inFlight.delete(request);
    lastActivity = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    requests: () => requests,
    /** Resolves true once quiet, false when still busy after `timeoutMs`. */
    async quiet(timeoutMs: number): Promise<boolean> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (inFlight.size === 0 && Date.now() - lastActivity >= QUIET_MS) return true;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return false;
    },
    stop() {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    },
  };
}

interface PageTimes {
  probe: Probe;
  fcpMs: number | null;
  timeOrigin: number;
  /** The earliest start of each resource URL, on the page's clock. */
  starts: Record<string, number>;
  /** The page's `load:` marks: [step, time]. */
  steps: [string, number][];
}

function readPageTimes(page: Page): Promise<PageTimes> {
  return page.evaluate((prefix) => {
    const starts: Record<string, number> = {};
    for (const entry of performance.getEntriesByType('resource')) {
      starts[entry.name] = Math.min(starts[entry.name] ?? Number.POSITIVE_INFINITY, entry.startTime);
    }
    const fcp = performance.getEntriesByName('first-contentful-paint', 'paint')[0];
    const steps = performance
      .getEntriesByType('mark')
      .filter((mark) => mark.name.startsWith(prefix))
      .map((mark): [string, number] => [mark.name.slice(prefix.length), mark.startTime]);
    // The page's own answer arriving, before any script: through the service worker on a returning load.
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    if (navigation) steps.unshift(['page-response', navigation.responseStart]);
    return {
      probe: { ...(window as unknown as { __firstScreen?: Probe }).__firstScreen },
      fcpMs: fcp ? fcp.startTime : null,
      timeOrigin: performance.timeOrigin,
      starts,
      steps,
    };
  }, LOAD_STEP_PREFIX);
}

const isScript = (response: Response, path: string) =>
  response.request().resourceType() === 'script' || path.endsWith('.js');
const isFederationFile = (path: string) =>
  path.endsWith('/mf-manifest.json') || /\/remoteEntry\.\w+\.js$/.test(path);

/** Reads and gzips the bodies of the scripts and federation files, after the load (not during it). */
async function sizeResponses(
  responses: Response[],
  times: PageTimes,
  origins: Map<string, string>,
): Promise<Pick<LoadSample, 'scripts' | 'federation' | 'unreadable'>> {
  const firstScreen = times.probe.firstScreen ?? Number.POSITIVE_INFINITY;
  const scripts: LoadedScript[] = [];
  const federation = new Map<string, { requests: number; gzip: number }>();
  const unreadable: string[] = [];
  for (const response of responses) {
    const url = new URL(response.url());
    const script = isScript(response, url.pathname);
    if (!script && !isFederationFile(url.pathname)) continue;
    const origin = origins.get(url.origin) ?? url.origin;
    const body = await response.body().catch(() => null);
    if (!body) {
      if (script) unreadable.push(response.url());
      continue;
    }
    const gzip = gzipSync(body).length;
    if (isFederationFile(url.pathname)) {
      const entry = federation.get(origin) ?? { requests: 0, gzip: 0 };
      federation.set(origin, { requests: entry.requests + 1, gzip: entry.gzip + gzip });
    }
    if (!script) continue;
    // The page's own resource entry; the request's wall-clock start when the page has none.
    const startMs = times.starts[response.url()] ?? response.request().timing().startTime - times.timeOrigin;
    scripts.push({
      origin,
      url: response.url(),
      raw: body.length,
      gzip,
      startMs,
      initial: startMs <= firstScreen,
    });
  }
  return { scripts, federation, unreadable };
}

/**
 * Loads the page with `navigate` (a `goto` or a reload) and measures it: the milestones, then, once the
 * network is quiet, every script with its size and whether it was initial. The probe must be installed
 * ({@link watchFirstScreen}). Throws when the first screen or the editor is not reached in `timeoutMs`.
 */
export async function measureLoad(
  page: Page,
  navigate: () => Promise<unknown>,
  { origins, timeoutMs = 30_000 }: { origins: Map<string, string>; timeoutMs?: number },
): Promise<LoadSample> {
  const responses: Response[] = [];
  const collect = (response: Response) => responses.push(response);
  page.on('response', collect);
  const network = followNetwork(page);
  let timer: NodeJS.Timeout | undefined;
  const reached = new Promise<boolean>((resolve) => {
    reachedWaiters.set(page, () => resolve(true));
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    await navigate();
    if (!(await reached)) {
      const { probe } = await readPageTimes(page);
      throw new Error(
        `first screen or editor not reached in ${timeoutMs} ms (reached: ${JSON.stringify(probe)})`,
      );
    }
    const quiet = await network.quiet(15_000);
    const times = await readPageTimes(page);
    const sized = await sizeResponses(responses, times, origins);
    return {
      writingVisibleMs: times.probe.writingVisible ?? null,
      slotsMountedMs: times.probe.slotsMounted ?? null,
      firstScreenMs: times.probe.firstScreen ?? null,
      editorInteractiveMs: times.probe.editorInteractive ?? null,
      fcpMs: times.fcpMs,
      requests: network.requests(),
      ...sized,
      networkNeverQuiet: !quiet,
      steps: new Map(times.steps),
    };
  } finally {
    clearTimeout(timer);
    reachedWaiters.delete(page);
    page.off('response', collect);
    network.stop();
  }
}

export interface OriginTotals {
  files: number;
  raw: number;
  gzip: number;
}

/** Script totals per origin (shell first, then remotes, then others), of the initial or later scripts. */
export function jsByOrigin(scripts: LoadedScript[], initial: boolean): Map<string, OriginTotals> {
  const totals = new Map<string, OriginTotals>();
  const sorted = [...scripts].sort((a, b) => originRank(a.origin) - originRank(b.origin));
  for (const script of sorted.filter((candidate) => candidate.initial === initial)) {
    const entry = totals.get(script.origin) ?? { files: 0, raw: 0, gzip: 0 };
    totals.set(script.origin, {
      files: entry.files + 1,
      raw: entry.raw + script.raw,
      gzip: entry.gzip + script.gzip,
    });
  }
  return totals;
}

const originRank = (origin: string) => (origin === 'shell' ? 0 : origin.startsWith('mf-') ? 1 : 2);

export const totalGzip = (scripts: LoadedScript[], initial: boolean) =>
  scripts.filter((script) => script.initial === initial).reduce((sum, script) => sum + script.gzip, 0);

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** The per-origin table of a sample's initial JS and JS after the first screen, as printed lines. */
export function jsTable(sample: LoadSample): string[] {
  const lines = ['origin              initial: files  raw KB  gzip KB   after: files  gzip KB'];
  const initial = jsByOrigin(sample.scripts, true);
  const after = jsByOrigin(sample.scripts, false);
  const names = [...new Set([...initial.keys(), ...after.keys()])];
  for (const name of names) {
    const now = initial.get(name) ?? { files: 0, raw: 0, gzip: 0 };
    const later = after.get(name) ?? { files: 0, raw: 0, gzip: 0 };
    lines.push(
      `  ${name.padEnd(24)} ${String(now.files).padStart(6)} ${kb(now.raw).padStart(7)} ${kb(now.gzip).padStart(8)}` +
        `   ${String(later.files).padStart(11)} ${kb(later.gzip).padStart(8)}`,
    );
  }
  const initialTotal = totalGzip(sample.scripts, true);
  const afterTotal = totalGzip(sample.scripts, false);
  lines.push(
    `  ${'total'.padEnd(24)} ${''.padStart(6)} ${''.padStart(7)} ${kb(initialTotal).padStart(8)}` +
      `   ${''.padStart(11)} ${kb(afterTotal).padStart(8)}   (initial budget ${INITIAL_JS_BUDGET_KB} KB gzip)`,
  );
  if (sample.unreadable.length > 0)
    lines.push(`  unreadable bodies (not counted): ${sample.unreadable.join(', ')}`);
  return lines;
}

/** One line per script (BENCH_FILES=1), initial first, by start time. */
export function fileLines(sample: LoadSample): string[] {
  return [...sample.scripts]
    .sort((a, b) => Number(b.initial) - Number(a.initial) || a.startMs - b.startMs)
    .map(
      (script) =>
        `  ${script.initial ? 'initial' : 'after  '} ${script.origin.padEnd(12)} ${kb(script.gzip).padStart(6)} KB` +
        `  @${script.startMs.toFixed(0).padStart(5)} ms  ${new URL(script.url).pathname}`,
    );
}
