import { expect, type Locator, type Page } from '@playwright/test';
import { CACHE_VERSION_MESSAGE, type CacheVersionReply } from '../../../shell/src/service-worker/protocol.ts';

/** The slots the composed page mounts at load, as `<area>/<parcel>`. */
export const SLOTS = ['writings/Sidebar', 'writings/Editor', 'ideas/IdeasPanel', 'chat/ChatPanel'] as const;
/** The slots mounted on first use (shared-kernel ON_DEMAND_PARCELS). */
export const DIALOG_SLOTS = ['settings/SettingsDialog', 'settings/PricingDialog'] as const;
export type SlotName = (typeof SLOTS)[number] | (typeof DIALOG_SLOTS)[number];

/** Page object of the composed workspace. */
export class WorkspacePage {
  constructor(readonly page: Page) {}

  /**
   * Opens the workspace. `waitUntil: 'commit'` when the test holds back a script the page asks for as it
   * opens: the load event waits for every script asked for before it, and the page may ask for the held
   * one first (the editor's code, once the writing's copy is on screen).
   */
  async open({ waitUntil = 'load' }: { waitUntil?: 'load' | 'commit' } = {}): Promise<void> {
    await this.page.goto('/workspace', { waitUntil });
  }

  slot(name: SlotName): Locator {
    return this.page.locator(`[data-slot="${name}"]`);
  }

  async expectMounted(name: SlotName): Promise<void> {
    await expect(this.slot(name)).toHaveAttribute('data-status', 'ready');
    await expect(this.slot(name).locator('[data-area-unavailable]')).toHaveCount(0);
  }

  async expectUnavailable(name: SlotName, label: string): Promise<void> {
    await expect(this.slot(name).getByRole('alert')).toContainText(`${label} is unavailable`);
  }

  /** Opens the settings dialog from the Profile menu. */
  async openSettings(): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Profile' }).click();
    await this.page.getByRole('menuitem', { name: 'Settings' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Settings' });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  retryButton(name: SlotName): Locator {
    return this.slot(name).getByRole('button', { name: 'Retry' });
  }

  /**
   * Waits until the service worker has kept the version this page runs for offline use, the way the
   * page itself asks it after loading, and returns that version's id.
   */
  async keptForOffline(): Promise<string> {
    const reply = await this.page.evaluate(async (message): Promise<CacheVersionReply> => {
      const registration = await navigator.serviceWorker.ready;
      const channel = new MessageChannel();
      const replied = new Promise<CacheVersionReply>((resolve) => {
        channel.port1.onmessage = (event) => resolve(event.data);
      });
      registration.active?.postMessage(message, [channel.port2]);
      return replied;
    }, CACHE_VERSION_MESSAGE);
    if (reply.type === 'version-failed') throw new Error(`not kept for offline use: ${reply.message}`);
    return reply.version;
  }

  /** The URL the running page's remotes.json maps a container to. */
  async remoteManifestUrl(container: string): Promise<string> {
    const response = await this.page.request.get('/remotes.json');
    const remotes = (await response.json()) as Record<string, string>;
    const url = remotes[container];
    if (!url) throw new Error(`remotes.json has no ${container}`);
    return url;
  }
}
