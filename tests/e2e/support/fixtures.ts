import { test as base, type ConsoleMessage, type Page } from '@playwright/test';
import { type Account, createAccount, signInBeforeLoad } from './accounts.ts';
import { WorkspacePage } from './workspace-page.ts';

/**
 * `account`: a fresh writer for this test. `workspace`: the composed page, signed in as that writer
 * before it loads. `browserLog` (automatic): the warnings and errors every tab of the test logged,
 * printed when the test fails, so a failure seen only in CI says what the pages saw.
 */
export const test = base.extend<{ account: Account; workspace: WorkspacePage; browserLog: undefined }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as the first argument
  account: async ({}, use) => {
    await use(await createAccount());
  },
  workspace: async ({ page, account }, use) => {
    await signInBeforeLoad(page, account);
    await use(new WorkspacePage(page));
  },
  browserLog: [
    async ({ context }, use, testInfo) => {
      const started = Date.now();
      const lines: string[] = [];
      const listen = (page: Page) => {
        const tab = context.pages().indexOf(page) + 1;
        const note = (kind: string, text: string) =>
          lines.push(`  +${Date.now() - started} ms tab ${tab} ${kind}: ${text}`);
        page.on('console', (message: ConsoleMessage) => {
          if (message.type() === 'warning' || message.type() === 'error')
            note(message.type(), message.text());
        });
        page.on('pageerror', (error) => note('uncaught', error.message));
      };
      for (const page of context.pages()) listen(page);
      context.on('page', listen);
      await use(undefined);
      if (testInfo.status !== testInfo.expectedStatus && lines.length > 0)
        console.log(`What the browser logged in "${testInfo.title}":\n${lines.join('\n')}`);
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
