/**
 * Cold and warm loads of the composed production page in Chromium (`pnpm bench:load`).
 *
 * Definitions (tests/perf/support/first-screen.ts measures them, for this bench and for the size check in
 * `npm test`, tests/e2e/first-screen-budget.spec.ts):
 * - First screen: the writing that opens is visible (its title in an h1 inside `[data-slot="writings/Editor"]`,
 *   the static copy or the editor, laid out with a non-zero size) AND every slot is mounted
 *   (`[data-slot][data-status="ready"]` count = 4).
 * - Initial JS: every script whose request started at or before the first screen (the page's resource
 *   entries' startTime against the page's `performance.now()` of the first screen), gzip of the bodies.
 *   Scripts requested after it until the network is quiet are "JS after the first screen".
 * - Editor interactive: the h1 with the title inside the editor (ProseMirror's `[contenteditable="true"]`) in
 *   the editor slot; not the static copy, which takes input (to keep it) before the editor is there.
 * - FCP: the 'first-contentful-paint' paint entry.
 * - Steps: the page's own answer arriving (`page-response`, its navigation timing), then the `load:` marks
 *   the page makes on its way (shell entry, session known, each parcel's code, the writings list, the
 *   static copy, the editor's code, the first screen; shared-kernel/src/bus/load-steps.ts),
 *   printed under the times, to say where a load's time goes.
 *
 * Each run, in one fresh context (empty cache, nothing remembered from an earlier load):
 * - cold: the first load.
 * - warm: the first load once the service worker controls the page and has kept the version, in a new
 *   tab (the one before closed, so the page's renderer starts afresh, as when a writer opens the
 *   workspace the next day). The cold load has remembered what it asked for until its first screen, so
 *   the warm one asks for it all at once (shared-kernel/src/network/early-requests.ts): its initial JS
 *   includes the editor's code, preloaded from the device's cache, with the compiled code Chromium kept
 *   beside each script the worker stored while installing (docs/architecture.md, The service worker).
 * - again: the same once more, in a new tab, with every script's compiled code in Chromium's code cache,
 *   as on a writer's everyday load.
 * - reload: the workspace of 'again' reloaded over itself in its tab: tearing the loaded workspace down
 *   is part of the load, and the tab's renderer still holds what the load before it compiled and read.
 * - expired: again, in a new tab, with the stored session's token expired, as for a writer back after an
 *   hour or more: the session is refreshed before the writer's reads can be made.
 * Before warm, again, reload and expired the service worker is stopped, as Chromium stops it after 30 s
 * idle. Each run signs in anew: the expired load rotates its session's refresh token.
 * The idle floor: a blank page from a static server of the same kind, loaded cold and warm (each in a
 * new tab) in a context of its own, so a busy machine can be told apart.
 *
 * Medians and p95 over BENCH_RUNS runs (default 7). BENCH_FILES=1 lists the scripts of the last run with
 * their sizes and whether each was initial. BENCH_PORT moves the shell's port (default 4400; the remotes
 * use the next four, the blank page the fifth, a compared build the tenth to the fourteenth).
 *
 * BENCH_TRACE names a folder where each measured run's 'again' load is traced (Chromium's trace, as
 * DevTools' Performance panel records it: open the file there), one file per build and run.
 *
 * Comparing two builds: BENCH_COMPARE names another checkout of this repository with its own build
 * (`git worktree add ../base <rev> && cd ../base && pnpm install && pnpm build`). Its build is served too,
 * and each run measures both, one after the other, the first one taking turns; each build gets its own
 * report. The machine's speed moves by more than most changes between runs minutes apart; interleaved,
 * both builds are measured on the same machine (docs/architecture.md, Budgets).
 *
 * The production build and the local backend each run in a process of their own, as in the e2e tests and
 * in production (tests/perf/support/server-processes.ts); the page reaches the backend at the URL it was
 * built with, with nothing in between.
 *
 * Budgets (docs/architecture.md, Budgets): initial JS <= 350 KB gzip; editor interactive cold <= 1000 ms,
 * warm <= 400 ms; <= 2 extra requests and <= 30 KB gzip of federation overhead per remote.
 *
 * The writer has one writing, which opens on load (docs/product.md, Writings: the first writing opens on
 * load): the page is measured with its editor in use, as a returning writer sees it.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { LOCAL_BACKEND } from 'shared-kernel/build';
import WebSocket from 'ws';
import { serveDist } from '../../scripts/serve-workspace.mjs';
import { expireStoredSession, sessionStorageKey } from '../e2e/support/accounts.ts';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';
import { WorkspacePage } from '../e2e/support/workspace-page.ts';
import {
  fileLines,
  INITIAL_JS_BUDGET_KB,
  jsTable,
  kb,
  type LoadSample,
  measureLoad,
  originNames,
  totalGzip,
  watchFirstScreen,
} from './support/first-screen.ts';
import { serveWorkspaceProcess, startBackendProcess } from './support/server-processes.ts';
import { timelineTraced } from './support/trace.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
// The shell's port; the remotes take the next four and the blank page the fifth.
const PORT = Number(process.env.BENCH_PORT ?? 4400);
const BLANK_PORT = PORT + 5;
const COMPARED_PORT = PORT + 10;
/** Another checkout of the repository, whose build is measured beside this one's (relative to where pnpm ran). */
const COMPARED = process.env.BENCH_COMPARE
  ? resolve(process.env.INIT_CWD ?? process.cwd(), process.env.BENCH_COMPARE)
  : undefined;
const BUDGET_MS = { cold: 1000, warm: 400 };
/** Where the 'again' loads are traced, when asked (relative to where pnpm ran). */
const TRACES = process.env.BENCH_TRACE
  ? resolve(process.env.INIT_CWD ?? process.cwd(), process.env.BENCH_TRACE)
  : undefined;
if (TRACES) mkdirSync(TRACES, { recursive: true });

/** The writing that opens on load; its title is the first heading, as the editor shows it. */
const WRITING_TITLE = 'A returning writer';
const writingContent = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: WRITING_TITLE }] },
    ...Array.from({ length: 20 }, (_, index) => ({
      type: 'paragraph',
      content: [{ type: 'text', text: `Paragraph ${index + 1}: ${'a few words of a draft, '.repeat(8)}` }],
    })),
  ],
};

/** The blank page's times (the idle floor), on its own clock. */
interface Floor {
  fcpMs: number;
  loadMs: number;
}
/**
 * A cold load, the first warm one, the next warm one (every script from the code cache), that same
 * load as a reload of the workspace over itself, and the next warm one with the session's token expired.
 */
type Kind = 'cold' | 'warm' | 'again' | 'reload' | 'expired';
const KINDS: Kind[] = ['cold', 'warm', 'again', 'reload', 'expired'];
interface Run {
  cold: LoadSample;
  warm: LoadSample;
  again: LoadSample;
  reload: LoadSample;
  expired: LoadSample;
  floor: { cold: Floor; warm: Floor };
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)] ?? 0;
const p95 = (values: number[]) =>
  sorted(values)[Math.min(values.length - 1, Math.floor(0.95 * values.length))] ?? 0;

const backend = await startBackendProcess();
const writer = createClient(LOCAL_BACKEND.url, LOCAL_BACKEND.anonKey, {
  // No refresh timer: it would keep the process alive after the bench (and /tmp/ports.lock held).
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: WebSocket as never },
});
const credentials = { email: `bench-${Date.now()}@example.com`, password: 'bench password' };
const { error } = await writer.auth.signUp(credentials);
if (error) throw new Error(`sign-up failed: ${error.message}`);
const { error: insertError } = await writer
  .from('writings')
  .insert({ title: WRITING_TITLE, content: writingContent });
if (insertError) throw new Error(`writing insert failed: ${insertError.message}`);

/** A build under measure: where it is served and the names of its origins. */
interface Build {
  name: string;
  url: string;
  origins: Map<string, string>;
  close(): Promise<void>;
}
async function serveBuild(name: string, port: number, checkout?: string): Promise<Build> {
  const served = await serveWorkspaceProcess(port, checkout);
  return { name, url: served.url, origins: await originNames(served.url), close: served.close };
}
const builds = [
  await serveBuild('this checkout', PORT),
  ...(COMPARED ? [await serveBuild(COMPARED, COMPARED_PORT, COMPARED)] : []),
];
const blank = await serveDist({
  dist: fileURLToPath(new URL('./support/blank', import.meta.url)),
  port: BLANK_PORT,
});

const browser = await chromium.launch(chromiumLaunchOptions);

/** The blank page loaded in a new tab, and timed: its first contentful paint and its load event's end. */
async function timeBlank(page: Page): Promise<Floor> {
  await page.goto(`${blank.url}/`);
  return page.evaluate(async () => {
    const fcp = await new Promise<number>((resolve) => {
      const entry = performance.getEntriesByName('first-contentful-paint', 'paint')[0];
      if (entry) return resolve(entry.startTime);
      new PerformanceObserver((list) => resolve(list.getEntries()[0]?.startTime ?? 0)).observe({
        type: 'paint',
        buffered: true,
      });
    });
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return { fcpMs: fcp, loadMs: navigation?.loadEventEnd ?? 0 };
  });
}

async function idleFloor(): Promise<Run['floor']> {
  const context = await browser.newContext();
  const first = await context.newPage();
  const cold = await timeBlank(first);
  await first.close();
  // Cached, in a new tab, as the workspace's returning loads are.
  const warm = await timeBlank(await context.newPage());
  await context.close();
  return { cold, warm };
}

/** Resolves once the service worker controls the page and has kept the version it runs. */
async function keptByServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
  // The page asks the same after loading; asking again waits for the version to be kept.
  await new WorkspacePage(page).keptForOffline();
  await page.waitForLoadState('networkidle');
}

/**
 * Stops the page's service worker, as Chromium does once it has been idle for 30 s: a writer's next load
 * finds it stopped, and starting it is part of that load.
 */
async function stopServiceWorker(page: Page): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('ServiceWorker.enable');
  await session.send('ServiceWorker.stopAllWorkers');
  await session.detach();
}

async function signedInContext(): Promise<BrowserContext> {
  const context = await browser.newContext(); // a fresh profile: empty cache, no service worker
  const { data, error } = await writer.auth.signInWithPassword(credentials);
  if (error) throw new Error(`sign-in failed: ${error.message}`);
  // Signed in, as a returning writer is: the page goes straight to the workspace. Set once: the page
  // keeps its session current from then on.
  await context.addInitScript(
    ({ key, value }) => {
      if (location.protocol.startsWith('http') && !localStorage.getItem(key))
        localStorage.setItem(key, value);
    },
    { key: sessionStorageKey(), value: JSON.stringify(data.session) },
  );
  await watchFirstScreen(context, WRITING_TITLE);
  return context;
}

async function measureRun({ url, origins, name }: Build, traceAs?: string): Promise<Run> {
  const floor = await idleFloor();
  const context = await signedInContext();
  let page = await context.newPage();
  const open = () => page.goto(`${url}/workspace`);
  const cold = await measureLoad(page, open, { origins });
  await keptByServiceWorker(page);
  /**
   * A writer opening the workspace in a new tab, the worker stopped (as after 30 s idle). The tab before
   * is closed first: the new one starts a renderer of its own, with nothing of the last load in its memory
   * (V8's compiled code, Blink's copies of the scripts), only what the browser keeps on disk: the HTTP
   * cache, the code cache, the worker's caches. A load in the same tab found them in memory and came
   * 140-210 ms sooner (docs/architecture.md, Budgets).
   */
  const openInNewTab = async (tracePath?: string) => {
    await page.close();
    page = await context.newPage();
    await stopServiceWorker(page);
    const load = () => measureLoad(page, open, { origins });
    return tracePath ? timelineTraced(browser, page, tracePath, load) : load();
  };
  const warm = await openInNewTab();
  const again = await openInNewTab(
    TRACES && traceAs && join(TRACES, `${name.replace(/[^\w.-]+/g, '_')}-again-${traceAs}.json`),
  );
  // Reloaded over itself: the workspace just loaded is torn down as part of the load.
  await stopServiceWorker(page);
  const reload = await measureLoad(page, open, { origins });
  // Back after an hour: the stored token has expired (the access token itself is still one the backend
  // accepts; the page refreshes the session all the same, as it does once it has expired).
  await expireStoredSession(page, url);
  const expired = await openInNewTab();
  await context.close();
  return { cold, warm, again, reload, expired, floor };
}

const floorOf = (run: Run, kind: Kind) => run.floor[kind === 'cold' ? 'cold' : 'warm'];
const ms = (value: number | null) => (value === null ? '-' : value.toFixed(0));

function runLine(kind: Kind, index: number, sample: LoadSample, floor: Floor): string {
  return (
    `${kind} run ${index + 1}: initial JS ${kb(totalGzip(sample.scripts, true))} KB, after ${kb(totalGzip(sample.scripts, false))} KB, ` +
    `${sample.requests} requests | FCP ${ms(sample.fcpMs)}, visible ${ms(sample.writingVisibleMs)}, ` +
    `mounted ${ms(sample.slotsMountedMs)}, first screen ${ms(sample.firstScreenMs)}, ` +
    `interactive ${ms(sample.editorInteractiveMs)} ms | blank FCP ${ms(floor.fcpMs)} ms` +
    (sample.networkNeverQuiet ? ' | network never quiet' : '')
  );
}

// Warms the OS file cache and the browser binary, not measured.
for (const build of builds) await measureRun(build);
const runsOf = new Map(builds.map((build) => [build, [] as Run[]]));
for (let index = 0; index < RUNS; index += 1) {
  // Compared builds take turns at going first, so a machine slowing down or speeding up favours neither.
  const order = index % 2 === 0 ? builds : [...builds].reverse();
  for (const build of order) {
    const run = await measureRun(build, String(index + 1));
    runsOf.get(build)?.push(run);
    const prefix = builds.length > 1 ? `${build.name}: ` : '';
    for (const kind of KINDS) console.log(prefix + runLine(kind, index, run[kind], floorOf(run, kind)));
  }
}
await browser.close();
if (TRACES) console.log(`Traces of the 'again' loads: ${TRACES}`);
await Promise.all(builds.map((build) => build.close()));
await blank.close();
await backend.close();

/** The run whose initial JS is the median one, so its table adds up. */
function medianSample(runs: Run[], kind: Kind): LoadSample {
  const samples = runs.map((run) => run[kind]);
  const byInitial = [...samples].sort((a, b) => totalGzip(a.scripts, true) - totalGzip(b.scripts, true));
  const sample = byInitial[Math.floor(byInitial.length / 2)];
  if (!sample) throw new Error('no samples');
  return sample;
}

function printJs(runs: Run[], kind: Kind): void {
  const totals = runs.map((run) => totalGzip(run[kind].scripts, true));
  console.log(
    `\nJS of a ${kind} load by origin, gzip (the run with the median initial JS; initial over all runs: ` +
      `${kb(Math.min(...totals))}-${kb(Math.max(...totals))} KB)`,
  );
  for (const line of jsTable(medianSample(runs, kind))) console.log(line);
}

function printTimes(runs: Run[]): void {
  type Pick = (run: Run, kind: Kind) => number | null;
  const rows: [string, Pick, string][] = [
    ['blank page FCP (idle floor)', (run, kind) => floorOf(run, kind).fcpMs, ''],
    ['blank page load (idle floor)', (run, kind) => floorOf(run, kind).loadMs, ''],
    ['first contentful paint', (run, kind) => run[kind].fcpMs, ''],
    ["writing's text visible", (run, kind) => run[kind].writingVisibleMs, ''],
    ['all slots mounted', (run, kind) => run[kind].slotsMountedMs, ''],
    ['first screen', (run, kind) => run[kind].firstScreenMs, ''],
    [
      'editor interactive',
      (run, kind) => run[kind].editorInteractiveMs,
      `cold ${BUDGET_MS.cold}, warm ${BUDGET_MS.warm}`,
    ],
  ];
  // Each kind's column: its median, then its p95.
  const column = (median: string, p95: string) => `${median.padStart(16)} ${p95.padStart(6)}`;
  const header = KINDS.map((kind) => column(`${kind}: median`, 'p95')).join('');
  console.log(`\nTimes, ms after navigation start${header}   budget`);
  for (const [label, pick, budget] of rows) {
    const values = (kind: Kind) =>
      runs.map((run) => pick(run, kind)).filter((value): value is number => value !== null);
    const cells = KINDS.map((kind) => column(ms(median(values(kind))), ms(p95(values(kind)))));
    console.log(`  ${label.padEnd(30)}${cells.join('')}   ${budget}`);
  }
  const requests = KINDS.map((kind) => column(String(median(runs.map((run) => run[kind].requests))), ''));
  console.log(`  ${'requests per load (median)'.padEnd(30)}${requests.join('')}`);
  printSteps(runs, column);
}

/** The steps the page marked on its way (shared-kernel/src/bus/load-steps.ts), in the order a cold load reaches them. */
function printSteps(runs: Run[], column: (median: string, p95: string) => string): void {
  const times = (step: string, kind: Kind) =>
    runs.map((run) => run[kind].steps.get(step)).filter((value): value is number => value !== undefined);
  const steps = [...new Set(runs.flatMap((run) => KINDS.flatMap((kind) => [...run[kind].steps.keys()])))];
  steps.sort((a, b) => median(times(a, 'cold')) - median(times(b, 'cold')));
  console.log('\nSteps of the load, as the page marked them (ms after navigation start)');
  for (const step of steps) {
    const cells = KINDS.map((kind) => {
      const values = times(step, kind);
      return values.length === 0 ? column('-', '-') : column(ms(median(values)), ms(p95(values)));
    });
    console.log(`  ${step.padEnd(30)}${cells.join('')}`);
  }
}

for (const [build, runs] of runsOf) {
  const last = runs.at(-1);
  if (!last) throw new Error('no runs');
  console.log(
    `\nThe composed page${builds.length > 1 ? ` of ${build.name}` : ''}, ${RUNS} runs, cold and warm ` +
      `(Chromium ${browser.version()}, production build); initial JS budget ${INITIAL_JS_BUDGET_KB} KB gzip`,
  );
  printJs(runs, 'cold');
  printJs(runs, 'warm');
  console.log(
    '\nFederation overhead per remote, cold  requests  gzip KB   (mf-manifest.json + remoteEntry.js; budget 2 and 30 KB)',
  );
  for (const [origin, { requests, gzip }] of last.cold.federation) {
    console.log(`  ${origin.padEnd(34)} ${String(requests).padStart(8)} ${kb(gzip).padStart(8)}`);
  }
  printTimes(runs);
  if (process.env.BENCH_FILES) {
    console.log('\nScripts of the last cold load');
    for (const line of fileLines(last.cold)) console.log(line);
    console.log('\nScripts of the last warm load');
    for (const line of fileLines(last.warm)) console.log(line);
  }
}
// Whatever handle is left open, the bench ends here: a process left running holds /tmp/ports.lock.
process.exit(0);
