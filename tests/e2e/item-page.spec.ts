// The item page's header and body on a desktop: title, creator, year and rating at the top with the
// main action; the long summary folded; the pictures in a full-screen viewer; Previous and Next through
// the list the visitor came from, across its pages.
import { expect, test } from '../support/test';
import { signInViaApi, useLanguage } from '../support/e2e-helpers';
import { seedItemPageShelf } from '../support/item-page-seed';

test.beforeEach(async ({ page }) => useLanguage(page, 'en_US'));

test('the header, the folded summary and the picture viewer', async ({ page, request }) => {
  const { shelf, items } = await seedItemPageShelf(request);
  await page.goto(`/collection/${shelf.id}/item/${items[0]!.id}`);

  const header = page.locator('.item-head');
  await expect(header.getByRole('heading', { level: 1, name: 'The Left Hand of Darkness' })).toBeVisible();
  await expect(header.getByText('A Hainish novel')).toBeVisible();
  await expect(header.getByTestId('item-byline')).toHaveText('Ursula K. Le Guin · 2001');
  await expect(header.getByRole('img', { name: '4.5 out of 5' })).toBeVisible();
  await expect(header.getByTestId('availability')).toHaveText('Available');
  await expect(header.getByRole('link', { name: 'Ask to borrow' })).toBeVisible();
  // What the header shows is not repeated below; the other values are.
  await expect(page.getByRole('term').getByText('Authors', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Details' }).getByRole('definition')).toContainText(['Ace Books']);

  // The summary comes folded, and unfolds.
  const summary = page.getByRole('region', { name: 'Summary' });
  const last = summary.getByText(/The last sentence only shows/);
  const toggle = summary.getByRole('button', { name: 'Show more' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const folded = (await summary.locator('.clamped-text__text').boundingBox())!.height;
  await toggle.click();
  await expect(summary.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
  expect((await summary.locator('.clamped-text__text').boundingBox())!.height).toBeGreaterThan(folded);
  await expect(last).toBeVisible();

  // The gallery: cover and back cover; the viewer fills the screen, arrows move, Escape closes.
  const gallery = page.getByRole('region', { name: 'Pictures' });
  await expect(gallery.getByRole('button')).toHaveCount(2);
  const thumb = gallery.getByRole('button', { name: 'Back cover: full screen' });
  await thumb.click();
  const viewer = page.getByRole('dialog', { name: /Back cover/ });
  await expect(viewer).toBeVisible();
  await expect(viewer).toContainText('Picture 2 of 2');
  const box = (await viewer.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.width).toBe(viewport.width);
  expect(box.height).toBe(viewport.height);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog', { name: /Cover/ })).toContainText('Picture 1 of 2');
  await page.keyboard.press('ArrowLeft');
  await expect(viewer).toContainText('Picture 2 of 2');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(thumb).toBeFocused();
});

test('Previous and Next follow the list the visitor came from, across its pages', async ({ page, request }) => {
  const { owner, shelf, items } = await seedItemPageShelf(request, 22);
  await signInViaApi(page, owner.username, owner.password);
  // Newest year first, 20 a page: Book 03 (2003) ends the first page, Book 02 opens the second.
  await page.goto(`/collection/${shelf.id}?sort=year&dir=desc&perPage=20&display=list`);
  await page.getByRole('link', { name: 'Book 04' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Book 04' })).toBeVisible();
  const list = page.getByRole('navigation', { name: 'Items of the list' });
  await list.getByRole('link', { name: 'Next item' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Book 03' })).toBeVisible();
  await list.getByRole('link', { name: 'Next item' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Book 02' })).toBeVisible();
  await list.getByRole('link', { name: 'Next item' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'The Left Hand of Darkness' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/collection/${shelf.id}/item/${items[0]!.id}$`));
  // The list's end: no Next; Previous goes back the same way.
  await expect(list.getByRole('link', { name: 'Previous item' })).toBeVisible();
  await expect(list.getByRole('link', { name: 'Next item' })).toHaveCount(0);
  await list.getByRole('link', { name: 'Previous item' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Book 02' })).toBeVisible();
  await list.getByRole('link', { name: 'Previous item' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Book 03' })).toBeVisible();
  // Back to the list: the page of the list this item is on, with its sort.
  await list.getByRole('link', { name: 'Back to the list' }).click();
  await expect(page).toHaveURL(/[?&]sort=year&dir=desc/);
  await expect(page.getByRole('link', { name: 'Book 03' })).toBeVisible();

  // Opened by its address alone, the page has no list to walk.
  await page.goto(`/collection/${shelf.id}/item/${items[5]!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Book 06' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Items of the list' })).toHaveCount(0);
});
