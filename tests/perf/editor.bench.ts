/**
 * The writings editor on a 100,000-word document in Chromium, on the composed production build
 * (`pnpm build`, then `pnpm --filter tests run bench:editor`). Prints the time to open the writing
 * (click in the list -> the document's last paragraph rendered) and keystroke-to-paint latency while
 * typing in the middle of the document and in its title. Budgets (docs/architecture.md, Budgets):
 * keystroke-to-paint p95 within 1.1x the same in a 2-line writing (the floor, measured in the same run),
 * opening median <= 150 ms.
 */
import { writeFile } from 'node:fs/promises';
import { chromium, type Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { startBackend } from 'local-backend';
import WebSocket from 'ws';
import { serveWorkspace } from '../../scripts/serve-workspace.mjs';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';
import { traceBreakdown } from './support/trace.ts';

const WORDS = 100_000;
const WORDS_PER_PARAGRAPH = 20;
const OPEN_RUNS = Number(process.env.BENCH_RUNS ?? 5);
const KEYSTROKES = Number(process.env.BENCH_KEYSTROKES ?? 150);
// A fast typist: 60 ms between keys. The editor's 150 ms draft and 750 ms save timers (the only
// serialisations of the document) never fire mid-run, as in real typing.
const KEY_DELAY_MS = 60;
const PORT = 4500;
// The production build talks to the local backend's default address.
const BACKEND_PORT = 54321;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0;
const median = (values: number[]) => percentile(values, 50);
const ms = (value: number) => `${value.toFixed(1)} ms`;

const WORD_POOL =
  'the quiet river carried letters from a distant town where writers kept their drafts in wooden boxes'.split(
    ' ',
  );
function bigDocument() {
  const paragraphs = Array.from({ length: WORDS / WORDS_PER_PARAGRAPH }, (_, index) => {
    const words = Array.from(
      { length: WORDS_PER_PARAGRAPH },
      (_, word) => WORD_POOL[(index * 7 + word) % WORD_POOL.length],
    );
    if (index === WORDS / WORDS_PER_PARAGRAPH / 2) words[0] = 'MIDDLEMARK';
    if (index === WORDS / WORDS_PER_PARAGRAPH - 1) words[0] = 'LASTMARK';
    return { type: 'paragraph', content: [{ type: 'text', text: words.join(' ') }] };
  });
  return {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Big writing' }] },
      ...paragraphs,
    ],
  };
}

/** Clicks the list row with `title` and resolves with the ms until `marker`'s paragraph is on screen and painted. */
function openTime(page: Page, title: string, marker: string): Promise<number> {
  return page.evaluate(
    ({ title, marker }) =>
      new Promise<number>((resolve, reject) => {
        const row = Array.from(document.querySelectorAll('[data-slot="writings/Sidebar"] *')).find(
          (element) => element.children.length === 0 && element.textContent === title,
        ) as HTMLElement | undefined;
        if (!row) return reject(new Error(`no row ${title}`));
        const start = performance.now();
        row.click();
        const check = () => {
          const editor = document.querySelector('[data-slot="writings/Editor"] .ProseMirror');
          // The editor holds its blocks in groups (mf-writings block-groups.ts): the last group's last block.
          const last = editor?.lastElementChild;
          const block = last?.matches('.block-group') ? last.lastElementChild : last;
          const shown = editor?.closest('[hidden]') === null && block?.textContent?.startsWith(marker);
          if (shown) requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start)));
          else requestAnimationFrame(check);
        };
        check();
      }),
    { title, marker },
  );
}

/** Types `KEYSTROKES` characters and returns keystroke-to-paint latencies (keydown -> after the next frame). */
async function typingLatencies(page: Page): Promise<number[]> {
  await page.evaluate(() => {
    const samples: number[] = [];
    Object.assign(window, { __latencies: samples });
    document.addEventListener(
      'keydown',
      (event) => {
        const start = event.timeStamp;
        requestAnimationFrame(() => {
          // The frame's paint follows its animation-frame callbacks: the next task runs after it.
          const channel = new MessageChannel();
          channel.port1.onmessage = () => samples.push(performance.now() - start);
          channel.port2.postMessage(null);
        });
      },
      { capture: true },
    );
  });
  const text = 'a quick line typed into a very long writing ';
  for (let index = 0; index < KEYSTROKES; index++) {
    await page.keyboard.type(text[index % text.length] ?? 'x');
    await page.waitForTimeout(KEY_DELAY_MS);
  }
  await page.waitForTimeout(100);
  return page.evaluate(() => (window as unknown as { __latencies: number[] }).__latencies.splice(0));
}

const TRACE_CATEGORIES = ['devtools.timeline', 'blink', 'cc', 'disabled-by-default-devtools.timeline'];

const backend = await startBackend({ dataDir: 'memory://', port: BACKEND_PORT, tierLimits: 'off' });
const workspace = await serveWorkspace({ port: PORT });
const browser = await chromium.launch(chromiumLaunchOptions);

try {
  const client = createClient(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  const signedUp = await client.auth.signUp({
    email: `bench-${Date.now()}@example.com`,
    password: 'bench-password',
  });
  const session = signedUp.data.session;
  if (!session) throw signedUp.error ?? new Error('no session');
  const userId = session.user.id;
  const small = (title: string) => ({
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: title }] },
      { type: 'paragraph', content: [{ type: 'text', text: 'SMALLMARK a short one' }] },
    ],
  });
  const inserted = await client.from('writings').insert([
    { user_id: userId, title: 'Big writing', content: bigDocument(), created_at: '2026-01-01T00:00:00Z' },
    {
      user_id: userId,
      title: 'Small writing',
      content: small('Small writing'),
      created_at: '2026-01-02T00:00:00Z',
    },
  ]);
  if (inserted.error) throw inserted.error;

  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  // tsx (esbuild) wraps named inner functions in `__name(...)`; functions sent to the page need it too.
  await page.addInitScript('globalThis.__name = (target) => target');
  // Signed in before load: the session where the page's supabase-js looks for it.
  await page.addInitScript(
    (value) => localStorage.setItem('sb-127-auth-token', value),
    JSON.stringify(session),
  );
  await page.goto(`${workspace.url}/workspace`);
  // The newest (small) writing opens by itself; then the big one is opened from the list, and back.
  await page.locator('[data-slot="writings/Editor"] .ProseMirror', { hasText: 'SMALLMARK' }).waitFor();

  const opens: number[] = [];
  for (let run = 0; run < OPEN_RUNS; run++) {
    opens.push(await openTime(page, 'Big writing', 'LASTMARK'));
    await openTime(page, 'Small writing', 'SMALLMARK');
    // Past the prefetch cache's freshness for half of the runs: cold and warm opens both count.
    if (run % 2 === 1) await page.waitForTimeout(16_000);
  }
  // The method's floor on this machine: the same typing in the small writing.
  await page.locator('.ProseMirror p', { hasText: 'SMALLMARK' }).click();
  await page.keyboard.press('End');
  const floor = await typingLatencies(page);

  await openTime(page, 'Big writing', 'LASTMARK');

  await page.locator('.ProseMirror p', { hasText: 'MIDDLEMARK' }).click();
  await page.keyboard.press('End');
  const middle = await typingLatencies(page);

  // Where the time of a mid-document keystroke goes, from a Chromium trace of more typing there.
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  const traced = await typingLatencies(page);
  const trace = await browser.stopTracing();
  // BENCH_TRACE_FILE=/tmp/editor-trace.json keeps the trace, for the Performance panel of DevTools.
  if (process.env.BENCH_TRACE_FILE) await writeFile(process.env.BENCH_TRACE_FILE, trace);
  const breakdown = traceBreakdown(trace, traced.length);

  await page.locator('.ProseMirror h1').click();
  await page.keyboard.press('End');
  const title = await typingLatencies(page);

  console.log(`Editor on a ${WORDS.toLocaleString('en')}-word document (Chromium, production build)`);
  console.log(
    `  open (click -> last paragraph painted), ${opens.length} runs: median ${ms(median(opens))}, max ${ms(Math.max(...opens))}   budget median 150 ms`,
  );
  const typingBudget = `budget p95 ${ms(1.1 * percentile(floor, 95))} (1.1x the floor)`;
  for (const [label, samples, budget] of [
    ['typing in a 2-line writing (the floor)', floor, ''],
    ['typing mid-document', middle, typingBudget],
    ['typing in the title', title, typingBudget],
  ] as const) {
    console.log(
      `  keystroke-to-paint, ${label} (${samples.length} keys): p50 ${ms(median(samples))}, p95 ${ms(percentile(samples, 95))}, max ${ms(Math.max(...samples))}   ${budget}`,
    );
  }
  console.log(
    `  traced: main-thread self time per mid-document keystroke, busiest steps: ${breakdown.map(([step, time]) => `${step} ${ms(time)}`).join(', ')}`,
  );
  await context.close();
} finally {
  await browser.close();
  await workspace.close();
  await backend.stop();
}
