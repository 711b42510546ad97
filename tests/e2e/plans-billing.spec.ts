import type { Page } from '@playwright/test';
import { messages } from 'shared-kernel';
import { createAccount, signInBeforeLoad } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { WorkspacePage } from './support/workspace-page.ts';

// Plans and billing through the local backend's Stripe test mode (hosted checkout and portal pages,
// signed webhooks, a test clock).

const STRIPE_TEST_KEY = 'sk_test_local_backend';
const BACKEND_URL = 'http://127.0.0.1:54321';

async function freeWorkspace(page: Page): Promise<WorkspacePage> {
  await signInBeforeLoad(page, await createAccount('plans', { plan: 'FREE' }));
  const workspace = new WorkspacePage(page);
  await workspace.open();
  await workspace.expectMounted('writings/Sidebar');
  return workspace;
}

async function openPlans(workspace: WorkspacePage) {
  const dialog = await workspace.openSettings();
  await dialog.getByRole('tab', { name: 'Plans' }).click();
  return dialog;
}

async function payWith(page: Page, card: string) {
  await expect(page).toHaveURL(/\/stripe\/checkout\/cs_test_/);
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiration').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Subscribe' }).click();
}

test('a FREE writer upgrades to Pro yearly through the local checkout, cancels at period end and is FREE after it', async ({
  page,
}) => {
  const workspace = await freeWorkspace(page);
  let plans = await openPlans(workspace);
  await expect(plans.getByTestId('current-tier')).toHaveText('Free');
  await expect(plans.getByText('0 / 3')).toBeVisible();

  await plans.getByRole('button', { name: messages.pricing.yearly }).click();
  await expect(plans.getByRole('listitem', { name: 'Pro' })).toContainText('$200/year');
  await expect(plans.getByRole('listitem', { name: 'Pro' })).toContainText(messages.pricing.yearlySaving(40));
  await plans.getByRole('button', { name: 'Choose Pro' }).click();
  await expect(page.getByRole('heading', { name: 'Subscribe to Pro' })).toBeVisible();
  await expect(page.getByText('$200.00 per year')).toBeVisible();
  await payWith(page, '4242 4242 4242 4242');

  await expect(page).toHaveURL(/\/workspace$/);
  await expect(page.getByText(messages.plans.checkoutSucceeded)).toBeVisible();
  plans = page.getByRole('dialog', { name: 'Settings' });
  await expect(plans.getByTestId('current-tier')).toHaveText('Pro');
  await expect(plans.getByText(messages.plans.activated('Pro'))).toBeVisible();
  await expect(plans.getByText('0 / 100')).toBeVisible();
  await expect(plans.getByText(/Renews on/)).toBeVisible();

  await plans.getByRole('button', { name: messages.plans.manage }).click();
  await expect(page).toHaveURL(/\/stripe\/portal\/bps_/);
  await page.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(page.getByTestId('subscription-status')).toContainText('Cancels on');
  await page.getByRole('link', { name: 'Return to the workspace' }).click();
  plans = await openPlans(workspace);
  await expect(plans.getByText(/Ends on/)).toBeVisible();

  const advanced = await page.request.post(`${BACKEND_URL}/stripe/test/advance-time`, {
    headers: { authorization: `Bearer ${STRIPE_TEST_KEY}` },
    data: { seconds: 367 * 86_400 },
  });
  expect(advanced.ok()).toBe(true);
  await expect(async () => {
    await page.reload();
    const reopened = await openPlans(workspace);
    await expect(reopened.getByTestId('current-tier')).toHaveText('Free', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
});

test('a declined card changes nothing', async ({ page }) => {
  const workspace = await freeWorkspace(page);
  const plans = await openPlans(workspace);
  await plans.getByRole('button', { name: 'Choose Lite' }).click();
  await payWith(page, '4000 0000 0000 0002');
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  await page.getByRole('link', { name: '← Back' }).click();
  await expect(page.getByText(messages.plans.checkoutCanceled).first()).toBeVisible();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings.getByTestId('current-tier')).toHaveText('Free');
});

test('choosing Free says the writer is already on it', async ({ page }) => {
  const workspace = await freeWorkspace(page);
  const plans = await openPlans(workspace);
  await plans.getByRole('listitem', { name: 'Free' }).getByRole('button').click();
  await expect(plans.getByRole('status').filter({ hasText: messages.checkout.alreadyFree })).toBeVisible();
  await expect(plans.getByTestId('current-tier')).toHaveText('Free');
});

test('the 4th document of the month on FREE shows the rate limit alert with Upgrade; a New left untouched is none', async ({
  page,
}) => {
  await freeWorkspace(page);
  const sidebar = page.locator('[data-slot="writings/Sidebar"]');
  const rows = sidebar.getByRole('listbox', { name: 'Writings' }).getByRole('option');
  // Each new writing gets a title, so it is not an abandoned draft the next New would remove.
  const prose = page.locator('[data-slot="writings/Editor"] .ProseMirror');
  const newWriting = sidebar.getByRole('button', { name: messages.writings.newWriting, exact: true });
  // New pressed and left three times: each untouched draft is deleted as it is left, and is not one of
  // the month's documents.
  const made = new Set<string>();
  for (let left = 0; left < 3; left++) {
    await newWriting.click();
    await expect(rows).toHaveCount(1);
    await expect
      .poll(async () => {
        const id = (await rows.first().getAttribute('data-writing-id')) ?? '';
        return !made.has(id) && !id.startsWith('local_');
      })
      .toBe(true);
    made.add((await rows.first().getAttribute('data-writing-id')) ?? '');
  }
  for (let created = 1; created <= 3; created++) {
    await newWriting.click();
    await expect(rows).toHaveCount(created);
    await prose.click();
    await page.keyboard.type(`Chapter ${created}`);
    await expect(rows.filter({ hasText: `Chapter ${created}` })).toHaveCount(1);
  }
  // The server takes its time to refuse the 4th: the writer clicks into the writing still open and types.
  await page.route('**/rest/v1/writings*', async (route) => {
    if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 800));
    await route.fallback();
  });
  await newWriting.click();
  await prose.click();
  await page.keyboard.type(' notes');
  const alert = sidebar
    .getByRole('alert')
    .filter({ hasText: "You've reached your monthly limit for documents. Resets on " });
  await expect(alert).toBeVisible();
  // Refused by the server: no 4th writing, and the three stay; what was typed went into the one open.
  await expect(rows).toHaveCount(3);
  await expect(prose).toContainText('notes');
  await alert.getByRole('button', { name: messages.pricing.upgrade }).click();
  const pricing = page.getByRole('dialog', { name: 'Rate Limit Reached' });
  await expect(pricing).toBeVisible();
  await expect(pricing.getByText(messages.pricing.rateLimitBody)).toBeVisible();
  await expect(pricing.getByText(messages.pricing.saveBadge)).toBeVisible();
  await expect(pricing.getByRole('listitem', { name: 'Free' })).toContainText(messages.pricing.currentPlan);
});
