// The collection page on a desktop: the filter panel fits, a skip link passes it, the display mode is
// remembered per collection (also through a breadcrumb), ?page= never leads to a dead end, and the page
// opens on the collection (covers high on the screen, Share, a Filters button).
import { expect, test } from '../support/test';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  addPropertyViaApi,
  createCollectionViaApi,
  createItemsViaApi,
  createOwnerViaApi,
  signInThroughUi,
  signInViaApi,
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
  // The panel is folded away until asked for.
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
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

test.describe('the showcase: the page opens on the collection', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  /** A public shelf with all a header can hold (description, tags) and a filter, 14 items. */
  async function showcaseShelf(request: APIRequestContext, visibility = 0) {
    const owner = await createOwnerViaApi(request);
    const shelf = await createCollectionViaApi(request, owner.token, {
      type: 'books',
      name: 'Showcase shelf',
      visibility,
      description:
        'Paperbacks gathered over thirty years: second-hand finds, gifts, and the few first editions that made the trip through three moves.',
      tags: ['paperbacks', 'classics', 'science fiction'],
    });
    await addPropertyViaApi(request, owner.token, shelf.id, { label: 'Shelf', type: 'text', filterable: true, visibility: 0 });
    await createItemsViaApi(
      request,
      owner.token,
      shelf.id,
      Array.from({ length: 14 }, (_, index) => ({
        values: { title: `Volume ${index + 1}`, authors: ['Ursula K. Le Guin'], shelf: index < 4 ? 'Top' : 'Bottom' },
      })),
    );
    return { owner, shelf };
  }

  async function firstCoverTop(page: Page): Promise<number> {
    await expect(page.getByRole('list', { name: 'Items' }).getByRole('listitem').first()).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    return page
      .locator('.item-card__cover')
      .first()
      .evaluate((cover) => cover.getBoundingClientRect().top);
  }

  test('covers start within the first 300 px of a 1366×768 screen, for a visitor and for the owner', async ({ page, request }) => {
    const { owner, shelf } = await showcaseShelf(request);
    await useLanguage(page, 'en_US');
    for (const mode of ['list', 'mosaic']) {
      await page.goto(`/collection/${shelf.id}?display=${mode}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Showcase shelf' })).toBeVisible();
      expect(await firstCoverTop(page), `visitor, ${mode}`).toBeLessThanOrEqual(300);
    }
    await signInThroughUi(page, owner.username, owner.password);
    for (const mode of ['list', 'mosaic']) {
      await page.goto(`/collection/${shelf.id}?display=${mode}`);
      await expect(page.getByRole('link', { name: 'New item' })).toBeVisible();
      expect(await firstCoverTop(page), `owner, ${mode}`).toBeLessThanOrEqual(300);
    }
  });

  test('the Filters button shows the active count and unfolds the side panel', async ({ page, request }) => {
    const { shelf } = await showcaseShelf(request);
    await useLanguage(page, 'en_US');
    await page.goto(`/collection/${shelf.id}?f.shelf=Top`);
    await expect(page.getByRole('list', { name: 'Items' }).getByRole('listitem')).toHaveCount(4);
    const button = page.getByRole('button', { name: 'Filters, 1 active' });
    const panel = page.getByRole('complementary', { name: 'Filters' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).toHaveCount(0);
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(panel.getByRole('group', { name: 'Shelf' })).toBeVisible();
    await panel.getByRole('button', { name: 'Clear all filters' }).click();
    await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Items' }).getByRole('listitem')).toHaveCount(14);
    // It folds away again.
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await expect(panel).toHaveCount(0);
  });

  test('Share copies the public link and says so', async ({ page, context, request, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const { shelf } = await showcaseShelf(request);
    await useLanguage(page, 'en_US');
    await page.goto(`/collection/${shelf.id}?display=mosaic&q=volume`);
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
    // The collection's own address: not the search or display of the moment.
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/collection/${shelf.id}`);
  });

  test('a private collection gives no link: the owner is told how to change who may see it', async ({ page, context, request }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const { owner, shelf } = await showcaseShelf(request, 3);
    await useLanguage(page, 'en_US');
    await signInViaApi(page, owner.username, owner.password);
    await page.goto(`/collection/${shelf.id}`);
    await page.evaluate(() => navigator.clipboard.writeText('untouched'));
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByText('This collection is private: only you can see it.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Change who may see it' })).toHaveAttribute('href', `/collection/${shelf.id}/manage/edit`);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('untouched');
  });

  test('in French, the header and the toolbar speak French', async ({ page, context, request }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const { shelf } = await showcaseShelf(request);
    await useLanguage(page, 'fr_FR');
    await page.goto(`/collection/${shelf.id}?f.shelf=Top`);
    await expect(page.getByText('14 objets')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Filtres, 1 actif' })).toBeVisible();
    await page.getByRole('button', { name: 'Partager' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Lien copié' })).toBeVisible();
  });
});
