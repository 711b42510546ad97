/**
 * The size check of the first screen in `npm test`: the composed production page, loaded once as a
 * signed-in writer with one writing, must not fetch more than 350 KB gzip of JS before its first screen
 * (docs/architecture.md, Budgets). A size check, not a timing check: which scripts count is decided by the
 * page's own clock (tests/perf/support/first-screen.ts, shared with `pnpm bench:load`, which has the
 * definitions), and the budget holds on a slow machine as on a fast one.
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

  // The steps `pnpm bench:load` prints, in the order the page marked them (a first load: the editor's
  // code is asked for once the copy has painted).
  const steps = [...sample.steps.keys()];
  expect(steps.filter((step) => !step.startsWith('parcel-loaded:'))).toEqual([
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
