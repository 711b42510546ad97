import type { Page } from '@playwright/test';
import { PALETTES, RANDOM_FONT_STACKS } from 'shared-kernel';
import { expect, test } from './support/fixtures.ts';
import { openSettingsTab } from './support/settings-dialog.ts';
import { SLOTS } from './support/workspace-page.ts';

/** The background token and the font every area's slot ends up with. */
async function areaLooks(page: Page) {
  return page.evaluate(
    (slots) =>
      slots.map((slot) => {
        const element = document.querySelector(`[data-slot="${slot}"]`);
        const style = element ? getComputedStyle(element) : null;
        return {
          slot,
          bg: style?.getPropertyValue('--color-bg').trim(),
          font: style?.fontFamily ?? '',
        };
      }),
    [...SLOTS],
  );
}

/** Whether the sidebar's brand mark is painted with the palette's accent (in the mark's own colour form). */
function brandMarkShowsAccent(page: Page) {
  return page.evaluate(() => {
    const mark = document.querySelector('nav[aria-label="Writings"] header [aria-hidden="true"]');
    if (!mark) return false;
    const probe = document.createElement('span');
    probe.style.color = 'var(--color-accent)';
    mark.append(probe);
    const accent = getComputedStyle(probe).color;
    probe.remove();
    return getComputedStyle(mark).backgroundImage.includes(accent);
  });
}

test.describe('the Appearance tab of the settings', () => {
  test('a palette and a font apply to every area at once and are still applied after a reload', async ({
    page,
    workspace,
  }) => {
    await workspace.open();
    for (const slot of SLOTS) await workspace.expectMounted(slot);
    expect(await brandMarkShowsAccent(page)).toBe(true);
    const dialog = await openSettingsTab(workspace, 'Appearance');

    await dialog.getByRole('radio', { name: 'Nord' }).click();
    await dialog.getByRole('radio', { name: 'Serif' }).click();
    const root = page.locator('html');
    await expect(root).toHaveAttribute('data-palette', 'nord');
    const expectEveryArea = async () => {
      for (const look of await areaLooks(page)) {
        expect(look).toEqual({
          slot: look.slot,
          bg: PALETTES.nord.colors.bg,
          font: expect.stringContaining('Charter'),
        });
      }
    };
    await expect.poll(async () => (await areaLooks(page))[0]?.bg).toBe(PALETTES.nord.colors.bg);
    await expectEveryArea();
    expect(await brandMarkShowsAccent(page)).toBe(true);

    await page.reload();
    for (const slot of SLOTS) await workspace.expectMounted(slot);
    await expect(root).toHaveAttribute('data-palette', 'nord');
    await expectEveryArea();
  });

  test('the random font picks one of the eight stacks and keeps it after a reload', async ({
    page,
    workspace,
  }) => {
    await workspace.open();
    const dialog = await openSettingsTab(workspace, 'Appearance');
    await dialog.getByRole('radio', { name: 'Random' }).click();
    const root = page.locator('html');
    await expect(root).toHaveAttribute('data-ui-font', 'random');
    const stack = await root.evaluate((element) => element.style.getPropertyValue('--font-ui'));
    expect(RANDOM_FONT_STACKS as readonly string[]).toContain(stack);

    await page.reload();
    await expect(root).toHaveAttribute('data-ui-font', 'random');
    expect(await root.evaluate((element) => element.style.getPropertyValue('--font-ui'))).toBe(stack);
  });

  test('a custom text colour that fails WCAG AA is warned about', async ({ workspace }) => {
    await workspace.open();
    const dialog = await openSettingsTab(workspace, 'Appearance');
    await dialog.getByRole('radio', { name: 'Custom' }).click();
    await dialog.getByLabel('Text', { exact: true }).fill('#1c2433');
    await expect(dialog.getByRole('alert').first()).toContainText('WCAG AA needs 4.5:1');
  });
});
