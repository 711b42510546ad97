import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { expect, it } from 'vitest';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';

/**
 * The features the installed Playwright turns off when it launches Chromium (its chromiumSwitches.ts,
 * bundled into playwright-core's lib/coreBundle.js), reached the way @playwright/test reaches it.
 */
function playwrightDisabledFeatures(): string[] {
  const fromTest = createRequire(import.meta.resolve('@playwright/test/package.json'));
  const fromPlaywright = createRequire(fromTest.resolve('playwright/package.json'));
  const core = dirname(fromPlaywright.resolve('playwright-core/package.json'));
  const bundle = readFileSync(join(core, 'lib', 'coreBundle.js'), 'utf8');
  const list = /disabledFeatures = \[([\s\S]*?)\]/.exec(bundle)?.[1] ?? '';
  return [...list.matchAll(/"(\w+)"/g)].map(([, feature]) => feature ?? '');
}

// Chromium reads only the last --disable-features: ours must repeat every feature Playwright turns off,
// or the browser tests and benches would run with those on (tests/e2e/support/chromium.ts).
it("the browser tests' --disable-features keeps every feature the installed Playwright turns off", () => {
  const ours = (chromiumLaunchOptions.args ?? [])
    .filter((arg) => arg.startsWith('--disable-features='))
    .flatMap((arg) => arg.slice('--disable-features='.length).split(','));
  const playwrights = playwrightDisabledFeatures();
  expect(
    playwrights,
    "no list in playwright-core's bundle: find Playwright's list again by hand",
  ).not.toEqual([]);
  expect(ours).toEqual(expect.arrayContaining(playwrights));
  expect(ours).toEqual(expect.arrayContaining(['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']));
});
