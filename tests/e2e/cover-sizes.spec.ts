// Covers come at the size they are shown: a visitor's list loads only small thumbnails (its covers are
// 3rem wide), a phone's mosaic the thumbnails, and the item page's cover lets the browser pick its
// thumbnail when that is sharp enough for the column. A phone's collection header shows the
// jacket's covers in its band.
import { expect, test, type Page } from '@playwright/test';
import { createCollectionViaApi, createItemsViaApi, createOwnerViaApi, pictureDecodes, useLanguage } from '../support/e2e-helpers';
import { seedItemPageShelf, uploadPicture } from '../support/item-page-seed';

test.beforeEach(async ({ page }) => useLanguage(page, 'en_US'));

/** The /media addresses the page asks for, from now on. */
function mediaRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/media/')) seen.push(url.pathname + url.search);
  });
  return seen;
}

test('a list loads the small thumbnails and an item page the thumbnail, not the full picture', async ({ page, request }) => {
  const { shelf, items } = await seedItemPageShelf(request);
  const seen = mediaRequests(page);

  await page.goto(`/collection/${shelf.id}`);
  const card = page.locator('.item-card').filter({ hasText: 'The Left Hand of Darkness' });
  await expect.poll(() => pictureDecodes(card.locator('.item-card__cover img'))).toBe(true);
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.filter((address) => !address.endsWith('?size=small'))).toEqual([]);

  // A desktop column of 18rem at one pixel per point: the 320-pixel thumbnail is enough.
  seen.length = 0;
  await page.goto(`/collection/${shelf.id}/item/${items[0]!.id}`);
  const cover = page.locator('.item-head__cover img');
  await expect(cover).toHaveAttribute('fetchpriority', 'high');
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc)).toMatch(/\?size=thumb$/);
  expect(seen.every((address) => address.endsWith('?size=thumb'))).toBe(true);
});

test("a phone's mosaic loads the thumbnails its two columns need, never the full picture", async ({ page, request }) => {
  const { shelf } = await seedItemPageShelf(request);
  await page.setViewportSize({ width: 390, height: 844 });
  const seen = mediaRequests(page);
  await page.goto(`/collection/${shelf.id}?display=mosaic`);
  const card = page.locator('.item-card').filter({ hasText: 'The Left Hand of Darkness' });
  await expect.poll(() => pictureDecodes(card.locator('.item-card__cover img'))).toBe(true);
  const covers = seen.filter((address) => !address.includes('/image-'));
  expect(covers.length).toBeGreaterThan(0);
  expect(covers.every((address) => /\?size=(small|thumb)$/.test(address))).toBe(true);
  expect(await card.locator('.item-card__cover img').evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\?size=thumb$/);
});

test("a phone's collection header shows the jacket's covers in its band, fetched once for both", async ({ page, request }) => {
  const owner = await createOwnerViaApi(request);
  const shelf = await createCollectionViaApi(request, owner.token, { type: 'books', name: 'Eight covers', visibility: 0 });
  const covers = [];
  for (let index = 0; index < 8; index++) covers.push(await uploadPicture(request, owner.token, shelf.id, `cover-${index}.png`));
  await createItemsViaApi(
    request,
    owner.token,
    shelf.id,
    covers.map((cover, index) => ({ values: { title: `Book ${index + 1}`, cover } })),
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/collection/${shelf.id}`);
  const band = page.getByTestId('collection-banner').locator('img');
  await expect(band).toHaveCount(8);
  const pictures = await band.evaluateAll((imgs) =>
    imgs.map((img) => {
      const box = img.getBoundingClientRect();
      const whole = box.left >= 0 && box.right <= window.innerWidth;
      return { src: img.getAttribute('src'), left: box.left, whole };
    }),
  );
  const jacket = await page.locator('.collection-mosaic img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src')));
  expect(jacket).toHaveLength(4);
  // The band runs from the header's right edge, first cover first: the phone shows the jacket's covers
  // whole and cuts off the others.
  const lefts = pictures.map((picture) => picture.left);
  expect(lefts).toEqual([...lefts].sort((a, b) => b - a));
  const whole = pictures.filter((picture) => picture.whole);
  expect(whole.length).toBeGreaterThan(2);
  expect(whole.every((picture) => jacket.includes(picture.src))).toBe(true);
});
