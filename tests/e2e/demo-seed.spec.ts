// Demo mode comes with examples: the demo account's seeded collections show jacket covers, and their manage
// and item edit screens open, read-only.
import { expect, test } from '../support/test';
import { E2E } from '../support/e2e-settings.mjs';
import { signInThroughUi, useLanguage } from '../support/e2e-helpers';

test.use({ baseURL: `http://127.0.0.1:${E2E.demoPort}` });

test('a visitor opens a seeded collection, its manage screen and an item’s edit form, all read-only', async ({ page, request }) => {
  const listed = (await (await request.get('/api/v1/collections')).json()) as { collections: { id: number; name: string }[] };
  const games = listed.collections.find((c) => c.name === 'Game night');
  expect(games).toBeDefined();
  for (const name of ['Bookshelf', 'Film library']) expect(listed.collections.some((c) => c.name === name)).toBe(true);

  await useLanguage(page, 'en_US');
  await signInThroughUi(page, 'demo', 'demo');
  await page.getByRole('link', { name: 'Game night', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Game night' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Items' });
  await expect(list.getByRole('link', { name: 'Catan' }).first()).toBeVisible();
  // Covers are the app's jacket covers, with the title on them; no drawn picture stands for one.
  await expect(list.locator('img')).toHaveCount(0);

  // Manage: every property listed, nothing changeable.
  await page.getByRole('link', { name: 'Manage' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Game night' })).toBeVisible();
  await expect(page.getByText('Demo mode: changes are disabled').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'New property' })).toBeDisabled();
  for (const label of ['Quick rules', 'Best scores', 'Box colour'])
    await expect(page.getByText(label, { exact: true }).first()).toBeVisible();

  // An item's edit form opens with its values, disabled.
  await page.goto(`/collection/${games!.id}`);
  await list.getByRole('link', { name: 'Catan' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Catan' })).toBeVisible();
  // Its shelf photo is a real image in the gallery, served and decoded.
  const photo = page.locator('main img').first();
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(60);
  await expect(page.getByRole('group', { name: 'Item actions' }).getByRole('button', { name: 'Edit' })).toBeDisabled();
  await page.goto(`${page.url()}/edit`);
  const title = page.getByLabel('Title', { exact: true });
  await expect(title).toHaveValue('Catan');
  await expect(title).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
});
