import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from '@playwright/test';
import { serveDist } from '../../scripts/serve-workspace.mjs';
import { FRONT_CACHE } from '../../shell/src/service-worker/version-cache.ts';
import { expect, test } from './support/fixtures.ts';
import type { SlotName, WorkspacePage } from './support/workspace-page.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

const AREAS: SlotName[] = ['writings/Sidebar', 'writings/Editor', 'ideas/IdeasPanel', 'chat/ChatPanel'];

async function expectAreasMounted(workspace: WorkspacePage): Promise<void> {
  // Offline, the auth gate lets the writer in only after three failed checks of the session (~3 s).
  for (const area of AREAS) await workspace.expectMounted(area);
}

/** Opens the workspace with every area and has the worker keep its version. */
async function openAndKeep(workspace: WorkspacePage): Promise<void> {
  await workspace.open();
  await expectAreasMounted(workspace);
  await workspace.keptForOffline();
}

/** Reloads without a network: every area opens from the kept version, the chat among them. */
async function reloadOffline(page: Page, context: BrowserContext, workspace: WorkspacePage): Promise<void> {
  await context.setOffline(true);
  await page.reload();
  await expectAreasMounted(workspace);
  await expect(workspace.slot('chat/ChatPanel')).toContainText('Ready to chat!');
}

/** Drops the front while the version stays kept, as a worker from before the front did. */
async function loseFront(page: Page): Promise<void> {
  expect(await page.evaluate((name) => caches.delete(name), FRONT_CACHE)).toBe(true);
}

/** The chat's host refuses every request for the moment; returns what brings it back. */
async function chatHostDown(context: BrowserContext, workspace: WorkspacePage): Promise<() => Promise<void>> {
  const pattern = `${new URL(await workspace.remoteManifestUrl('mf_chat')).origin}/**`;
  await context.route(pattern, (route) => route.abort('connectionrefused'));
  return () => context.unroute(pattern);
}

/**
 * Deploys the next sw.js while `during` runs, and puts the one built back after: any byte changed makes it
 * a new worker, which takes over the open page. Written where the host serves it from (a browser's update
 * check of the worker is not routed through Playwright).
 */
async function whileNextWorkerDeployed(page: Page, during: () => Promise<void>): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const served = join(repoRoot, 'shell/dist/sw.js');
  const deployed = await readFile(served, 'utf8');
  try {
    await writeFile(served, `${deployed}\n// the next deploy\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await during();
  } finally {
    await writeFile(served, deployed);
  }
}

test.describe('the workspace offline', () => {
  test('once visited, reopens on a reload without a network: every area, the Offline badge and the settings', async ({
    page,
    context,
    workspace,
  }) => {
    await openAndKeep(workspace);

    await reloadOffline(page, context, workspace);
    await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toContainText(
      "You're offline — changes will sync when back online.",
    );
    // The settings dialog is a part of its own remote, loaded from the kept version too.
    await workspace.openSettings();
  });

  test('a first visit is kept by the time the worker controls the page: it reopens offline without the page asking', async ({
    page,
    context,
    workspace,
  }) => {
    await workspace.open();
    await expectAreasMounted(workspace);
    // The worker keeps the version while installing (so Chromium keeps the scripts compiled): once it
    // controls the page, the version is complete, whatever became of the page's own ask to keep it.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await reloadOffline(page, context, workspace);
  });

  test('runs a remote redeployed elsewhere from the load after the one that finds it, and then reopens offline on it', async ({
    page,
    context,
    workspace,
  }) => {
    await workspace.open();
    await workspace.expectMounted('chat/ChatPanel');
    const firstVersion = await workspace.keptForOffline();
    const loadedFrom = (origin: string) =>
      page.evaluate(
        (prefix) => performance.getEntriesByType('resource').some(({ name }) => name.startsWith(prefix)),
        `${origin}/`,
      );

    const moved = await serveDist({ dist: join(repoRoot, 'mf-chat/dist'), port: 0 });
    try {
      // The chat remote is redeployed to another host: remotes.json points there, the old host is gone.
      // Routed on the context, so the service worker's own requests see the new deploy too.
      const oldOrigin = new URL(await workspace.remoteManifestUrl('mf_chat')).origin;
      await context.route(`${oldOrigin}/**`, (route) => route.abort('connectionrefused'));
      await context.route('**/remotes.json', async (route) => {
        const remotes = await (await route.fetch()).json();
        await route.fulfill({ json: { ...remotes, mf_chat: `${moved.url}/mf-manifest.json` } });
      });
      // The load that finds the deploy runs the version kept before it, whole from the device, and keeps
      // the new one.
      await page.reload();
      await workspace.expectMounted('chat/ChatPanel');
      await expect(workspace.slot('chat/ChatPanel')).toContainText('Ready to chat!');
      expect(await loadedFrom(oldOrigin)).toBe(true);
      expect(await loadedFrom(moved.url)).toBe(false);
      expect(await workspace.keptForOffline()).not.toBe(firstVersion);
      // The next one runs the new deploy (it may still ask early for what the last load used, the old
      // host's files among them: shared-kernel/src/network/early-requests.ts).
      await page.reload();
      await workspace.expectMounted('chat/ChatPanel');
      await expect(workspace.slot('chat/ChatPanel')).toContainText('Ready to chat!');
      expect(await loadedFrom(moved.url)).toBe(true);
    } finally {
      await moved.close();
    }

    await reloadOffline(page, context, workspace);
  });

  test('a front lost while a version is kept is written again when the next keep fails, and the workspace still reopens offline', async ({
    page,
    context,
    workspace,
  }) => {
    await openAndKeep(workspace);
    await loseFront(page);
    // The next keep fails: a remote's host is down for the moment.
    const chatBack = await chatHostDown(context, workspace);
    await expect(workspace.keptForOffline()).rejects.toThrow('not kept for offline use');
    await chatBack();

    await reloadOffline(page, context, workspace);
  });

  test('a new service worker deployed while the workspace is open takes over without disturbing it, and the workspace still reopens offline', async ({
    page,
    context,
    workspace,
  }) => {
    await openAndKeep(workspace);
    // Counted from once the page is controlled: the first worker's own claim is not a takeover.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.evaluate(() => {
      const seen = { changes: 0 };
      Object.assign(window, { controllerChanges: seen });
      navigator.serviceWorker.addEventListener('controllerchange', () => {
        seen.changes += 1;
      });
    });
    const changes = () =>
      page.evaluate(
        () => (window as unknown as { controllerChanges: { changes: number } }).controllerChanges.changes,
      );
    await whileNextWorkerDeployed(page, () => expect.poll(changes).toBe(1));

    // The page it took over keeps working: a part loaded on first use comes through the new worker.
    await workspace.openSettings();
    await page.keyboard.press('Escape');
    await workspace.keptForOffline();
    await reloadOffline(page, context, workspace);
  });

  test('a new service worker writes a lost front again as it takes over, and the workspace reopens offline with no keep after it', async ({
    page,
    context,
    workspace,
  }) => {
    await openAndKeep(workspace);
    await loseFront(page);
    const frontHasPage = () =>
      page.evaluate(
        // A match by name, not caches.open: opening would make the cache the worker is to write.
        async (name) =>
          (await caches.match(new URL('/workspace', location.origin).href, { cacheName: name })) !==
          undefined,
        FRONT_CACHE,
      );
    // The new worker's own keep, while it installs, fails (a remote's host is down for the moment), so
    // what writes the front is its activation, from the version it finds recorded; the page asks for no
    // keep here.
    const chatBack = await chatHostDown(context, workspace);
    await whileNextWorkerDeployed(page, () => expect.poll(frontHasPage).toBe(true));
    await chatBack();

    await reloadOffline(page, context, workspace);
  });

  test('asks the browser once to keep the storage of a signed-in writer', async ({ page, workspace }) => {
    await page.addInitScript(() => {
      const persist = navigator.storage.persist.bind(navigator.storage);
      const calls = { count: 0 };
      Object.assign(window, { persistCalls: calls });
      navigator.storage.persist = () => {
        calls.count += 1;
        return persist();
      };
    });
    await workspace.open();
    await expectAreasMounted(workspace);

    const calls = () =>
      page.evaluate(() => (window as unknown as { persistCalls: { count: number } }).persistCalls.count);
    await expect.poll(calls).toBe(1);
  });

  test('once kept, a reload reaches the backend, the app files and the page without waiting for the service worker to start', async ({
    page,
    workspace,
  }) => {
    await openAndKeep(workspace);
    // Chromium stops a worker idle for 30 s: a writer's next load finds it stopped.
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('ServiceWorker.enable');
    await devtools.send('ServiceWorker.stopAllWorkers');

    await page.reload();
    await expectAreasMounted(workspace);

    // How the browser routed each request (Chromium's resource timing: the static route that matched, if
    // any, and where the answer came from).
    const loads = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => {
        const routed = entry as PerformanceResourceTiming & {
          workerMatchedSourceType?: string;
          workerFinalSourceType?: string;
        };
        return {
          url: new URL(entry.name),
          matched: routed.workerMatchedSourceType,
          from: routed.workerFinalSourceType,
        };
      }),
    );
    const backend = loads.filter(({ url }) => /^\/(auth|rest)\/v1\//.test(url.pathname));
    const files = loads.filter(({ url }) => url.pathname.startsWith('/static/'));
    expect(backend.length).toBeGreaterThan(2);
    expect(files.length).toBeGreaterThan(10);
    for (const { url, matched } of backend) expect(matched, url.href).toBe('network');
    // Every app file, the remotes' too, is routed to the kept copies without the worker.
    for (const { url, matched } of files) expect(matched, url.href).toBe('cache');
    expect(new Set(files.map(({ url }) => url.origin)).size).toBeGreaterThan(2);
    // And answered from them. Chromium 156 now and then answers a remote's file requested late in the
    // load (after ~450 ms: the editor's code, the inbox's) from the network although the kept cache holds
    // it (3 of 12 runs here, each time only files of the remotes' origins; the caches matched them when
    // asked afterwards). So the shell's files must come from the kept copies, and the remotes' files at
    // least in part; the first test of this file checks that the workspace opens from them offline.
    const fromCache = (origin: (url: URL) => boolean) =>
      files.filter(({ url, from }) => origin(url) && from === 'cache').length;
    const shellFiles = files.filter(({ url }) => url.origin === new URL(page.url()).origin);
    expect(shellFiles.length).toBeGreaterThan(5);
    expect(fromCache((url) => url.origin === new URL(page.url()).origin)).toBe(shellFiles.length);
    expect(fromCache((url) => url.origin !== new URL(page.url()).origin)).toBeGreaterThan(0);
    // The page and the entry files (remotes.json, each remote's manifest) come from the kept version's
    // front, the worker not started for them either.
    const entries = loads.filter(({ url }) => /^\/(remotes|mf-manifest)\.json$/.test(url.pathname));
    expect(entries.map(({ url }) => url.pathname).sort()).toEqual([
      '/mf-manifest.json',
      '/mf-manifest.json',
      '/mf-manifest.json',
      '/remotes.json',
    ]);
    for (const { url, matched, from } of entries)
      expect({ matched, from }, url.href).toEqual({ matched: 'cache', from: 'cache' });
    const pageRouting = () =>
      page.evaluate(() => {
        const [entry] = performance.getEntriesByType('navigation') as (PerformanceNavigationTiming & {
          workerMatchedSourceType?: string;
          workerFinalSourceType?: string;
        })[];
        return { matched: entry?.workerMatchedSourceType, from: entry?.workerFinalSourceType };
      });
    expect(await pageRouting()).toEqual({ matched: 'cache', from: 'cache' });
    // A page with a query is not in the front: it races the network against the worker (the kept copy
    // offline), and online the network's answer is taken as it comes.
    await devtools.send('ServiceWorker.stopAllWorkers');
    await page.goto(`${page.url().split('?')[0]}?from=a-link`);
    await expectAreasMounted(workspace);
    expect(await pageRouting()).toEqual({ matched: 'race-network-and-fetch-handler', from: 'network' });
    // A browser without static routing runs the fetch handler for it: it asks the network while the worker
    // starts (navigation preload), and the worker answers with that.
    const preload = await page.evaluate(async () =>
      (await navigator.serviceWorker.ready).navigationPreload.getState(),
    );
    expect(preload.enabled).toBe(true);
  });
});
