import type { LaunchOptions } from '@playwright/test';

/**
 * The features Playwright (1.65, its chromiumSwitches.ts) turns off when it launches Chromium. Chromium
 * reads only the last `--disable-features` of its command line, so a list of our own replaces Playwright's
 * unless it repeats them (checked on chrome://version, "Command-line Variations"). A contract test fails
 * when the installed Playwright's list has a feature this one lacks (tests/contracts/chromium-launch.test.ts).
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * The omnibox's popups. Headless Chromium is the whole browser: it builds the address bar's popups (web
 * pages of its own UI) for every new window, and Playwright opens a window for every context, so each
 * test's and each bench run's first load shared the machine with a second renderer building them. Traced
 * on this 2-core machine: about 1.2 s of CPU beside a cold load of the workspace, and 300-500 ms more in
 * the browser process. A writer's browser builds them when a window opens, not when a page loads.
 */
const OMNIBOX_POPUPS = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * How every browser test and bench launches Chromium: Debian's (installed by scripts/bootstrap.sh;
 * Playwright never downloads a browser here), with nothing running beside the page that a writer's
 * browser would not run while loading it.
 */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUPS].join(',')}`,
  ],
};
