// The collection page on a 390×844 phone: items on the first screen, controls and filters in sheets.
import { expect, test } from '../support/test';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  addPropertyViaApi,
  createCollectionViaApi,
  createItemsViaApi,
  createOwnerViaApi,
  expectNoHorizontalOverflow,
  signInThroughUi,
  signInViaApi,
  useLanguage,
} from '../support/e2e-helpers';

const WIDTH = 390;
const HEIGHT = 844;
const LONG = 'Supercalifragilisticexpialidocious-Antidisestablishmentarianism-Pneumonoultramic';

async function fullyVisibleItems(page: Page): Promise<number> {
  return page.evaluate(
    ({ height, width }) =>
      Array.from(document.querySelectorAll('[role="list"][aria-label="Items"] [role="listitem"]')).filter((element) => {
        const box = element.getBoundingClientRect();
        return box.height > 0 && box.top >= 0 && box.bottom <= height && box.left >= 0 && box.right <= width;
      }).length,
    { height: HEIGHT, width: WIDTH },
  );
}

test('the first screen of a collection shows at least three items, the rest is in sheets', async ({ page, request }) => {
  const owner = await createOwnerViaApi(request);
  const shelf = await createCollectionViaApi(request, owner.token, {
    type: 'books',
    name: 'Pocket shelf',
    description:
      'A collection with a long description, of the kind people write about what they keep: where it comes from, why it matters, and what is still missing from it.',
    tags: ['paperbacks', 'classics'],
  });
  await addPropertyViaApi(request, owner.token, shelf.id, {
    label: 'Shelf',
    type: 'text',
    inSummary: true,
    filterable: true,
    visibility: 0,
  });
  await createItemsViaApi(
    request,
    owner.token,
    shelf.id,
    Array.from({ length: 8 }, (_, index) => ({
      values: { title: `Book ${index + 1}`, authors: [`Author ${index + 1}`], shelf: index < 3 ? 'Top' : 'Bottom' },
    })),
  );

  await useLanguage(page, 'en_US');
  await signInViaApi(page, owner.username, owner.password);
  await page.goto(`/collection/${shelf.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Pocket shelf' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Items' });
  await expect(list.getByRole('listitem')).toHaveCount(8);
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await fullyVisibleItems(page)).toBeGreaterThanOrEqual(3);
  // The same with covers: mosaic (three a row); shop shows larger cards with their summary, two a row,
  // so a whole row and the start of the next.
  for (const [mode, least] of [
    ['mosaic', 3],
    ['shop', 2],
  ] as const) {
    await page.goto(`/collection/${shelf.id}?display=${mode}`);
    await expect(list.getByRole('listitem')).toHaveCount(8);
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await fullyVisibleItems(page), mode).toBeGreaterThanOrEqual(least);
  }
  await page.goto(`/collection/${shelf.id}?display=list`);
  await expectNoHorizontalOverflow(page, WIDTH);

  // Sort, per page and display are in a sheet: a modal dialog that Escape closes, focus back on its button.
  const options = page.getByRole('button', { name: 'Sort and display' });
  await options.click();
  const sheet = page.getByRole('dialog', { name: 'Sort and display' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByLabel('Sort by')).toBeVisible();
  // Focus stays inside: tabbing many times never reaches the page behind.
  for (let index = 0; index < 12; index += 1) await page.keyboard.press('Tab');
  expect(await sheet.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(options).toBeFocused();
  await options.click();
  await sheet.getByRole('group', { name: 'Display' }).getByRole('button', { name: 'Mosaic' }).click();
  await expect(page).toHaveURL(/[?&]display=mosaic/);
  await sheet.getByRole('button', { name: 'Done' }).click();
  await expect(sheet).toBeHidden();

  // Filters: the sheet counts before applying, and the list changes only on "Apply".
  await page.getByRole('button', { name: 'Filters' }).click();
  const filters = page.getByRole('dialog', { name: 'Filters' });
  await expect(filters.getByRole('button', { name: 'Show 8 items' })).toBeVisible();
  await filters.getByRole('group', { name: 'Shelf' }).getByRole('checkbox', { name: /^Top/ }).check();
  await expect(filters.getByRole('button', { name: 'Show 3 items' })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(8);
  await expect(page).not.toHaveURL(/f\.shelf/);
  await filters.getByRole('button', { name: 'Show 3 items' }).click();
  await expect(filters).toBeHidden();
  await expect(page).toHaveURL(/[?&]f\.shelf=Top/);
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Filters, 1 active' })).toBeVisible();
  // Closing without applying leaves the list as it was.
  await page.getByRole('button', { name: 'Filters, 1 active' }).click();
  await filters.getByRole('button', { name: 'Clear all filters' }).click();
  await expect(filters.getByRole('button', { name: 'Show 8 items' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(filters).toBeHidden();
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expectNoHorizontalOverflow(page, WIDTH);
});

test('80-character unbroken names and values do not break the phone layout', async ({ page, request }) => {
  const owner = await createOwnerViaApi(request);
  const shelf = await createCollectionViaApi(request, owner.token, { type: 'books', name: LONG, description: LONG });
  await addPropertyViaApi(request, owner.token, shelf.id, {
    label: LONG,
    type: 'text',
    inSummary: true,
    filterable: true,
    visibility: 0,
  });
  const key = (await (
    await request.get(`/api/v1/collections/${shelf.id}/properties`, { headers: { Authorization: `Bearer ${owner.token}` } })
  ).json()) as {
    properties: { key: string; label: string }[];
  };
  const property = key.properties.find((entry) => entry.label === LONG)!;
  await createItemsViaApi(request, owner.token, shelf.id, [
    { values: { title: LONG, authors: [LONG], [property.key]: LONG } },
    { values: { title: `${LONG}-2`, [property.key]: LONG } },
  ]);
  await useLanguage(page, 'en_US');
  await signInThroughUi(page, owner.username, owner.password);
  for (const mode of ['list', 'mosaic', 'shop']) {
    await page.goto(`/collection/${shelf.id}?display=${mode}`);
    await expect(page.getByRole('list', { name: 'Items' }).getByRole('listitem')).toHaveCount(2);
    await expectNoHorizontalOverflow(page, WIDTH);
  }
  await page.getByRole('button', { name: 'Filters' }).click();
  const group = page.getByRole('dialog', { name: 'Filters' }).getByRole('group', { name: LONG });
  await expect(group).toBeVisible();
  await expectNoHorizontalOverflow(page, WIDTH);
  // The box beside an unbroken value keeps its size (20 px), a flex row must not shrink it.
  const box = (await group.getByRole('checkbox').first().boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(19);
  expect(box.height).toBeGreaterThanOrEqual(19);
});

/** Words of the text inside `selector` that the browser split across two lines. */
async function splitWords(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const split: string[] = [];
    for (const element of Array.from(document.querySelectorAll(sel))) {
      const text = element.firstChild;
      if (!text || text.nodeType !== Node.TEXT_NODE) continue;
      const content = text.textContent ?? '';
      for (const match of content.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        const lines = new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top)));
        if (lines.size > 1) split.push(match[0]);
      }
    }
    return split;
  }, selector);
}

test('mosaic tiles on a phone: titles cut between words, the creator below, a generated cover says the title once', async ({
  page,
  request,
}) => {
  const owner = await createOwnerViaApi(request);
  const shelf = await createCollectionViaApi(request, owner.token, { type: 'books', name: 'Cyberpunk', visibility: 0 });
  const titles = ['Neuromancer', 'Count Zero', 'Mona Lisa Overdrive', 'The Difference Engine: A Novel of Alternate Histories'];
  await createItemsViaApi(
    request,
    owner.token,
    shelf.id,
    titles.map((title) => ({ values: { title, authors: ['William Gibson'] } })),
  );
  await useLanguage(page, 'en_US');
  await page.setViewportSize({ width: WIDTH, height: HEIGHT });
  await page.goto(`/collection/${shelf.id}?display=mosaic`);
  const list = page.getByRole('list', { name: 'Items' });
  await expect(list.getByRole('listitem')).toHaveCount(4);
  // Each tile is still one link named by its title (its text is for screen readers: the cover shows it).
  await expect(list.getByRole('link', { name: 'Neuromancer' })).toHaveCount(1);
  // No cover: the generated one carries title and author; the tile does not repeat them.
  const tile = list.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Neuromancer' }) });
  await expect(tile.getByTestId('cover-placeholder')).toContainText('Neuromancer');
  await expect(tile.getByTestId('cover-placeholder')).toContainText('William Gibson');
  // The tile's body takes no room: its title is only the link's name, for screen readers.
  expect(await tile.locator('.item-card__body').evaluate((body) => body.getBoundingClientRect().height)).toBeLessThanOrEqual(1);
  // A word never breaks in the middle ("Neuromanc/er").
  expect(await splitWords(page, '.cover-placeholder__title')).toEqual([]);
  await expectNoHorizontalOverflow(page, WIDTH);
  // The whole tile opens the item.
  await tile.click({ position: { x: 20, y: 20 } });
  await expect(page.getByRole('heading', { level: 1, name: 'Neuromancer' })).toBeVisible();
});

test('Back from an item far down a long list comes back to where it was', async ({ page, request }) => {
  const owner = await createOwnerViaApi(request);
  const shelf = await createCollectionViaApi(request, owner.token, { type: 'books', name: 'Long shelf' });
  await addPropertyViaApi(request, owner.token, shelf.id, { label: 'Shelf', type: 'text', inSummary: true, visibility: 0 });
  // Cards of different heights: some with a summary value that wraps over several lines.
  await createItemsViaApi(
    request,
    owner.token,
    shelf.id,
    Array.from({ length: 40 }, (_, index) => ({
      values: {
        title: `Volume ${String(index + 1).padStart(2, '0')}`,
        ...(index % 3 === 0 ? { shelf: 'Upstairs, the tall bookcase by the window, second row from the top, behind the lamp' } : {}),
      },
    })),
  );
  await useLanguage(page, 'en_US');
  await page.goto(`/collection/${shelf.id}?sort=title&dir=asc`);
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
  const far = page.getByRole('list', { name: 'Items' }).getByRole('link', { name: 'Volume 37', exact: true });
  await far.scrollIntoViewIfNeeded();
  const before = (await far.boundingBox())!.y;
  await far.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Volume 37' })).toBeVisible();
  await page.goBack();
  await expect(far).toBeInViewport();
  expect(Math.abs((await far.boundingBox())!.y - before)).toBeLessThan(4);
});

test.describe('the showcase on a phone', () => {
  /** Tiles fully or mostly (three quarters at least) inside the first screen. */
  async function tilesOnFirstScreen(page: Page): Promise<number> {
    await page.evaluate(() => window.scrollTo(0, 0));
    return page.evaluate(
      ({ height, width }) =>
        Array.from(document.querySelectorAll('[role="list"][aria-label="Items"] [role="listitem"]')).filter((element) => {
          const box = element.getBoundingClientRect();
          const shown = Math.min(box.bottom, height) - Math.max(box.top, 0);
          return box.height > 0 && shown >= box.height * 0.75 && box.left >= 0 && box.right <= width;
        }).length,
      { height: HEIGHT, width: WIDTH },
    );
  }

  async function fullShelf(request: APIRequestContext) {
    const owner = await createOwnerViaApi(request);
    const shelf = await createCollectionViaApi(request, owner.token, {
      type: 'books',
      name: 'Pocket showcase',
      description:
        'A collection with a long description, of the kind people write about what they keep: where it comes from, why it matters, and what is still missing from it.',
      tags: ['paperbacks', 'classics'],
    });
    await addPropertyViaApi(request, owner.token, shelf.id, { label: 'Shelf', type: 'text', filterable: true, visibility: 0 });
    await createItemsViaApi(
      request,
      owner.token,
      shelf.id,
      Array.from({ length: 12 }, (_, index) => ({
        values: { title: `Book ${index + 1}`, authors: [`Author ${index + 1}`], shelf: index < 3 ? 'Top' : 'Bottom' },
      })),
    );
    return { owner, shelf };
  }

  test('at least six tiles show on the first screen in mosaic, for a visitor and for the owner', async ({ page, request }) => {
    const { owner, shelf } = await fullShelf(request);
    await useLanguage(page, 'en_US');
    const list = page.getByRole('list', { name: 'Items' });
    await page.goto(`/collection/${shelf.id}?display=mosaic`);
    await expect(list.getByRole('listitem')).toHaveCount(12);
    expect(await tilesOnFirstScreen(page), 'visitor').toBeGreaterThanOrEqual(6);
    await signInViaApi(page, owner.username, owner.password);
    await page.goto(`/collection/${shelf.id}?display=mosaic`);
    await expect(page.getByRole('link', { name: 'New item' })).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(12);
    expect(await tilesOnFirstScreen(page), 'owner').toBeGreaterThanOrEqual(6);
    await expectNoHorizontalOverflow(page, WIDTH);
  });

  test('the Filters button shows the active count and opens the sheet', async ({ page, request }) => {
    const { shelf } = await fullShelf(request);
    await useLanguage(page, 'en_US');
    await page.goto(`/collection/${shelf.id}?f.shelf=Top`);
    await page.getByRole('button', { name: 'Filters, 1 active' }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(sheet.getByRole('group', { name: 'Shelf' })).toBeVisible();
    await expect(sheet.getByRole('button', { name: 'Show 3 items' })).toBeVisible();
  });

  test('Share opens the system share sheet with the public link', async ({ page, request, baseURL }) => {
    const { shelf } = await fullShelf(request);
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: (data: ShareData) => {
          (window as unknown as { shared: ShareData }).shared = data;
          return Promise.resolve();
        },
      });
    });
    await useLanguage(page, 'en_US');
    await page.goto(`/collection/${shelf.id}?display=mosaic`);
    await page.getByRole('button', { name: 'Share' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData }).shared))
      .toEqual({ title: 'Pocket showcase', url: `${baseURL}/collection/${shelf.id}` });
  });
});
