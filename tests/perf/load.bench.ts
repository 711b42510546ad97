/**
 * Cold load of the composed production page in Chromium (`pnpm bench:load`).
 * Prints JS bytes (raw and gzip) per origin and in total, federation overhead per remote, request count,
 * the time until every slot is mounted, and the time until the editor is interactive. Budgets
 * (docs/architecture.md, Budgets): editor interactive <= 1.0 s; initial JS <= 350 KB gzip for the whole page; <= 2
 * extra requests and <= 30 KB gzip of federation overhead per remote.
 *
 * The writer has one writing, which opens on load (docs/product.md, Writings: the first writing opens on load): the
 * page is measured with its editor in use, as a returning writer sees it, not as an empty account.
 * JS counts every script fetched until the network is idle after the load, so code loaded on first use
 * (a menu, a dialog) is not initial JS, and code prefetched while idle is.
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Response } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { startBackend } from 'local-backend';
import { LOCAL_BACKEND } from 'shared-kernel/build';
import WebSocket from 'ws';
import { serveWorkspace } from '../../scripts/serve-workspace.mjs';
import { sessionStorageKey } from '../e2e/support/accounts.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PORT = 4400;
// The four areas; the settings and pricing dialogs mount on first use (shared-kernel ON_DEMAND_PARCELS).
const SLOT_COUNT = 4;

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

interface Sample {
  mountedMs: number;
  editorInteractiveMs: number;
  requests: number;
  js: Map<string, { raw: number; gzip: number; files: number }>;
  federation: Map<string, { requests: number; gzip: number }>;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0;

const backend = await startBackend({ dataDir: 'memory://', port: 0 });
const writer = createClient(backend.url, backend.anonKey, {
  auth: { persistSession: false },
  realtime: { transport: WebSocket as never },
});
const { data: signUp, error } = await writer.auth.signUp({
  email: `bench-${Date.now()}@example.com`,
  password: 'bench password',
});
if (error || !signUp.session) throw new Error(`sign-up failed: ${error?.message}`);
const session = signUp.session;
const { error: insertError } = await writer
  .from('writings')
  .insert({ title: WRITING_TITLE, content: writingContent });
if (insertError) throw new Error(`writing insert failed: ${insertError.message}`);

const workspace = await serveWorkspace({ port: PORT });
const origins = new Map<string, string>([[new URL(workspace.url).origin, 'shell']]);
for (const [name, url] of Object.entries(workspace.remotes)) origins.set(new URL(url).origin, name);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

async function coldLoad({ listFiles = false } = {}): Promise<Sample> {
  const context = await browser.newContext(); // a fresh profile: empty cache
  await context.route(`${LOCAL_BACKEND.url}/**`, (route) =>
    route.continue({ url: route.request().url().replace(LOCAL_BACKEND.url, backend.url) }),
  );
  // Signed in, as a returning writer is: the page goes straight to the workspace.
  await context.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
    key: sessionStorageKey(),
    value: JSON.stringify(session),
  });
  const page = await context.newPage();
  const sample: Sample = {
    mountedMs: 0,
    editorInteractiveMs: 0,
    requests: 0,
    js: new Map(),
    federation: new Map(),
  };
  // Bodies are read after the measurement: reading and compressing them during the load would compete
  // with the page for the machine's two cores.
  const responses: Response[] = [];
  page.on('response', (response) => responses.push(response));
  await page.goto(`${workspace.url}/workspace`);
  await page.waitForFunction(
    (count) => document.querySelectorAll('[data-slot][data-status="ready"]').length === count,
    SLOT_COUNT,
    { timeout: 30_000 },
  );
  sample.mountedMs = await page.evaluate(() => performance.now());
  // Interactive: the writing is shown in an editable editor (keys typed now land in the document).
  sample.editorInteractiveMs = await (
    await page.waitForFunction(
      (title) => {
        const editor = document.querySelector('[data-slot="writings/Editor"] [contenteditable="true"]');
        return editor?.querySelector('h1')?.textContent === title ? performance.now() : 0;
      },
      WRITING_TITLE,
      { timeout: 30_000 },
    )
  ).jsonValue();
  await page.waitForLoadState('networkidle');
  sample.requests = responses.length;
  for (const response of responses) {
    const url = new URL(response.url());
    const origin = origins.get(url.origin) ?? url.origin;
    const body = await response.body().catch(() => null);
    if (!body) continue;
    const gzip = gzipSync(body).length;
    if (url.pathname.endsWith('.js')) {
      // BENCH_FILES=1 lists every script with its size, to see what a change added or removed.
      if (listFiles) console.log(`  ${origin.padEnd(12)} ${kb(gzip).padStart(6)} KB  ${url.pathname}`);
      const entry = sample.js.get(origin) ?? { raw: 0, gzip: 0, files: 0 };
      sample.js.set(origin, {
        raw: entry.raw + body.length,
        gzip: entry.gzip + gzip,
        files: entry.files + 1,
      });
    }
    if (url.pathname.endsWith('/mf-manifest.json') || url.pathname.endsWith('/remoteEntry.js')) {
      const entry = sample.federation.get(origin) ?? { requests: 0, gzip: 0 };
      sample.federation.set(origin, { requests: entry.requests + 1, gzip: entry.gzip + gzip });
    }
  }
  await context.close();
  return sample;
}

await coldLoad(); // warm the OS file cache and the browser binary, not measured
const samples: Sample[] = [];
for (let run = 0; run < RUNS; run += 1) {
  samples.push(await coldLoad({ listFiles: Boolean(process.env.BENCH_FILES) && run === RUNS - 1 }));
}
await browser.close();
await workspace.close();
await backend.stop();

const last = samples.at(-1);
if (!last) throw new Error('no samples');
console.log(
  `\nCold load of the composed page, ${RUNS} runs (Chromium ${browser.version()}, production build)\n`,
);
console.log('JS downloaded per origin        files     raw KB    gzip KB');
let totalRaw = 0;
let totalGzip = 0;
for (const [origin, { raw, gzip, files }] of last.js) {
  totalRaw += raw;
  totalGzip += gzip;
  console.log(
    `  ${origin.padEnd(28)} ${String(files).padStart(6)} ${kb(raw).padStart(10)} ${kb(gzip).padStart(10)}`,
  );
}
console.log(
  `  ${'total'.padEnd(28)} ${''.padStart(6)} ${kb(totalRaw).padStart(10)} ${kb(totalGzip).padStart(10)}   (budget 350 KB gzip)`,
);
console.log(
  '\nFederation overhead per remote  requests  gzip KB   (manifest + remoteEntry.js; budget 2 and 30 KB)',
);
for (const [origin, { requests, gzip }] of last.federation) {
  console.log(`  ${origin.padEnd(28)} ${String(requests).padStart(8)} ${kb(gzip).padStart(8)}`);
}
const mounted = samples.map((sample) => sample.mountedMs);
const interactive = samples.map((sample) => sample.editorInteractiveMs);
console.log(`\nRequests per load: ${last.requests}`);
console.log(
  `Every slot mounted after: median ${median(mounted).toFixed(0)} ms, p95 ${percentile(mounted, 95).toFixed(0)} ms, ` +
    `min ${Math.min(...mounted).toFixed(0)} ms, max ${Math.max(...mounted).toFixed(0)} ms`,
);
console.log(
  `Editor interactive after: median ${median(interactive).toFixed(0)} ms, p95 ${percentile(interactive, 95).toFixed(0)} ms, ` +
    `min ${Math.min(...interactive).toFixed(0)} ms, max ${Math.max(...interactive).toFixed(0)} ms   (budget 1000 ms)`,
);
