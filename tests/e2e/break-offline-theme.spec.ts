import { messages } from 'shared-kernel';
import { signInBeforeLoad } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { WorkspacePage } from './support/workspace-page.ts';

test.describe('the break screen', () => {
  test('shows a clock and a joke, collects icons, and welcomes the writer back on a key', async ({
    page,
    workspace,
  }) => {
    await page.clock.install({ time: new Date('2026-11-22T09:41:00') });
    await workspace.open();
    await workspace.expectMounted('writings/Editor');

    // From here on, time moves only when the test says so.
    await page.clock.pauseAt(new Date('2026-11-22T10:00:00'));
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('menuitem', { name: 'Take a break' }).click();
    const screen = page.getByRole('dialog', { name: 'Break' });
    await expect(screen).toBeVisible();
    const clock = screen.locator('time');
    const before = await clock.getAttribute('datetime');

    await page.clock.runFor(499);
    await expect(screen.locator('p[aria-live]')).toBeEmpty();
    await page.clock.runFor(2);
    await expect(screen.locator('p[aria-live]')).not.toBeEmpty();
    await page.clock.runFor(1000);
    expect(await clock.getAttribute('datetime')).not.toBe(before);

    const icons = () => screen.locator('[data-bouncing-icon]').count();
    const first = await icons();
    await page.clock.runFor(30_000);
    await expect.poll(icons).toBe(first + 1);

    await page.keyboard.press('Space');
    await page.clock.runFor(699);
    await expect(screen.getByRole('status')).toHaveCount(0);
    await page.clock.runFor(1);
    await expect(screen.getByRole('status')).toBeVisible();
    await page.clock.runFor(1600);
    await expect(screen).toBeHidden();
  });
});

test.describe('offline', () => {
  test("shows the Offline badge while the connection is gone and says 'Back online' when it returns", async ({
    page,
    context,
    workspace,
  }) => {
    await workspace.open();
    await workspace.expectMounted('writings/Editor');

    await context.setOffline(true);
    await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toContainText(
      "You're offline — changes will sync when back online.",
    );
    await context.setOffline(false);
    await expect(page.getByText('Back online')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: "You're offline" })).toHaveCount(0);
  });

  test("says 'Back online' even when the first request after the connection returns fails", async ({
    browser,
    account,
  }) => {
    // Without the service worker, whose cache could answer that request: it reaches the network.
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await signInBeforeLoad(page, account);
    const workspace = new WorkspacePage(page);
    await workspace.open();
    await workspace.expectMounted('writings/Editor');
    await context.setOffline(true);
    await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
    // Chromium may still fail a request made the instant the connection returns: the first script does.
    let scripts = 0;
    await page.route('**/*.js', (route) =>
      scripts++ === 0 ? route.abort('internetdisconnected') : route.continue(),
    );
    await context.setOffline(false);
    await expect(page.getByText('Back online')).toBeVisible();
    expect(scripts).toBeGreaterThan(1);
    await context.close();
  });
});

test.describe('offline on a desktop screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the Offline notice leaves the editor footer and its word count readable', async ({
    page,
    context,
    workspace,
  }) => {
    await workspace.open();
    await workspace.expectMounted('writings/Editor');
    await page
      .locator('[data-slot="writings/Sidebar"]')
      .getByRole('button', { name: messages.writings.newWriting, exact: true })
      .click();
    await expect(page.locator('[data-slot="writings/Editor"] .ProseMirror')).toBeFocused();
    await page.keyboard.type('Harbour');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Three more words.');
    const footer = page.locator('[data-slot="writings/Editor"] footer');
    await expect(footer.getByTestId('word-count')).toHaveText('4 words');
    await context.setOffline(true);
    const notice = page.getByRole('status').filter({ hasText: "You're offline" });
    await expect(notice).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('offline-notice.png') });
    const box = async (locator: typeof notice) => {
      const found = await locator.boundingBox();
      if (!found) throw new Error('not laid out');
      return found;
    };
    const [a, b] = [await box(notice), await box(footer)];
    const overlaps =
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlaps, `notice ${JSON.stringify(a)} footer ${JSON.stringify(b)}`).toBe(false);
    await expect(footer.getByTestId('word-count')).toBeInViewport({ ratio: 1 });
  });
});

test.describe('appearance', () => {
  test('applies the saved palette and UI font, and follows a change made in another tab', async ({
    page,
    context,
    workspace,
  }) => {
    await page.addInitScript(() => {
      if (!localStorage.getItem('workspace.preferences')) {
        localStorage.setItem('workspace.preferences', JSON.stringify({ palette: 'nord', uiFont: 'serif' }));
      }
    });
    await workspace.open();
    const root = page.locator('html');
    await expect(root).toHaveAttribute('data-palette', 'nord');
    const serif = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(serif).toMatch(/Charter|Georgia|serif/);

    const other = await context.newPage();
    await other.goto('/workspace');
    await other.evaluate(() =>
      localStorage.setItem('workspace.preferences', JSON.stringify({ palette: 'rose', uiFont: 'serif' })),
    );
    await expect(root).toHaveAttribute('data-palette', 'rose');
  });
});
