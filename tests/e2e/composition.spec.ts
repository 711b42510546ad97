import { expect, test } from '@playwright/test';
import { SLOTS, WorkspacePage } from './support/workspace-page.ts';

test.describe('the composed workspace', () => {
  test('mounts every area from its own remote and shows their empty states', async ({ page }) => {
    const remoteOrigins = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('mf-manifest.json')) remoteOrigins.add(url.origin);
    });
    const workspace = new WorkspacePage(page);
    await workspace.open();

    for (const slot of SLOTS) await workspace.expectMounted(slot);
    await expect(workspace.slot('writings/Sidebar')).toContainText('No writings yet');
    await expect(workspace.slot('writings/Editor')).toContainText('Select or create a writing');
    await expect(workspace.slot('ideas/IdeasPanel')).toContainText('No ideas yet');
    await expect(workspace.slot('chat/ChatPanel')).toContainText('Ready to chat!');
    await expect(workspace.slot('chat/ChatPanel')).toContainText(
      "Ask me anything about your ideas, writings, or just start a conversation. I'm here to help!",
    );
    // Four remotes, each fetched from its own origin, none from the shell's.
    expect(remoteOrigins.size).toBe(4);
    expect(remoteOrigins.has(new URL(page.url()).origin)).toBe(false);
  });

  test('runs a single React for the shell and every remote', async ({ page }) => {
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
    const workspace = new WorkspacePage(page);
    await workspace.open();
    for (const slot of SLOTS) await workspace.expectMounted(slot);

    expect(
      await page.evaluate(
        () => (window as unknown as { __renderers: Map<number, unknown> }).__renderers.size,
      ),
    ).toBe(1);
    expect(errors).toEqual([]);
  });

  test('opens the settings dialog from the sidebar across remotes, over the bus', async ({ page }) => {
    const workspace = new WorkspacePage(page);
    await workspace.open();
    await workspace.expectMounted('settings/SettingsDialog');

    await workspace.slot('writings/Sidebar').getByRole('button', { name: 'Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await expect(dialog).toBeVisible();
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
