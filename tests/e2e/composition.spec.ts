import { expect, test } from './support/fixtures.ts';
import { SLOTS } from './support/workspace-page.ts';

test.describe('the composed workspace', () => {
  test('mounts every area from its own remote and shows their empty states', async ({ page, workspace }) => {
    const remoteOrigins = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('mf-manifest.json')) remoteOrigins.add(url.origin);
    });
    await workspace.open();

    for (const slot of SLOTS) await workspace.expectMounted(slot);
    await expect(workspace.slot('writings/Sidebar')).toContainText('No writings yet');
    await expect(workspace.slot('writings/Editor')).toContainText('Select or create a writing');
    await expect(workspace.slot('ideas/IdeasPanel')).toContainText('No ideas yet');
    await expect(workspace.slot('chat/ChatPanel')).toContainText('Ready to chat!');
    await expect(workspace.slot('chat/ChatPanel')).toContainText(
      "Ask me anything about your ideas, writings, or just start a conversation. I'm here to help!",
    );
    // Three remotes at load (settings comes on first use), each from its own origin, none from the shell's.
    expect(remoteOrigins.size).toBe(3);
    expect(remoteOrigins.has(new URL(page.url()).origin)).toBe(false);
  });

  test('runs a single React for the shell and every remote', async ({ page, workspace }) => {
    // React DOM registers each renderer copy with the devtools hook: count them.
    await page.addInitScript(() => {
      const renderers = new Map<number, unknown>();
      Object.assign(window, {
        __renderers: renderers,
        __REACT_DEVTOOLS_GLOBAL_HOOK__: {
          renderers,
          supportsFiber: true,
          inject(renderer: unknown) {
            const id = renderers.size + 1;
            renderers.set(id, renderer);
            return id;
          },
          onCommitFiberRoot() {},
          onCommitFiberUnmount() {},
          onPostCommitFiberRoot() {},
          checkDCE() {},
        },
      });
    });
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    await workspace.open();
    for (const slot of SLOTS) await workspace.expectMounted(slot);

    expect(
      await page.evaluate(
        () => (window as unknown as { __renderers: Map<number, unknown> }).__renderers.size,
      ),
    ).toBe(1);
    expect(errors).toEqual([]);
  });

  test('opens the settings dialog of another remote from the Profile menu, over the bus, fetching it only then', async ({
    page,
    workspace,
  }) => {
    const settingsManifest = await workspace.remoteManifestUrl('mf_settings');
    let settingsFetched = false;
    page.on('request', (request) => {
      if (request.url() === settingsManifest) settingsFetched = true;
    });
    await workspace.open();
    for (const slot of SLOTS) await workspace.expectMounted(slot);
    await page.waitForLoadState('networkidle');
    expect(settingsFetched).toBe(false);
    await expect(workspace.slot('settings/SettingsDialog')).toHaveCount(0);

    const dialog = await workspace.openSettings();
    await workspace.expectMounted('settings/SettingsDialog');
    expect(settingsFetched).toBe(true);
    await expect(dialog.getByRole('tab')).toHaveText([
      'Account',
      'Plans',
      'Appearance',
      'Editor',
      'Workspace',
      'Notifications',
      'Advanced',
    ]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});
