// Browsing a collection: display modes, search, sort, filters with counts, paging, and the URL that
// carries all of it (reload, Back); Last changes.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { bearer, createCollectionViaApi, createItemsViaApi, createOwnerViaApi, signInViaApi, useLanguage } from '../support/e2e-helpers';

const GENRES = { poetry: 'Poetry', mystery: 'Mystery', fantasy: 'Fantasy' };

/**
 * 30 books, "Volume 1" … "Volume 30" from 1951 to 1980 (the 7th is "Élan du nord"), every 5th a poem,
 * the other even ones mysteries, the rest fantasy; then "Zenith" (1999, an essay), created last.
 */
async function seedShelf(request: APIRequestContext) {
  const owner = await createOwnerViaApi(request);
  const collection = await createCollectionViaApi(request, owner.token, { type: 'books', name: 'Reading room' });
  const books = Array.from({ length: 30 }, (_, index) => {
    const n = index + 1;
    const genre = n % 5 === 0 ? GENRES.poetry : n % 2 === 0 ? GENRES.mystery : GENRES.fantasy;
    return {
      values: {
        title: n === 7 ? 'Élan du nord' : `Volume ${n}`,
        authors: [`Author ${String.fromCharCode(64 + ((n % 4) + 1))}`],
        year: 1950 + n,
        genre: [genre],
      },
    };
  });
  const items = await createItemsViaApi(request, owner.token, collection.id, books);
  const [zenith] = await createItemsViaApi(request, owner.token, collection.id, [
    { values: { title: 'Zenith', authors: ['Author Z'], year: 1999, genre: ['Essay'] } },
  ]);
  return { owner, collection, items: [...items, zenith!] };
}

function results(page: Page) {
  return page.getByRole('region', { name: 'Items' });
}

function itemLinks(page: Page) {
  return page.getByRole('list', { name: 'Items' }).getByRole('link');
}

test.beforeEach(async ({ page }) => useLanguage(page, 'en_US'));

test('display modes stick, search ignores accents, sorting by year both ways, and Last changes', async ({ page, request }) => {
  const { owner, collection, items } = await seedShelf(request);
  await signInViaApi(page, owner.username, owner.password);
  await page.goto(`/collection/${collection.id}`);
  await expect(results(page).getByText('31 items', { exact: true })).toBeVisible();
  await expect(itemLinks(page)).toHaveCount(31);

  // Display modes: List shows the summary values, Mosaic only titles, Shop the copies.
  const display = page.getByRole('group', { name: 'Display' });
  await expect(display.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
  const zenithCard = page.getByRole('list', { name: 'Items' }).getByRole('listitem').filter({ hasText: 'Zenith' });
  await expect(zenithCard).toContainText('Author Z');
  await display.getByRole('button', { name: 'Mosaic' }).click();
  await expect(display.getByRole('button', { name: 'Mosaic' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/[?&]display=mosaic/);
  // A tile keeps the title and creator (on its generated cover here), not the list's label/value rows.
  await expect(zenithCard).not.toContainText('1999');
  await display.getByRole('button', { name: 'Shop' }).click();
  await expect(display.getByRole('button', { name: 'Shop' })).toHaveAttribute('aria-pressed', 'true');
  await expect(zenithCard).toContainText('1 copy');
  await page.reload();
  await expect(display.getByRole('button', { name: 'Shop' })).toHaveAttribute('aria-pressed', 'true');
  // Also when coming back without the mode in the address.
  await page.goto(`/collection/${collection.id}`);
  await expect(display.getByRole('button', { name: 'Shop' })).toHaveAttribute('aria-pressed', 'true');
  await expect(zenithCard).toContainText('1 copy');
  await display.getByRole('button', { name: 'List' }).click();
  await expect(zenithCard).toContainText('Author Z');

  // Search without the accent finds the accented title, and only it.
  await page.getByRole('searchbox', { name: 'Search the items' }).fill('elan');
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/[?&]q=elan/);
  await expect(results(page).getByText('1 item', { exact: true })).toBeVisible();
  await expect(itemLinks(page)).toHaveText(['Élan du nord']);
  await page.getByRole('button', { name: 'Clear the search' }).click();
  await expect(itemLinks(page)).toHaveCount(31);
  await expect(page).not.toHaveURL(/[?&]q=/);

  // Sort by year: ascending, then descending.
  await page.getByLabel('Sort by').selectOption({ label: 'Year' });
  await expect(page).toHaveURL(/[?&]sort=year&dir=asc/);
  await expect(page.getByLabel('Order')).toHaveValue('asc');
  await expect(itemLinks(page).nth(0)).toHaveText('Volume 1');
  await expect(itemLinks(page).nth(1)).toHaveText('Volume 2');
  await expect(itemLinks(page).nth(6)).toHaveText('Élan du nord');
  await expect(itemLinks(page).last()).toHaveText('Zenith');
  await page.getByLabel('Order').selectOption({ label: 'Descending' });
  await expect(page).toHaveURL(/[?&]dir=desc/);
  await expect(itemLinks(page).nth(0)).toHaveText('Zenith');
  await expect(itemLinks(page).nth(1)).toHaveText('Volume 30');
  await expect(itemLinks(page).last()).toHaveText('Volume 1');

  // Last changes: the newest item first; an edit puts its item first among the edited ones.
  const recent = page.getByRole('region', { name: 'Last changes' });
  await expect(recent.getByRole('link').first()).toHaveText('Zenith');
  const third = items[2]!;
  const edit = await request.patch(`/api/v1/collections/${collection.id}/items/${third.id}`, {
    headers: bearer(owner.token),
    data: { quantity: 2 },
  });
  expect(edit.status()).toBe(200);
  await page.reload();
  const addedHeading = page.getByRole('heading', { name: 'Recently added' });
  const editedHeading = page.getByRole('heading', { name: 'Recently edited' });
  const added = recent.locator('div').filter({ has: addedHeading, hasNot: editedHeading });
  const edited = recent.locator('div').filter({ has: editedHeading, hasNot: addedHeading });
  await expect(added.getByRole('link').first()).toHaveText('Zenith');
  await expect(edited.getByRole('link').first()).toHaveText('Volume 3');
  await edited.getByRole('link', { name: 'Volume 3' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Volume 3' })).toBeVisible();
});

test('filters with counts and a year range, paging, and the address keeping it all', async ({ page, request }) => {
  const { owner, collection } = await seedShelf(request);
  await signInViaApi(page, owner.username, owner.password);
  await page.goto(`/collection/${collection.id}?sort=year&dir=asc`);
  await expect(itemLinks(page)).toHaveCount(31);

  // Values with their counts, in the side panel the Filters button unfolds.
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const genre = page.getByRole('group', { name: 'Genre' });
  await expect(genre.getByRole('checkbox', { name: 'Mystery (12)' })).toBeVisible();
  await expect(genre.getByRole('checkbox', { name: 'Fantasy (12)' })).toBeVisible();
  await expect(genre.getByRole('checkbox', { name: 'Essay (1)' })).toBeVisible();
  // check() fails if the box is not ticked right after the click: the address updates in the same frame.
  await genre.getByRole('checkbox', { name: 'Poetry (6)' }).check();
  await expect(genre.getByRole('checkbox', { name: /^Poetry/ })).toBeChecked();
  await expect(page).toHaveURL(/[?&]f\.genre=Poetry/);
  await expect(results(page).getByText('6 items', { exact: true })).toBeVisible();
  await expect(itemLinks(page)).toHaveText(['Volume 5', 'Volume 10', 'Volume 15', 'Volume 20', 'Volume 25', 'Volume 30']);

  // A range of years, on top of the genre.
  await page.getByLabel('Year: from').fill('1960');
  await page.getByLabel('Year: to').fill('1969');
  await page.getByRole('form', { name: 'Year' }).getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/[?&]min\.year=1960&max\.year=1969/);
  await expect(itemLinks(page)).toHaveText(['Volume 10', 'Volume 15']);
  await expect(results(page).getByText('2 items', { exact: true })).toBeVisible();

  // The address holds the state: a reload shows the same list, Back undoes one step at a time.
  await page.reload();
  await expect(itemLinks(page)).toHaveText(['Volume 10', 'Volume 15']);
  await expect(page.getByLabel('Year: from')).toHaveValue('1960');
  await expect(page.getByRole('group', { name: 'Genre' }).getByRole('checkbox', { name: /^Poetry/ })).toBeChecked();
  await page.goBack();
  await expect(page).not.toHaveURL(/min\.year/);
  await expect(itemLinks(page)).toHaveCount(6);
  await page.getByRole('button', { name: 'Clear all filters' }).click();
  await expect(itemLinks(page)).toHaveCount(31);
  await expect(page).not.toHaveURL(/f\.genre/);

  // 20 per page: two pages, the second keeps the sort.
  await page.getByLabel('Items per page').selectOption('20');
  await expect(page).toHaveURL(/[?&]perPage=20/);
  await expect(itemLinks(page)).toHaveCount(20);
  await expect(itemLinks(page).last()).toHaveText('Volume 20');
  const pages = page.getByRole('navigation', { name: 'Pages' });
  await expect(pages.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await pages.getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(itemLinks(page)).toHaveCount(11);
  await expect(itemLinks(page).first()).toHaveText('Volume 21');
  await expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await page.reload();
  await expect(itemLinks(page)).toHaveCount(11);
  await expect(itemLinks(page).first()).toHaveText('Volume 21');
  await expect(page.getByLabel('Items per page')).toHaveValue('20');
  await page.goBack();
  await expect(page).not.toHaveURL(/[?&]page=/);
  await expect(itemLinks(page)).toHaveCount(20);
  await expect(itemLinks(page).first()).toHaveText('Volume 1');
  await expect(pages.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
});
