// A shared link opened on a phone by someone who is not signed in: only what everyone may see, and
// nothing wider than the screen.
import { expect, test } from '../support/test';
import {
  addPropertyViaApi,
  bearer,
  createCollectionViaApi,
  createItemsViaApi,
  createOwnerViaApi,
  expectNoHorizontalOverflow,
  useLanguage,
} from '../support/e2e-helpers';

const WIDTH = 390;

test('an anonymous visitor on a phone sees the public items and values only', async ({ page, request }) => {
  const owner = await createOwnerViaApi(request);
  const shelf = await createCollectionViaApi(request, owner.token, {
    type: 'books',
    name: 'Open shelf',
    description: 'Books anyone may look at, with a rather long description that has to wrap on a small screen.',
    visibility: 0,
  });
  await addPropertyViaApi(request, owner.token, shelf.id, {
    label: 'Shelf mark',
    type: 'text',
    inSummary: true,
    searchable: true,
    filterable: true,
    visibility: 3,
  });
  const [open, hidden] = await createItemsViaApi(
    request,
    owner.token,
    shelf.id,
    [
      {
        values: {
          title: 'A public book with quite a long title that wraps',
          authors: ['Visible Author'],
          year: 2001,
          shelf_mark: 'Cellar 9',
        },
      },
      { values: { title: 'Hidden diary', shelf_mark: 'Safe 1' }, visibility: 3 },
    ],
    1,
  );
  const closed = await createCollectionViaApi(request, owner.token, { type: 'books', name: 'Closed shelf', visibility: 3 });
  await createItemsViaApi(request, owner.token, closed.id, [{ values: { title: 'Private notes' } }]);
  // The owner does have the hidden item and the private values.
  const mine = await request.get(`/api/v1/collections/${shelf.id}/items/${open!.id}`, { headers: bearer(owner.token) });
  expect(((await mine.json()) as { values: Record<string, unknown> }).values.shelf_mark).toBe('Cellar 9');
  expect((await request.get(`/api/v1/collections/${shelf.id}/items/${hidden!.id}`, { headers: bearer(owner.token) })).status()).toBe(200);

  await useLanguage(page, 'en_US');
  await page.goto(`/collection/${shelf.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Open shelf' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('vitrine_token'))).toBeNull();
  await expect(page).toHaveTitle('Open shelf - Vitrine');
  const list = page.getByRole('list', { name: 'Items' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('link', { name: 'A public book with quite a long title that wraps' })).toBeVisible();
  await expect(list).toContainText('Visible Author');
  await expect(page.getByText('Hidden diary')).toHaveCount(0);
  await expect(page.getByText('Cellar 9')).toHaveCount(0);
  await expect(page.getByText('Shelf mark')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'New item' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Manage' })).toHaveCount(0);
  await expectNoHorizontalOverflow(page, WIDTH);

  // The filters are in a sheet; opened, it still fits, and says nothing about the private property.
  await page.getByRole('button', { name: /^Filters/ }).click();
  const filters = page.getByRole('dialog', { name: 'Filters' });
  await expect(filters.getByRole('group', { name: 'Authors' }).getByRole('checkbox', { name: 'Visible Author (1)' })).toBeVisible();
  await expect(filters.getByRole('group', { name: 'Shelf mark' })).toHaveCount(0);
  await expectNoHorizontalOverflow(page, WIDTH);
  await page.keyboard.press('Escape');
  await expect(filters).toBeHidden();

  // The item's page: its public values only, no owner actions.
  await list.getByRole('link', { name: 'A public book with quite a long title that wraps' }).click();
  await expect(page).toHaveURL(new RegExp(`/collection/${shelf.id}/item/${open!.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'A public book with quite a long title that wraps' })).toBeVisible();
  // Its creator and year lead the page's header.
  const main = page.getByRole('main');
  await expect(main).toContainText('Visible Author');
  await expect(main).toContainText('2001');
  await expect(page.getByText('Shelf mark')).toHaveCount(0);
  await expect(page.getByText('Cellar 9')).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Item actions' })).toHaveCount(0);
  await expectNoHorizontalOverflow(page, WIDTH);

  // Opened directly, the item URL says the same.
  await page.goto(`/collection/${shelf.id}/item/${open!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'A public book with quite a long title that wraps' })).toBeVisible();
  await expect(page.getByText('Cellar 9')).toHaveCount(0);
  await expectNoHorizontalOverflow(page, WIDTH);

  // The hidden item and the private collection do not exist for the visitor.
  await page.goto(`/collection/${shelf.id}/item/${hidden!.id}`);
  await expect(page.getByRole('heading', { name: 'This page does not exists.' })).toBeVisible();
  await expect(page.getByText('Hidden diary')).toHaveCount(0);
  await page.goto(`/collection/${closed.id}`);
  await expect(page.getByRole('heading', { name: 'This page does not exists.' })).toBeVisible();
  await expect(page.getByText('Closed shelf')).toHaveCount(0);
  await expect(page).toHaveTitle('Page not found - Vitrine');
  await expectNoHorizontalOverflow(page, WIDTH);
});
