import { messages } from 'shared-kernel';
import type { Account } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { createIdeaCategory, holdIdeaRequests, IdeasPanel, seedIdeas, serverIdeas } from './support/ideas.ts';
import { hold } from './support/touch.ts';

/** The ideas 'One' (newest) to 'Four', a minute apart. */
const seedOneToFour = (account: Account) =>
  seedIdeas(
    account,
    ['One', 'Two', 'Three', 'Four'].map((content, index) => ({ content, ageMs: index * 60_000 })),
  );

test.describe('ideas selection and categories', () => {
  test('a click expands and selects one idea, Shift-click selects a range, Cmd/Ctrl-click toggles', async ({
    page,
    account,
    workspace,
  }) => {
    await seedOneToFour(account);
    await workspace.open();
    const ideas = new IdeasPanel(page);
    const selected = ideas.list.locator('[role="option"][aria-selected="true"]');

    // Where the idea after 'One' starts, below 'One' (0: right under it), and how tall 'One' is.
    const layout = async () => {
      const [one, two] = [await ideas.idea('One').boundingBox(), await ideas.idea('Two').boundingBox()];
      if (!one || !two) return null;
      return { gap: Math.round(two.y - one.y - one.height), height: Math.round(one.height) };
    };
    await ideas.idea('One').click();
    await expect(ideas.idea('One')).toHaveAttribute('data-expanded', 'true');
    // Expanded, the idea is taller and the ideas after it make room.
    await expect.poll(layout).toEqual({ gap: 0, height: 170 });
    await expect(selected).toHaveCount(1);
    await expect(ideas.root.getByText(messages.ideas.selectedCount(1))).toBeVisible();
    // A second click on the expanded idea collapses it.
    await ideas.idea('One').locator('[title="One"]').click();
    await expect(ideas.idea('One')).not.toHaveAttribute('data-expanded', 'true');
    // Collapsed, a short idea is its title alone.
    await expect.poll(layout).toEqual({ gap: 0, height: 34 });

    await ideas.idea('Three').click({ modifiers: ['Shift'] });
    await expect(selected).toHaveCount(3);
    await expect(ideas.root.getByText(messages.ideas.selectedCount(3))).toBeVisible();

    await ideas.idea('Two').click({ modifiers: ['ControlOrMeta'] });
    await expect(selected).toHaveCount(2);
    await ideas.idea('Four').click({ modifiers: ['ControlOrMeta'] });
    await expect(selected).toHaveCount(3);
    await expect(ideas.idea('Two')).toHaveAttribute('aria-selected', 'false');

    // Cleared, the selection's bar goes: the focus goes to the list, for the arrow keys.
    await ideas.root.getByRole('button', { name: messages.ideas.clearSelection }).click();
    await expect(selected).toHaveCount(0);
    await expect(ideas.idea('One')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(ideas.idea('Two')).toBeFocused();
  });

  test('a category is created, ideas are moved into it, it is renamed, and deleting it asks first and uncategorizes its ideas', async ({
    page,
    account,
    workspace,
  }) => {
    await seedIdeas(account, [
      { content: 'Plot twist', ageMs: 0 },
      { content: 'Villain name', ageMs: 60_000 },
      { content: 'Grocery list', ageMs: 120_000 },
    ]);
    await workspace.open();
    const ideas = new IdeasPanel(page);

    // A blank name is refused in the dialog with the spec's text.
    await ideas.chips.getByRole('button', { name: messages.ideas.newCategory }).click();
    const create = page.getByRole('dialog', { name: messages.ideas.newCategory });
    await create.getByRole('button', { name: messages.ideas.create }).click();
    await expect(create).toContainText(messages.categories.nameRequired);
    await create.getByRole('button', { name: messages.ideas.cancel }).click();

    await ideas.createCategory('Story');
    await ideas.expectEmpty();
    await ideas.chips.getByRole('button', { name: messages.ideas.all }).click();
    await ideas.idea('Plot twist').click();
    await ideas.idea('Villain name').click({ modifiers: ['Shift'] });
    await ideas.root.getByRole('combobox', { name: messages.ideas.moveTo }).selectOption({ label: 'Story' });
    await expect
      .poll(async () => (await serverIdeas(account)).filter((idea) => idea.category_id !== null).length)
      .toBe(2);

    await ideas.chip('Story').click();
    await expect(ideas.list.getByRole('option')).toHaveCount(2);
    await ideas.categoryActions('Story').getByRole('button', { name: messages.ideas.rename }).click();
    const rename = page.getByRole('dialog', { name: messages.ideas.renameCategory });
    await rename.getByRole('textbox', { name: messages.ideas.categoryName }).fill('Novel');
    await rename.getByRole('button', { name: messages.ideas.rename }).click();
    await expect(ideas.chip('Novel')).toBeVisible();

    await ideas.categoryActions('Novel').getByRole('button', { name: messages.ideas.delete }).click();
    const confirm = page.getByRole('alertdialog', { name: messages.categories.confirmDeleteCategory });
    await confirm.getByRole('button', { name: messages.ideas.delete }).click();
    await expect(ideas.chip('Novel')).toHaveCount(0);
    await expect(ideas.list.getByRole('option')).toHaveCount(3);
    await expect
      .poll(async () => (await serverIdeas(account)).every((idea) => idea.category_id === null))
      .toBe(true);
  });

  test('an idea moved just after an edit, while the edit is still being saved, stays moved across a reload', async ({
    page,
    account,
    workspace,
  }) => {
    const looseEnds = await createIdeaCategory(account, 'Loose ends');
    const drafts = await createIdeaCategory(account, 'Drafts');
    await seedIdeas(account, [{ content: 'Half a thought', categoryId: looseEnds }]);
    // The server takes its time: no save is answered before the reload.
    const saves = await holdIdeaRequests(page, 'PATCH');
    await workspace.open();
    const ideas = new IdeasPanel(page);
    await ideas.chip('Loose ends').click();
    await ideas.idea('Half a thought').click();
    await expect(ideas.root.getByRole('textbox', { name: messages.ideas.editIdea })).toBeFocused();
    await page.keyboard.type(', finished');
    await ideas.root.getByRole('combobox', { name: messages.ideas.moveTo }).selectOption({ label: 'Drafts' });
    // Moved on the device: it leaves the category's list at once, without waiting for the server.
    await expect(ideas.list.getByRole('option')).toHaveCount(0);
    await page.reload();
    saves.release();

    await ideas.chip('Drafts').click();
    await expect(ideas.idea('Half a thought, finished')).toBeVisible();
    await expect
      .poll(async () => (await serverIdeas(account)).map((idea) => [idea.content, idea.category_id]))
      .toEqual([['Half a thought, finished', drafts]]);
  });

  test('with many categories the chips scroll, in reading order, and the list and capture box stay in the panel', async ({
    page,
    account,
    workspace,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    const topic = (number: number) => `Topic number ${number} of the book`;
    for (const number of [7, 12, 1, 10, 3, 2, 11, 5, 9, 4, 8, 6])
      await createIdeaCategory(account, topic(number));
    await seedIdeas(
      account,
      ['First thought', 'Second thought', 'Third thought'].map((content, index) => ({
        content,
        ageMs: index * 60_000,
      })),
    );
    await workspace.open();
    const ideas = new IdeasPanel(page);
    for (const content of ['First thought', 'Second thought', 'Third thought']) {
      await expect(ideas.idea(content)).toBeInViewport({ ratio: 1 });
    }
    await expect(ideas.composer).toBeInViewport({ ratio: 1 });
    const names = await ideas.chips
      .locator('[data-category-name]')
      .evaluateAll((chips) => chips.map((chip) => chip.getAttribute('data-category-name')));
    expect(names).toEqual(Array.from({ length: 12 }, (_, index) => topic(index + 1)));

    // The last rows of chips are scrolled to; one made now is chosen and shown.
    await expect(ideas.chip(topic(12))).not.toBeInViewport();
    await ideas.chips.hover();
    await page.mouse.wheel(0, 400);
    await expect(ideas.chip(topic(12))).toBeInViewport();
    await ideas.chips.evaluate((bar) => bar.scrollTo(0, 0));
    await ideas.createCategory(topic(13));
    await expect(ideas.chip(topic(13))).toBeInViewport();
    await expect(ideas.composer).toBeInViewport({ ratio: 1 });
  });
});

test.describe('ideas on a touch screen', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('holding an idea selects it beside others; taps then add and remove ideas, and delete them together', async ({
    page,
    account,
    workspace,
  }) => {
    await seedOneToFour(account);
    await workspace.open();
    await page.getByRole('tab', { name: 'Ideas' }).tap();
    const ideas = new IdeasPanel(page);
    const selectedCount = (count: number) => ideas.root.getByText(messages.ideas.selectedCount(count));

    await hold(page, ideas.idea('Two'));
    await expect(ideas.idea('Two')).toHaveAttribute('aria-selected', 'true');
    await expect(ideas.idea('Two')).not.toHaveAttribute('data-expanded', 'true');
    await ideas.idea('Four').tap();
    await expect(selectedCount(2)).toBeVisible();
    await ideas.idea('Two').tap();
    await expect(ideas.idea('Two')).toHaveAttribute('aria-selected', 'false');
    await ideas.idea('Three').tap();
    await expect(selectedCount(2)).toBeVisible();

    await ideas.root.getByRole('button', { name: messages.ideas.delete }).tap();
    await page
      .getByRole('alertdialog', { name: messages.ideas.deleteIdeas(2) })
      .getByRole('button', { name: messages.ideas.delete })
      .tap();
    await expect(ideas.list.getByRole('option')).toHaveCount(2);
    await expect
      .poll(async () => (await serverIdeas(account)).map((idea) => idea.content))
      .toEqual(['One', 'Two']);
    // With nothing selected, a tap opens an idea again.
    await ideas.idea('One').tap();
    await expect(ideas.idea('One')).toHaveAttribute('data-expanded', 'true');
  });
});
