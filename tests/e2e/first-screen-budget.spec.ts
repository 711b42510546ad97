/**
 * The size check of the first screen in `npm test`: the composed production page, loaded once as a
 * signed-in writer with one writing, must not fetch more than 350 KB gzip of JS before its first screen
 * (docs/architecture.md, Budgets). A size check, not a timing check: which scripts count is decided by the
 * page's own clock (tests/perf/support/first-screen.ts, shared with `pnpm bench:load`, which has the
 * definitions), and the budget holds on a slow machine as on a fast one.
 * And the check that a returning load runs its scripts from the compiled code Chromium keeps beside the
 * worker's copies: the remotes' entry scripts went without it until 2026-12-03, and returning loads came 30-60
 * ms later (docs/architecture.md, Budgets), which no size check sees.
 */
import {
  INITIAL_JS_BUDGET_KB,
  jsTable,
  measureLoad,
  originNames,
  totalGzip,
  watchFirstScreen,
} from '../perf/support/first-screen.ts';
import { backendClient } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { SLOTS, WorkspacePage } from './support/workspace-page.ts';

const TITLE = 'The writing that opens';

test('the first screen of the composed page loads at most 350 KB gzip of JS, and marks its steps in order', async ({
  page,
  workspace,
  account,
  baseURL,
}) => {
  const client = backendClient();
  await client.auth.signInWithPassword({ email: account.email, password: account.password });
  const { error } = await client.from('writings').insert({
    title: TITLE,
    content: {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: TITLE }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'The first lines of a draft.' }] },
      ],
    },
  });
  expect(error).toBeNull();

  await watchFirstScreen(page, TITLE);
  const origins = await originNames(baseURL ?? 'http://localhost:4300');
  const sample = await measureLoad(page, () => workspace.open(), { origins });

  const initialKb = totalGzip(sample.scripts, true) / 1024;
  expect(
    initialKb,
    `initial JS ${initialKb.toFixed(1)} KB gzip, budget ${INITIAL_JS_BUDGET_KB} KB:\n${jsTable(sample).join('\n')}`,
  ).toBeLessThanOrEqual(INITIAL_JS_BUDGET_KB);

  // The steps `pnpm bench:load` prints, in the order the page reached them: its own answer, then the marks
  // it made (a first load: the editor's code is asked for once the copy has painted).
  const steps = [...sample.steps.keys()];
  expect(steps.filter((step) => !step.startsWith('parcel-loaded:'))).toEqual([
    'page-response',
    'shell-entry',
    'shell-bootstrap',
    'session-known',
    'writings-list',
    'writing-copy',
    'editor-code',
    'first-screen',
  ]);
  expect(steps.filter((step) => step.startsWith('parcel-loaded:')).sort()).toEqual([
    'parcel-loaded:chat/ChatPanel',
    'parcel-loaded:ideas/IdeasPanel',
    'parcel-loaded:writings/Editor',
    'parcel-loaded:writings/Sidebar',
  ]);
});

test("a returning load in a new tab runs its scripts from the code Chromium kept while the worker installed, the remotes' entry scripts among them", async ({
  page,
  context,
  browser,
  workspace,
}) => {
  await workspace.open();
  for (const slot of SLOTS) await workspace.expectMounted(slot);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await workspace.keptForOffline();
  await page.close();

  // A writer's next load, in a new tab: its renderer starts with nothing compiled.
  const tab = await context.newPage();
  await browser.startTracing(tab, { categories: ['devtools.timeline'] });
  const returning = new WorkspacePage(tab);
  await returning.open();
  for (const slot of SLOTS) await returning.expectMounted(slot);
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: CompileEvent[] };
  const compiled = trace.traceEvents.filter(
    (event) => event.name === 'v8.compile' && event.args?.data?.url?.includes('/static/js/'),
  );
  // Chromium keeps no compiled code for a script under 1,024 characters: those are compiled as they run.
  const cacheable = new Set<string>();
  for (const url of new Set(compiled.map((event) => event.args?.data?.url ?? ''))) {
    if ((await (await context.request.get(url)).text()).length >= 1024) cacheable.add(url);
  }
  const fileName = (url: string) => new URL(url).pathname.split('/').pop();
  const compiledAnew = compiled
    .filter((event) => cacheable.has(event.args?.data?.url ?? '') && !event.args?.data?.consumedCacheSize)
    .map((event) => fileName(event.args?.data?.url ?? ''));
  expect(compiledAnew, 'scripts of the returning load compiled without their kept code').toEqual([]);
  // The remotes' entry scripts (kept from their manifests, not from a list of files) ran among them.
  expect(compiled.filter((event) => event.args?.data?.url?.includes('/remoteEntry.'))).toHaveLength(3);
});

/** Chromium's trace event for a script's compilation: `consumedCacheSize` when its kept code was used. */
interface CompileEvent {
  name: string;
  args?: { data?: { url?: string; consumedCacheSize?: number } };
}
