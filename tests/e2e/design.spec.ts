// The design system in a real browser: properties reordered by dragging their handles (mouse and
// keyboard), a failed upload stopping an item's save, the star rating by pointer, and the new
// components' contrast in the light and dark themes.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import {
  addPropertyViaApi,
  createCollectionViaApi,
  createOwnerViaApi,
  pictureDecodes,
  signInThroughUi,
  signInViaApi,
  useLanguage,
} from '../support/e2e-helpers';
import { TINY_PNG } from '../support/tiny-png';

test.beforeEach(async ({ page }) => useLanguage(page, 'en_US'));

function propertyRows(page: Page) {
  return page.getByRole('table', { name: 'Properties' }).getByRole('rowheader');
}

async function seedShelf(request: Parameters<typeof createOwnerViaApi>[0]) {
  const owner = await createOwnerViaApi(request);
  const collection = await createCollectionViaApi(request, owner.token, { type: 'gadgets', name: 'Workbench' });
  for (const body of [
    { label: 'Name', type: 'text', isTitle: true, required: true },
    { label: 'Maker', type: 'text' },
    { label: 'Year', type: 'number' },
    { label: 'Photo', type: 'image', isCover: true },
    { label: 'Score', type: 'rating' },
  ]) {
    await addPropertyViaApi(request, owner.token, collection.id, body);
  }
  return { owner, collection };
}

test('properties are reordered by dragging a handle, with the mouse and with the keyboard, and the order is saved', async ({
  page,
  request,
}) => {
  const { owner, collection } = await seedShelf(request);
  await signInViaApi(page, owner.username, owner.password);
  await page.goto(`/collection/${collection.id}/manage`);
  await expect(propertyRows(page)).toHaveText(['Name', 'Maker', 'Year', 'Photo', 'Score']);

  // Mouse: Year's handle dragged above Name.
  const handle = page.getByRole('button', { name: 'Drag to reorder Year' });
  const target = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Name' }) });
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 4 });
  await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 12 });
  await page.mouse.up();
  await expect(propertyRows(page)).toHaveText(['Year', 'Name', 'Maker', 'Photo', 'Score']);

  // Keyboard: Space picks Score up, arrow up twice, Space drops it; each step is announced.
  const scoreHandle = page.getByRole('button', { name: 'Drag to reorder Score' });
  // Enabled again once the first order is saved.
  await expect(scoreHandle).toBeEnabled();
  await scoreHandle.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Picked up Score, position 5 of 5.')).toBeAttached();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByText('Score moved to position 4 of 5.')).toBeAttached();
  await page.keyboard.press('ArrowUp');
  // The move is applied on the next frames: dropping before it is announced would drop one place short.
  await expect(page.getByText('Score moved to position 3 of 5.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByText('Score dropped at position 3 of 5.')).toBeAttached();
  await expect(propertyRows(page)).toHaveText(['Year', 'Name', 'Score', 'Maker', 'Photo']);

  await page.reload();
  await expect(propertyRows(page)).toHaveText(['Year', 'Name', 'Score', 'Maker', 'Photo']);
});

test('a failed upload stops the item from being saved and says why; going on without the file saves it', async ({ page, request }) => {
  const { owner, collection } = await seedShelf(request);
  await signInViaApi(page, owner.username, owner.password);
  await page.goto(`/collection/${collection.id}/item/new`);
  await page.getByLabel('Name', { exact: true }).fill('Soldering iron');

  // The connection drops during the upload.
  await page.route('**/api/v1/collections/*/media', (route) => route.abort('connectionreset'));
  await page.getByLabel('Photo', { exact: true }).setInputFiles({ name: 'iron.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(page.getByRole('alert').filter({ hasText: 'An error occured while uploading file.' })).toBeVisible();

  // The stars: a click on the left half of the fourth star gives three and a half.
  const stars = page.getByRole('slider', { name: 'Score' });
  await stars.scrollIntoViewIfNeeded();
  const fourth = (await stars.locator('.rating-input__star').nth(3).boundingBox())!;
  await page.mouse.click(fourth.x + fourth.width * 0.25, fourth.y + fourth.height / 2);
  await expect(stars).toHaveAttribute('aria-valuetext', '3.5 out of 5');

  await page.getByRole('button', { name: 'Create the item' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The item was not saved: the file for Photo could not be uploaded.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/collection/${collection.id}/item/new$`));
  await expect(page.getByLabel('Photo', { exact: true })).toBeFocused();

  await page.getByRole('button', { name: 'Continue without this file' }).click();
  await page.getByRole('button', { name: 'Create the item' }).click();
  await expect(page).toHaveURL(new RegExp(`/collection/${collection.id}/item/\\d+$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Soldering iron' })).toBeVisible();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the new components keep their contrast in the ${colorScheme} theme`, async ({ browser, request }) => {
    const { owner, collection } = await seedShelf(request);
    const context = await browser.newContext({ colorScheme });
    const page = await context.newPage();
    await useLanguage(page, 'en_US');
    await signInThroughUi(page, owner.username, owner.password);
    const contrast = async () => {
      const results = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
      expect(results.violations.map((violation) => violation.nodes.map((node) => node.target))).toEqual([]);
    };

    await page.goto(`/collection/${collection.id}/manage`);
    await expect(propertyRows(page)).toHaveCount(5);
    await contrast();

    await page.goto(`/collection/${collection.id}/item/new`);
    await page.getByRole('slider', { name: 'Score' }).focus();
    await page.keyboard.press('End');
    await contrast();

    // The empty states: a collection without items, and the More actions menu open on an item.
    await page.goto(`/collection/${collection.id}`);
    await expect(page.getByText('No items yet.')).toBeVisible();
    await contrast();
    await context.close();
  });
}

test('a collection without a picture shows a mosaic of its first covers on the home page', async ({ page, request }) => {
  const { owner, collection } = await seedShelf(request);
  const bare = await createCollectionViaApi(request, owner.token, { type: 'books', name: 'Bare shelf' });
  for (const name of ['First', 'Second']) {
    const upload = await request.post(`/api/v1/collections/${collection.id}/media`, {
      headers: { Authorization: `Bearer ${owner.token}` },
      multipart: { file: { name: 'photo.png', mimeType: 'image/png', buffer: TINY_PNG } },
    });
    expect(upload.status()).toBe(201);
    const { value } = (await upload.json()) as { value: string };
    const item = await request.post(`/api/v1/collections/${collection.id}/items`, {
      headers: { Authorization: `Bearer ${owner.token}` },
      data: { values: { name, photo: value } },
    });
    expect(item.status()).toBe(201);
  }
  await signInViaApi(page, owner.username, owner.password);
  await page.goto('/?mine=true');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Workbench' }) });
  const tiles = card.getByTestId('collection-mosaic').locator('img');
  await expect(tiles).toHaveCount(2);
  // The covers really load (through a media ticket), side by side in the card's frame.
  // Loaded and decoded: with a srcset, naturalWidth is scaled by the chosen size's density (1 px reads 0).
  await expect.poll(async () => (await Promise.all((await tiles.all()).map(pictureDecodes))).every(Boolean)).toBe(true);
  const [left, right] = [await tiles.nth(0).boundingBox(), await tiles.nth(1).boundingBox()];
  expect(right!.x).toBeGreaterThan(left!.x);
  const placeholder = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: bare.name }) })
    .getByTestId('collection-placeholder');
  await expect(placeholder.locator('svg')).toBeVisible();
});
