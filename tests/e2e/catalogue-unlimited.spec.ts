// "Unlimited" on a collection of 1,000 items: pages arrive as the list scrolls, until all are there.
import { expect, test } from '../support/test';
import {
  addPropertyViaApi,
  createCollectionViaApi,
  createItemsViaApi,
  createOwnerViaApi,
  signInViaApi,
  useLanguage,
} from '../support/e2e-helpers';

const COUNT = 1000;
const title = (n: number) => `Record ${String(n).padStart(4, '0')}`;

test('Unlimited loads all 1,000 items while scrolling, and the page stays responsive', async ({ page, request }) => {
  test.setTimeout(120_000);
  const owner = await createOwnerViaApi(request);
  const collection = await createCollectionViaApi(request, owner.token, { type: 'records', name: 'Record crate' });
  await addPropertyViaApi(request, owner.token, collection.id, {
    label: 'Title',
    type: 'text',
    isTitle: true,
    sortable: true,
    searchable: true,
  });
  await addPropertyViaApi(request, owner.token, collection.id, { label: 'Number', type: 'number', inSummary: true, sortable: true });
  const bodies = Array.from({ length: COUNT }, (_, index) => ({ values: { title: title(index + 1), number: index + 1 } }));
  await createItemsViaApi(request, owner.token, collection.id, bodies);

  await useLanguage(page, 'en_US');
  await signInViaApi(page, owner.username, owner.password);
  await page.goto(`/collection/${collection.id}?sort=number&dir=asc`);
  const summary = page.getByRole('region', { name: 'Items' }).locator('p[aria-live="polite"]');
  const list = page.getByRole('list', { name: 'Items' });
  await expect(summary).toHaveText('1,000 items');
  await expect(list.getByRole('listitem')).toHaveCount(50);

  await page.getByLabel('Items per page').selectOption({ label: 'Unlimited' });
  await expect(page).toHaveURL(/[?&]perPage=all/);
  await expect(summary).toHaveText('200 of 1,000 items shown');
  await expect(page.getByRole('navigation', { name: 'Pages' })).toHaveCount(0);

  // Scroll to the end until nothing more arrives.
  const lastTitle = list.getByRole('link', { name: title(COUNT), exact: true });
  await expect(async () => {
    await page.keyboard.press('End');
    await expect(lastTitle).toBeAttached({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  await expect(summary).toHaveText('1,000 items');
  await expect(list.getByRole('listitem')).toHaveCount(COUNT);
  await expect(page.getByRole('button', { name: 'Show more items' })).toHaveCount(0);
  await lastTitle.scrollIntoViewIfNeeded();
  await expect(lastTitle).toBeInViewport();
  // In order, none twice.
  const titles = await list.getByRole('link').allTextContents();
  expect(titles).toEqual(bodies.map((body) => body.values.title));

  // Still responsive: a display change applies to all 1,000, and a click opens the last item.
  await page.getByRole('group', { name: 'Display' }).getByRole('button', { name: 'Mosaic' }).click();
  await expect(page.getByRole('group', { name: 'Display' }).getByRole('button', { name: 'Mosaic' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(list.getByRole('listitem')).toHaveCount(COUNT);
  await lastTitle.click();
  await expect(page.getByRole('heading', { level: 1, name: title(COUNT) })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/[?&]perPage=all/);
  await expect(list.getByRole('listitem').first().getByRole('link')).toHaveText(title(1));
});
