import { test as base } from '@playwright/test';
import { type Account, createAccount, signInBeforeLoad } from './accounts.ts';
import { WorkspacePage } from './workspace-page.ts';

/**
 * `account`: a fresh writer for this test. `workspace`: the composed page, signed in as that writer
 * before it loads.
 */
export const test = base.extend<{ account: Account; workspace: WorkspacePage }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as the first argument
  account: async ({}, use) => {
    await use(await createAccount());
  },
  workspace: async ({ page, account }, use) => {
    await signInBeforeLoad(page, account);
    await use(new WorkspacePage(page));
  },
});

export { expect } from '@playwright/test';
