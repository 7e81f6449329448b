// The collection page on a desktop: the filter panel fits, a skip link passes it, the display mode is
// remembered per collection (also through a breadcrumb), and ?page= never leads to a dead end.
import { expect, test } from '@playwright/test';
import {
  addPropertyViaApi,
  createCollectionViaApi,
  createItemsViaApi,
  createOwnerViaApi,
  useLanguage,
} from '../support/e2e-helpers';

test('the filter panel is fully visible, dates whole, and a skip link goes to the results', async ({ page, request }) => {
  const owner = await createOwnerViaApi(request);
  const shelf = await createCollectionViaApi(request, owner.token, { type: 'books', name: 'Dated shelf' });
  const bought = await addPropertyViaApi(request, owner.token, shelf.id, {
    label: 'Bought on',
    type: 'date',
    filterable: true,
    visibility: 0,
  });
  await createItemsViaApi(request, owner.token, shelf.id, [
    { values: { title: 'Early', [bought.key]: '2001-02-03' } },
    { values: { title: 'Late', [bought.key]: '2024-11-30' } },
  ]);
  await useLanguage(page, 'en_US');
  await page.goto(`/collection/${shelf.id}`);
  const panel = page.getByRole('complementary', { name: 'Filters' });
  await expect(panel.getByText('Bought on')).toBeVisible();
  const viewport = page.viewportSize()!;
  const panelBox = (await panel.boundingBox())!;
  expect(panelBox.x).toBeGreaterThanOrEqual(0);
  expect(panelBox.x + panelBox.width).toBeLessThanOrEqual(viewport.width);
  // Every control of the panel lies inside the panel: nothing cut off mid-button.
  for (const control of await panel.locator('input, button').all()) {
    const box = (await control.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(panelBox.x);
    expect(box.x + box.width).toBeLessThanOrEqual(panelBox.x + panelBox.width + 0.5);
  }
  // A date input shows a whole date: its content fits its box.
  const from = panel.getByLabel('Bought on: from');
  expect(await from.evaluate((input) => input.scrollWidth <= input.clientWidth + 1)).toBe(true);

  // Keyboard users can skip the panel.
  const skip = panel.getByRole('link', { name: 'Skip to results' });
  await skip.focus();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Items' })).toBeFocused();
});

test('the display mode is remembered per collection, also through the breadcrumb', async ({ page, request }) => {
  const owner = await createOwnerViaApi(request);
  const comics = await createCollectionViaApi(request, owner.token, { type: 'books', name: 'Comics shelf' });
  const records = await createCollectionViaApi(request, owner.token, { type: 'books', name: 'Records shelf' });
  await createItemsViaApi(request, owner.token, comics.id, [{ values: { title: 'Tintin' } }]);
  await createItemsViaApi(request, owner.token, records.id, [{ values: { title: 'Abbey Road' } }]);
  await useLanguage(page, 'en_US');
  await page.goto(`/collection/${comics.id}`);
  const display = page.getByRole('group', { name: 'Display' });
  await display.getByRole('button', { name: 'Mosaic' }).click();
  await expect(page.getByRole('list', { name: 'Items' })).toHaveClass(/item-results--mosaic/);
  await page.getByRole('list', { name: 'Items' }).getByRole('link', { name: 'Tintin' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tintin' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Comics shelf' }).click();
  await expect(page).toHaveURL(new RegExp(`/collection/${comics.id}$`));
  await expect(display.getByRole('button', { name: 'Mosaic' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('list', { name: 'Items' })).toHaveClass(/item-results--mosaic/);
  // Another collection keeps its own mode.
  await page.goto(`/collection/${records.id}`);
  await expect(display.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
});

test('?page= past the last page shows the last page; 0, negative or junk shows the first', async ({ page, request }) => {
  const owner = await createOwnerViaApi(request);
  const shelf = await createCollectionViaApi(request, owner.token, { type: 'books', name: 'Paged shelf' });
  await createItemsViaApi(
    request,
    owner.token,
    shelf.id,
    Array.from({ length: 25 }, (_, index) => ({ values: { title: `Volume ${index + 1}` } })),
  );
  await useLanguage(page, 'en_US');
  const list = page.getByRole('list', { name: 'Items' });
  await page.goto(`/collection/${shelf.id}?perPage=20&page=9`);
  await expect(page).toHaveURL(new RegExp(`/collection/${shelf.id}\\?perPage=20&page=2$`));
  await expect(list.getByRole('listitem')).toHaveCount(5);
  await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('This page does not exists.')).toHaveCount(0);
  for (const junk of ['0', '-3', 'abc', '1.5']) {
    await page.goto(`/collection/${shelf.id}?perPage=20&page=${junk}`);
    await expect(page).toHaveURL(new RegExp(`/collection/${shelf.id}\\?perPage=20$`));
    await expect(list.getByRole('listitem')).toHaveCount(20);
  }
  // The address was replaced, not added to: Back leaves the collection.
  await page.goto('/');
  await page.goto(`/collection/${shelf.id}?page=50`);
  await expect(page).toHaveURL(new RegExp(`/collection/${shelf.id}$`));
  await expect(list.getByRole('listitem')).toHaveCount(25);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});
