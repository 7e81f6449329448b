// The item page on a 390×844 phone, in French: the header says what the item is, and the main action
// is in the first screen and stays there, pinned, while the page scrolls.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { expectNoHorizontalOverflow, signInViaApi, useLanguage } from '../support/e2e-helpers';
import { seedItemPageShelf } from '../support/item-page-seed';

const WIDTH = 390;
const HEIGHT = 844;

/** Wholly inside the screen as it is now. */
async function expectOnScreen(locator: Locator) {
  const box = (await locator.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(HEIGHT);
}

async function scrollToEnd(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
}

test.beforeEach(async ({ page }) => useLanguage(page, 'fr_FR'));

test('a visitor sees what the item is and "Ask to borrow" on the first screen, and it stays', async ({ page, request }) => {
  const { shelf, items } = await seedItemPageShelf(request);
  await page.goto(`/collection/${shelf.id}/item/${items[0]!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'The Left Hand of Darkness' })).toBeVisible();
  await expect(page.getByTestId('item-byline')).toHaveText('Ursula K. Le Guin · 2001');
  await expect(page.locator('.item-head').getByRole('img', { name: '4,5 sur 5' })).toBeVisible();
  const ask = page.getByRole('link', { name: 'Demander à emprunter' });
  await expectOnScreen(ask);
  await expectOnScreen(page.getByTestId('availability'));
  await expect(page.getByTestId('availability')).toHaveText('Disponible');
  await expectNoHorizontalOverflow(page, WIDTH);

  // The summary unfolds in French; the bar is still on screen at the end of the page.
  await page.getByRole('button', { name: 'Afficher plus' }).click();
  await expect(page.getByRole('button', { name: 'Afficher moins' })).toBeVisible();
  await scrollToEnd(page);
  await expectOnScreen(ask);
  // Nothing of the page hides under the bar: its last line ends above it.
  const bar = (await page.getByTestId('item-main-actions').boundingBox())!;
  const record = (await page.getByRole('region', { name: 'Dans la collection' }).boundingBox())!;
  expect(record.y + record.height).toBeLessThanOrEqual(bar.y);
  await ask.click();
  await expect(page).toHaveURL(new RegExp(`/item/${items[0]!.id}/borrow$`));
});

test('the owner has Lend and Edit at hand on a phone', async ({ page, request }) => {
  const { owner, shelf, items } = await seedItemPageShelf(request);
  await signInViaApi(page, owner.username, owner.password);
  await page.goto(`/collection/${shelf.id}/item/${items[0]!.id}`);
  const actions = page.getByTestId('item-main-actions');
  await expect(actions.getByRole('link', { name: 'Prêter' })).toBeVisible();
  await expectOnScreen(actions.getByRole('link', { name: 'Prêter' }));
  await expectOnScreen(actions.getByRole('link', { name: 'Modifier' }));
  await expectOnScreen(actions.getByRole('button', { name: 'Plus d’actions' }));
  await expectNoHorizontalOverflow(page, WIDTH);
  await scrollToEnd(page);
  await expectOnScreen(actions.getByRole('link', { name: 'Modifier' }));
  // The gallery's viewer fills the phone's screen and closes with its button, focus back on the picture.
  const thumb = page.getByRole('button', { name: 'Couverture : plein écran' });
  await thumb.click();
  const viewer = page.getByRole('dialog', { name: /Couverture/ });
  expect((await viewer.boundingBox())!.width).toBe(WIDTH);
  await viewer.getByRole('button', { name: 'Fermer' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(thumb).toBeFocused();
});
