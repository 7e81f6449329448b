// Configuration's Enable loans hides lending and brings it back: the whole instance's, so this runs on the
// instance-wide project (playwright.config.ts), where no other spec is lending meanwhile.
import { expect, test } from '../support/test';
import { ADMIN, createCollectionViaApi, createItemsViaApi, createOwnerViaApi, signInThroughUi, useLanguage } from '../support/e2e-helpers';

test.beforeEach(async ({ page }) => useLanguage(page, 'en_US'));

test('turning loans off hides every lending screen and link; turning them on brings everything back', async ({
  page,
  request,
  browser,
}) => {
  const owner = await createOwnerViaApi(request);
  const shelf = await createCollectionViaApi(request, owner.token, { type: 'books', name: 'Lending switch', borrowable: 0 });
  const [item] = await createItemsViaApi(request, owner.token, shelf.id, [{ values: { title: 'Persuasion' } }]);
  const visitor = await browser.newPage();
  await useLanguage(visitor, 'en_US');
  await visitor.goto(`/collection/${shelf.id}/item/${item!.id}`);
  await expect(visitor.getByRole('link', { name: 'Ask to borrow' })).toBeVisible();

  await signInThroughUi(page, ADMIN.username, ADMIN.password);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Configuration' }).click();
  await page.getByLabel('Enable loans').uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Operation succeeded!' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Borrowers' })).toHaveCount(0);
  try {
    await visitor.reload();
    await expect(visitor.getByRole('heading', { name: 'Persuasion' })).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Ask to borrow' })).toHaveCount(0);
    await expect(visitor.getByTestId('availability')).toHaveCount(0);
  } finally {
    await page.getByLabel('Enable loans').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Borrowers' })).toBeVisible();
  }
  await visitor.reload();
  await expect(visitor.getByRole('link', { name: 'Ask to borrow' })).toBeVisible();
  await visitor.close();
});
