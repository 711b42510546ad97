/**
 * The writings list with 10,000 writings in Chromium, on the composed production build (`pnpm build`,
 * then `pnpm --filter tests bench:list`). Prints:
 * - first page: a click on "All writings" (coming from an empty folder) until the first row is painted,
 *   i.e. the REST page of 20, the store update and the render; and the REST page alone from Node;
 * - scroll frames: frame times while scrolling the list to the bottom (paging 20 at a time through all
 *   10,000), then back to the top over the whole loaded list (virtualization alone);
 * - the page's own work per frame: the renderer main thread's CPU time in each frame, from a Chrome trace
 *   of the scrolling. On a machine shared with other work a frame can be late while the page did little
 *   (its thread was waiting for a core); this tells such frames from frames the page made too long.
 * Budgets (docs/architecture.md, Budgets): first page <= 100 ms; scrolling at 60 fps (frames <= 16.7 ms).
 */
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { startBackend } from 'local-backend';
import WebSocket from 'ws';
import { serveWorkspace } from '../../scripts/serve-workspace.mjs';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';
import { mainThreadCpuPerFrame } from './support/trace.ts';

const WRITINGS = Number(process.env.BENCH_WRITINGS ?? 10_000);
const FIRST_PAGE_RUNS = Number(process.env.BENCH_RUNS ?? 15);
const PORT = 4600;
// The production build talks to the local backend's default address.
const BACKEND_PORT = 54321;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0;
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Frame times while the page scrolls the list `direction` until `done` holds in the page. */
async function scrollFrames(page: Page, direction: 'down' | 'up'): Promise<number[]> {
  return page.evaluate(async (way) => {
    const listbox = document.querySelector('[data-slot="writings/Sidebar"] [role="listbox"]');
    const scroller = listbox?.parentElement;
    if (!scroller) throw new Error('no writings list');
    const frames: number[] = [];
    const step = 400;
    let last = performance.now();
    let quietFrames = 0;
    await new Promise<void>((resolve) => {
      const tick = (now: number) => {
        frames.push(now - last);
        last = now;
        const before = scroller.scrollTop;
        scroller.scrollTop += way === 'down' ? step : -step;
        const stuck = scroller.scrollTop === before;
        const footer = scroller.textContent ?? '';
        // Going down, the end is the footer 'End of writings'; at the bottom while a page loads the
        // scroll position waits for it.
        const finished =
          way === 'down' ? stuck && footer.includes('End of writings') : scroller.scrollTop === 0;
        quietFrames = finished ? quietFrames + 1 : 0;
        if (quietFrames > 2 || frames.length > 20_000) resolve();
        else requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    // The first delta is from the evaluate call, not a frame.
    return frames.slice(1);
  }, direction);
}

function frameReport(label: string, frames: number[]): string {
  const over = frames.filter((frame) => frame > 17.5).length;
  return `${label}: ${frames.length} frames, p50 ${ms(percentile(frames, 50))}, p95 ${ms(percentile(frames, 95))}, p99 ${ms(percentile(frames, 99))}, max ${ms(Math.max(...frames))}, ${((over / frames.length) * 100).toFixed(1)}% over 17.5 ms`;
}

const FRAME_BUDGET_MS = 1000 / 60;

const backend = await startBackend({ dataDir: 'memory://', port: BACKEND_PORT, tierLimits: 'off' });
const workspace = await serveWorkspace({ port: PORT });
const browser = await chromium.launch(chromiumLaunchOptions);

try {
  const client = createClient(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  const signedUp = await client.auth.signUp({
    email: `list-bench-${Date.now()}@example.com`,
    password: 'bench-password',
  });
  const session = signedUp.data.session;
  if (!session) throw signedUp.error ?? new Error('no session');
  const userId = session.user.id;
  const folder = await client
    .from('categories')
    .insert({ user_id: userId, name: 'Empty', item_type: 'writing' })
    .select('id')
    .single();
  if (folder.error) throw folder.error;
  const start = Date.UTC(2024, 0, 1);
  for (let offset = 0; offset < WRITINGS; offset += 1000) {
    const rows = Array.from({ length: Math.min(1000, WRITINGS - offset) }, (_, index) => {
      const number = offset + index;
      return {
        user_id: userId,
        title: `Writing ${number}`,
        content: {
          type: 'doc',
          content: [
            { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: `Writing ${number}` }] },
            {
              type: 'paragraph',
              content: [{ type: 'text', text: `Notes on draft ${number}: the harbour at dawn.` }],
            },
          ],
        },
        // About three hours apart: 10,000 writings span several years of date sections.
        created_at: new Date(start + number * 3 * 3_600_000).toISOString(),
      };
    });
    const inserted = await client.from('writings').insert(rows);
    if (inserted.error) throw inserted.error;
  }

  const rest: number[] = [];
  for (let run = 0; run < FIRST_PAGE_RUNS + 3; run++) {
    const began = performance.now();
    const page = await client
      .from('writings')
      .select('id, title, category, category_id, created_at, updated_at, content')
      .eq('user_id', userId)
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .range(0, 19);
    if (page.error) throw page.error;
    if (run >= 3) rest.push(performance.now() - began);
  }

  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  // tsx (esbuild) wraps named inner functions in `__name(...)`; functions sent to the page need it too.
  await page.addInitScript('globalThis.__name = (target) => target');
  await page.addInitScript(
    (value) => localStorage.setItem('sb-127-auth-token', value),
    JSON.stringify(session),
  );
  await page.goto(`${workspace.url}/workspace`);
  const sidebar = page.locator('[data-slot="writings/Sidebar"]');
  await sidebar.getByRole('option').first().waitFor();

  const firstPage: number[] = [];
  for (let run = 0; run < FIRST_PAGE_RUNS + 2; run++) {
    await sidebar.locator('li[data-folder-name="Empty"] button').first().click();
    await sidebar.getByText('No writings yet').waitFor();
    const elapsed = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const sidebarElement = document.querySelector('[data-slot="writings/Sidebar"]');
          const all = [...(sidebarElement?.querySelectorAll('li button') ?? [])].find(
            (button) => button.textContent === 'All writings',
          ) as HTMLButtonElement | undefined;
          if (!sidebarElement || !all) throw new Error('no All writings');
          const began = performance.now();
          const observer = new MutationObserver(() => {
            if (!sidebarElement.querySelector('[role="option"]')) return;
            observer.disconnect();
            // Painted: the frame after the rows are in the DOM.
            requestAnimationFrame(() => resolve(performance.now() - began));
          });
          observer.observe(sidebarElement, { childList: true, subtree: true });
          all.click();
        }),
    );
    if (run >= 2) firstPage.push(elapsed);
  }

  const tracePath = join(tmpdir(), `writings-list-bench-${process.pid}.json`);
  await browser.startTracing(page, {
    path: tracePath,
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
  });
  const down = await scrollFrames(page, 'down');
  const loaded = await sidebar.getByRole('option').count();
  const up = await scrollFrames(page, 'up');
  await browser.stopTracing();
  const cpu = mainThreadCpuPerFrame(await readFile(tracePath, 'utf8'));
  await rm(tracePath, { force: true });

  console.log(`Writings list, ${WRITINGS} writings (Chromium, production build, local backend)`);
  console.log(
    `first page (click -> first row painted), ${firstPage.length} runs: p50 ${ms(percentile(firstPage, 50))}, p95 ${ms(percentile(firstPage, 95))}, max ${ms(Math.max(...firstPage))} (budget 100 ms)`,
  );
  console.log(
    `  of which the REST page of 20 from Node: p50 ${ms(percentile(rest, 50))}, p95 ${ms(percentile(rest, 95))}`,
  );
  console.log(frameReport('scrolling down, paging through all writings', down));
  console.log(frameReport('scrolling up over the loaded list', up));
  console.log(
    `main-thread CPU per frame while scrolling (both ways), ${cpu.length} frames: p50 ${ms(percentile(cpu, 50))}, p95 ${ms(percentile(cpu, 95))}, p99 ${ms(percentile(cpu, 99))}, max ${ms(Math.max(...cpu))}; ${cpu.filter((time) => time > FRAME_BUDGET_MS).length} frames over ${ms(FRAME_BUDGET_MS)} of the page's own work`,
  );
  console.log(`rows in the DOM at the end: ${loaded} (virtualized)`);
} finally {
  await browser.close();
  await workspace.close();
  await backend.stop();
}
