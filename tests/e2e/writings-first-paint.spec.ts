import type { Route } from '@playwright/test';
import { expectSaved, holdEditorCode, openWithEditorHeld, tideTables } from './support/first-paint.ts';
import { expect, test } from './support/fixtures.ts';

// The writing that opens is shown as static HTML while the editor's code (Tiptap, ProseMirror) loads
// (mf-writings editor/first-paint): how it looks and how the editor takes its place. What the writer types
// on it meanwhile: writings-early-input.spec.ts.

// The editor's code is held back by routing the page's requests. A service worker's fetches are not routed
// (Playwright): one that took over and kept the version early handed the editor over unheld (the phone
// test failed so on a quiet machine).
test.use({ serviceWorkers: 'block' });

test('nothing moves on the page in the first second of a load: skeletons and the splash keep still', async ({
  page,
  account,
  workspace,
}) => {
  // Every animation or transition in its active phase, sampled at each frame of the load's first second
  // (a loading animation held back by its delay is not active yet).
  await page.addInitScript(() => {
    const moving = new Set<string>();
    Object.assign(window, { movingInFirstSecond: moving });
    const sample = () => {
      for (const animation of document.getAnimations()) {
        if (animation.effect?.getComputedTiming().progress == null) continue;
        const target = (animation.effect as KeyframeEffect).target as Element | null;
        const name =
          (animation as CSSAnimation).animationName ?? (animation as CSSTransition).transitionProperty;
        moving.add(`${name} on ${target?.className}`);
      }
      if (performance.now() < 1000) requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  const release = await holdEditorCode(page); // the slowest part held, so the skeletons stay up
  await tideTables(account);
  await workspace.open({ waitUntil: 'commit' });
  await page.waitForFunction(() => performance.now() > 1100);
  const moving = await page.evaluate(() => [
    ...(window as unknown as { movingInFirstSecond: Set<string> }).movingInFirstSecond,
  ]);
  expect(moving).toEqual([]);
  release();
});

test('the editor takes the place of the static copy without moving a line', async ({
  page,
  account,
  workspace,
}) => {
  const { release, copy } = await openWithEditorHeld({ page, account, workspace });
  const lastLine = copy.getByText('Bring <b>boots</b> & a coat.');
  await expect(lastLine).toBeVisible();
  const before = await lastLine.boundingBox();

  release();
  const editor = page.getByRole('textbox', { name: 'Writing', exact: true });
  const after = await editor.getByText('Bring <b>boots</b> & a coat.').boundingBox();
  expect(after?.x).toBeCloseTo(before?.x ?? Number.NaN, 0);
  expect(after?.y).toBeCloseTo(before?.y ?? Number.NaN, 0);
  expect(after?.width).toBeCloseTo(before?.width ?? Number.NaN, 0);
});

test('when the editor cannot be fetched the writing stays readable, and Retry brings the editor', async ({
  page,
  account,
  workspace,
}) => {
  await tideTables(account);
  let refuse = true;
  await page.route('**/*.js', async (route: Route) => {
    try {
      const response = await route.fetch();
      const body = await response.text();
      if (refuse && body.includes('ProseMirror')) await route.abort('internetdisconnected');
      else await route.fulfill({ response, body });
    } catch {
      // The page closed while a script was on its way (the test is over).
    }
  });
  await workspace.open();
  const alert = page.getByRole('alert').filter({ hasText: 'Editor is unavailable' });
  await expect(alert).toBeVisible();
  await expect(page.getByTestId('static-writing').getByText('Low water at noon.')).toBeVisible();

  refuse = false;
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('textbox', { name: 'Writing', exact: true })).toContainText(
    'Low water at noon.',
  );
  await expect(alert).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the static copy fits the screen, the editor takes its place without moving a line, and a tap and typing land in it', async ({
    page,
    account,
    workspace,
  }) => {
    const { client, id, release, copy } = await openWithEditorHeld({ page, account, workspace });
    const line = copy.getByText('Low water at noon.');
    await expect(line).toBeInViewport();
    // Nothing of the copy runs past the screen's edge.
    expect(await copy.evaluate((element) => element.getBoundingClientRect().right)).toBeLessThanOrEqual(390);
    const before = await line.boundingBox();
    if (!before) throw new Error('the paragraph is not laid out');

    await line.click({ position: { x: before.width - 4, y: before.height / 2 } });
    await page.keyboard.type(' Slack tide.');
    release();
    const editor = page.getByRole('textbox', { name: 'Writing', exact: true });
    const paragraph = editor.locator('p').nth(0);
    await expect(paragraph).toHaveText('Low water at noon. Slack tide.');
    const after = await paragraph.boundingBox();
    expect(after?.x).toBeCloseTo(before.x, 0);
    expect(after?.y).toBeCloseTo(before.y, 0);
    await expectSaved(client, id, 'Low water at noon. Slack tide.');
  });
});
