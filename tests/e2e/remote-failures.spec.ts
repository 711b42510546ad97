import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveDist } from '../../scripts/serve-workspace.mjs';
import { expect, test } from './support/fixtures.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

test.describe('a remote that fails', () => {
  test('when down, shows its fallback while the rest works, and Retry recovers it once it is back', async ({
    page,
    workspace,
  }) => {
    const chatOrigin = new URL(await workspace.remoteManifestUrl('mf_chat')).origin;
    // The chat remote's host refuses connections, as a host that is down does.
    await page.route(`${chatOrigin}/**`, (route) => route.abort('connectionrefused'));
    await workspace.open();

    await workspace.expectUnavailable('chat/ChatPanel', 'Chat');
    await workspace.expectMounted('writings/Sidebar');
    await workspace.expectMounted('writings/Editor');
    await workspace.expectMounted('ideas/IdeasPanel');
    await workspace.openSettings();
    await page.keyboard.press('Escape');

    await page.unroute(`${chatOrigin}/**`);
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => navigations.push(frame.url()));
    await workspace.retryButton('chat/ChatPanel').click();

    await workspace.expectMounted('chat/ChatPanel');
    await expect(workspace.slot('chat/ChatPanel')).toContainText('Ready to chat!');
    expect(navigations).toEqual([]);
  });

  test('Retry pressed the moment the fallback shows recovers the remote once it is back', async ({
    context,
    workspace,
  }) => {
    const chatOrigin = new URL(await workspace.remoteManifestUrl('mf_chat')).origin;
    await context.route(`${chatOrigin}/**`, (route) => route.abort('connectionrefused'));
    await workspace.open();

    // The writer presses Retry as soon as it shows, the host having come back meanwhile.
    await expect(workspace.retryButton('chat/ChatPanel')).toBeVisible();
    await context.unroute(`${chatOrigin}/**`);
    await workspace.retryButton('chat/ChatPanel').click();

    await expect(workspace.slot('chat/ChatPanel')).toContainText('Ready to chat!', { timeout: 5_000 });
    await workspace.expectMounted('chat/ChatPanel');
  });

  test('when it never answers, gives up after the manifest timeout instead of loading forever', async ({
    page,
    workspace,
  }) => {
    const ideasManifest = await workspace.remoteManifestUrl('mf_ideas');
    await page.route(ideasManifest, () => {
      // Never fulfilled: the connection is accepted and stays silent.
    });
    await workspace.open();
    await workspace.expectMounted('chat/ChatPanel');

    await expect(workspace.slot('ideas/IdeasPanel')).toHaveAttribute('data-status', 'loading');
    await workspace.expectUnavailable('ideas/IdeasPanel', 'Ideas');
  });

  test('when slow, answers a shortcut pressed while it was still loading once it arrives', async ({
    page,
    workspace,
  }) => {
    const settingsManifest = await workspace.remoteManifestUrl('mf_settings');
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(settingsManifest, async (route) => {
      await held;
      await route.continue();
    });
    await workspace.open();
    await workspace.expectMounted('writings/Editor');

    await page.keyboard.press('Control+Comma');
    await expect(workspace.slot('settings/SettingsDialog')).toHaveAttribute('data-status', 'loading');
    release();

    await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
  });

  test('when it throws while mounting, is contained in its slot', async ({ page, workspace }) => {
    const broken = await serveDist({ dist: join(repoRoot, 'tests/fixtures/throwing-remote/dist'), port: 0 });
    try {
      await page.route('**/remotes.json', async (route) => {
        const remotes = await (await route.fetch()).json();
        await route.fulfill({ json: { ...remotes, mf_ideas: `${broken.url}/mf-manifest.json` } });
      });
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await workspace.open();

      await workspace.expectUnavailable('ideas/IdeasPanel', 'Ideas');
      await workspace.expectMounted('writings/Sidebar');
      await workspace.expectMounted('writings/Editor');
      await workspace.expectMounted('chat/ChatPanel');
      await workspace.openSettings();
      expect(pageErrors).toEqual([]);
    } finally {
      await broken.close();
    }
  });

  test('moved to another URL, loads from there with only remotes.json changed', async ({
    page,
    workspace,
  }) => {
    const moved = await serveDist({ dist: join(repoRoot, 'mf-chat/dist'), port: 0 });
    try {
      const oldOrigin = new URL(await workspace.remoteManifestUrl('mf_chat')).origin;
      const requestedFromOld: string[] = [];
      await page.route(`${oldOrigin}/**`, (route) => {
        requestedFromOld.push(route.request().url());
        return route.abort('connectionrefused');
      });
      await page.route('**/remotes.json', async (route) => {
        const remotes = await (await route.fetch()).json();
        await route.fulfill({ json: { ...remotes, mf_chat: `${moved.url}/mf-manifest.json` } });
      });
      const fromNew: string[] = [];
      page.on('response', (response) => response.url().startsWith(moved.url) && fromNew.push(response.url()));
      await workspace.open();

      await workspace.expectMounted('chat/ChatPanel');
      await expect(workspace.slot('chat/ChatPanel')).toContainText('Ready to chat!');
      expect(requestedFromOld).toEqual([]);
      expect(fromNew.some((url) => /\/remoteEntry\.\w+\.js$/.test(url))).toBe(true);
    } finally {
      await moved.close();
    }
  });
});
