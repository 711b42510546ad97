/**
 * The ideas panel with 10,000 ideas in Chromium, on the composed production build (`pnpm build`, then
 * `pnpm --filter tests bench:ideas`). Prints:
 * - capture to visible: Enter in 'Capture a thought' until the new idea's row is painted (budget 50 ms,
 *   docs/architecture.md, Budgets), beside its floor: a keystroke in the same composer until painted;
 * - scroll frames: frame times while scrolling the list to the bottom (paging 20 at a time through all
 *   10,000), then back to the top over the whole loaded list (budget: 60 fps, as the writings list).
 * BENCH_TRACE=1 then scrolls down and up once more, traced, and prints the main thread's CPU per frame of
 * that second way up (the page's own work, apart from a busy machine) and where it goes.
 */
import { chromium, type Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { startBackend } from 'local-backend';
import WebSocket from 'ws';
import { serveWorkspace } from '../../scripts/serve-workspace.mjs';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';
import { mainThreadCpuPerFrame, traceBreakdown } from './support/trace.ts';

const IDEAS = Number(process.env.BENCH_IDEAS ?? 10_000);
const CAPTURES = Number(process.env.BENCH_RUNS ?? 30);
const PORT = 4610;
const BACKEND_PORT = 54321;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const report = (label: string, values: number[]) =>
  `${label}, ${values.length} runs: p50 ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))}, max ${ms(Math.max(...values))}`;

/** Enter (or a key) in the composer until the frame after the DOM shows `text` in the ideas list. */
function typeToPaint(page: Page, text: string, key: 'Enter' | 'x'): Promise<number> {
  return page.evaluate(
    ({ text: wanted, key: pressed }) =>
      new Promise<number>((resolve) => {
        const panel = document.querySelector('[data-slot="ideas/IdeasPanel"]');
        const composer = panel?.querySelector(
          'textarea[aria-label="Capture a thought"]',
        ) as HTMLTextAreaElement | null;
        if (!panel || !composer) throw new Error('no composer');
        // A keystroke changes the textarea's value, which is no DOM mutation: it is timed to the next frame.
        const done = () =>
          [...panel.querySelectorAll('[role="option"]')].some((row) => row.textContent?.includes(wanted));
        const began = performance.now();
        const observer = new MutationObserver(() => {
          if (!done()) return;
          observer.disconnect();
          requestAnimationFrame(() => resolve(performance.now() - began));
        });
        if (pressed === 'Enter')
          observer.observe(panel, { childList: true, subtree: true, characterData: true });
        else requestAnimationFrame(() => resolve(performance.now() - began));
        composer.focus();
        if (pressed === 'Enter') {
          composer.dispatchEvent(
            new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }),
          );
        } else {
          // React's controlled textarea: set the value the way typing does, then tell React.
          const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
          setter?.call(composer, `${composer.value}x`);
          composer.dispatchEvent(new Event('input', { bubbles: true }));
        }
      }),
    { text, key },
  );
}

/** Frame times while scrolling the ideas list `direction` to its end. */
function scrollFrames(page: Page, direction: 'down' | 'up'): Promise<number[]> {
  return page.evaluate(async (way) => {
    const listbox = document.querySelector('[data-slot="ideas/IdeasPanel"] [role="listbox"]');
    const scroller = listbox?.parentElement;
    if (!scroller) throw new Error('no ideas list');
    const frames: number[] = [];
    let last = performance.now();
    let quiet = 0;
    await new Promise<void>((resolve) => {
      const tick = (now: number) => {
        frames.push(now - last);
        last = now;
        const before = scroller.scrollTop;
        scroller.scrollTop += way === 'down' ? 400 : -400;
        const finished =
          way === 'down'
            ? scroller.scrollTop === before && (scroller.textContent ?? '').includes('End of ideas')
            : scroller.scrollTop === 0;
        quiet = finished ? quiet + 1 : 0;
        if (quiet > 2 || frames.length > 20_000) resolve();
        else requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    return frames.slice(1);
  }, direction);
}

function frameReport(label: string, frames: number[]): string {
  const over = frames.filter((frame) => frame > 17.5).length;
  return `${label}: ${frames.length} frames, p50 ${ms(percentile(frames, 50))}, p95 ${ms(percentile(frames, 95))}, p99 ${ms(percentile(frames, 99))}, ${((over / frames.length) * 100).toFixed(1)}% over 17.5 ms`;
}

const backend = await startBackend({ dataDir: 'memory://', port: BACKEND_PORT });
const workspace = await serveWorkspace({ port: PORT });
const browser = await chromium.launch(chromiumLaunchOptions);

try {
  const client = createClient(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  const signedUp = await client.auth.signUp({
    email: `ideas-bench-${Date.now()}@example.com`,
    password: 'bench-password',
  });
  const session = signedUp.data.session;
  if (!session) throw signedUp.error ?? new Error('no session');
  const start = Date.UTC(2024, 0, 1);
  for (let offset = 0; offset < IDEAS; offset += 1000) {
    const rows = Array.from({ length: Math.min(1000, IDEAS - offset) }, (_, index) => {
      const number = offset + index;
      const at = new Date(start + number * 3 * 3_600_000).toISOString();
      return {
        user_id: session.user.id,
        content: `Idea ${number}: a lighthouse keeper who collects storms, and what the sea owes her.`,
        created_at: at,
        updated_at: at,
      };
    });
    const inserted = await client.from('ideas').insert(rows);
    if (inserted.error) throw inserted.error;
  }

  const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  await page.addInitScript('globalThis.__name = (target) => target');
  await page.addInitScript(
    (value) => localStorage.setItem('sb-127-auth-token', value),
    JSON.stringify(session),
  );
  await page.goto(`${workspace.url}/workspace`);
  const panel = page.locator('[data-slot="ideas/IdeasPanel"]');
  await panel.getByRole('option').first().waitFor();

  const floor: number[] = [];
  const capture: number[] = [];
  for (let run = 0; run < CAPTURES + 3; run++) {
    const keystroke = await typeToPaint(page, '', 'x');
    await page.evaluate(() => {
      const composer = document.querySelector(
        '[data-slot="ideas/IdeasPanel"] textarea[aria-label="Capture a thought"]',
      ) as HTMLTextAreaElement;
      const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
      setter?.call(composer, '');
      composer.dispatchEvent(new Event('input', { bubbles: true }));
    });
    const text = `Captured thought ${run} ${Math.random().toString(36).slice(2, 8)}`;
    await page.locator('[data-slot="ideas/IdeasPanel"] textarea[aria-label="Capture a thought"]').fill(text);
    const captured = await typeToPaint(page, text, 'Enter');
    if (run >= 3) {
      floor.push(keystroke);
      capture.push(captured);
    }
  }

  const scrollBegan = performance.now();
  const down = await scrollFrames(page, 'down');
  const scrollSeconds = (performance.now() - scrollBegan) / 1000;
  const reachedEnd = await panel.getByText('End of ideas').isVisible();
  const loaded = await panel.getByRole('option').count();
  const up = await scrollFrames(page, 'up');

  console.log(`Ideas panel, ${IDEAS} ideas (Chromium, production build, local backend)`);
  console.log(report('capture to visible (Enter -> new row painted)', capture), '(budget p95 50 ms)');
  console.log(report('  floor: a keystroke in the composer -> painted', floor));
  console.log(
    `${frameReport('scrolling down, paging through all ideas', down)}; ${scrollSeconds.toFixed(1)} s, ${reachedEnd ? 'reached End of ideas' : 'stopped before the end (frame cap)'}`,
  );
  console.log(frameReport('scrolling up over the loaded list', up));
  console.log(`rows in the DOM at the end: ${loaded} (virtualized)`);
  if (process.env.BENCH_TRACE) {
    await scrollFrames(page, 'down');
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'],
    });
    const traced = await scrollFrames(page, 'up');
    const trace = await browser.stopTracing();
    const cpu = mainThreadCpuPerFrame(trace);
    console.log(frameReport('traced, scrolling up again', traced));
    console.log(
      `  main-thread CPU per frame: p50 ${ms(percentile(cpu, 50))}, p95 ${ms(percentile(cpu, 95))}, p99 ${ms(percentile(cpu, 99))}`,
    );
    for (const [step, time] of traceBreakdown(trace, traced.length, 10)) {
      console.log(`  ${step.padEnd(32)} ${ms(time)} per frame`);
    }
  }
} finally {
  // Closing the backend can wait on a connection the page left open: the numbers are printed by now.
  setTimeout(() => process.exit(process.exitCode ?? 0), 10_000).unref();
  await browser.close();
  await workspace.close();
  await backend.stop();
}
