// Demo mode: the catalogue can be browsed as the demo account, and every control that would change
// something (or search) is disabled.
import { expect, test } from '../support/test';
import { E2E } from '../support/e2e-settings.mjs';
import { apiToken, bearer, seedDemoCollection, signInThroughUi, useLanguage } from '../support/e2e-helpers';

test.use({ baseURL: `http://127.0.0.1:${E2E.demoPort}` });

test('the demo account browses a collection and an item; changes and search are disabled', async ({ page, request }) => {
  const name = `Demo library ${Date.now().toString(36)}`;
  seedDemoCollection(name, 'A demo book', 'Essay');
  const listed = (await (await request.get('/api/v1/collections')).json()) as { collections: { id: number; name: string }[] };
  const collectionId = listed.collections.find((collection) => collection.name === name)?.id;
  expect(collectionId).toBeDefined();

  await useLanguage(page, 'en_US');
  await signInThroughUi(page, 'demo', 'demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Collections' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New collection' })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Create a collection' })).toHaveCount(0);

  // The collection: browsing works, changing and searching do not.
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Seeded for the demo.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'New item' })).toBeDisabled();
  await expect(page.getByRole('searchbox', { name: 'Search the items' })).toBeDisabled();
  await expect(page.getByRole('search').getByRole('button', { name: 'Search' })).toBeDisabled();
  await expect(page.getByText('Search is disabled in demo mode.')).toBeVisible();
  const list = page.getByRole('list', { name: 'Items' });
  await expect(list.getByRole('link', { name: 'A demo book' })).toBeVisible();
  await expect(list).toContainText('Essay');
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  await expect(page.getByRole('group', { name: 'Genre' }).getByRole('checkbox', { name: 'Essay (1)' })).toBeEnabled();
  const display = page.getByRole('group', { name: 'Display' });
  await display.getByRole('button', { name: 'Mosaic' }).click();
  await expect(display.getByRole('button', { name: 'Mosaic' })).toHaveAttribute('aria-pressed', 'true');

  // The item: its actions are there, disabled.
  await list.getByRole('link', { name: 'A demo book' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'A demo book' })).toBeVisible();
  const actions = page.getByRole('group', { name: 'Item actions' });
  await expect(actions.getByRole('button', { name: 'Edit' })).toBeDisabled();
  await actions.getByRole('button', { name: 'More actions' }).click();
  for (const action of ['Duplicate', 'Delete']) await expect(page.getByRole('menuitem', { name: action })).toBeDisabled();
  await page.keyboard.press('Escape');

  // Settings: visible, not changeable.
  await page.getByRole('link', { name, exact: true }).click();
  await page.getByRole('link', { name: 'Manage' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Manage ${name}` })).toBeVisible();
  await expect(page.getByText('Demo mode: changes are disabled').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'New property' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Move Title down' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Delete Genre' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Delete collection' })).toBeDisabled();
  await page.getByRole('link', { name: 'Edit collection' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Upload' })).toBeDisabled();

  // A new collection's form is disabled too, and the server refuses writes whatever the page does.
  await page.goto('/collection/new');
  await expect(page.getByRole('button', { name: 'Create the collection' })).toBeDisabled();
  const token = await apiToken(request, 'demo', 'demo');
  const refused = await request.post(`/api/v1/collections/${collectionId}/items`, {
    headers: bearer(token),
    data: { values: { title: 'Sneaky' } },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ error: { code: 'DEMO_MODE' } });
});
