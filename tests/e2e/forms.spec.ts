// Forms that help and no dead ends: what a person meets when something goes wrong.
import { expect, test } from '../support/test';
import {
  addPropertyViaApi,
  bearer,
  createCollectionViaApi,
  createItemsViaApi,
  createOwnerViaApi,
  signInThroughUi,
  signInViaApi,
  useLanguage,
} from '../support/e2e-helpers';

test('saving an item as Nobody lands on the manage screen, which lists it, with a notice', async ({ page, request }) => {
  await useLanguage(page, 'en_US');
  const owner = await createOwnerViaApi(request);
  const collection = await createCollectionViaApi(request, owner.token, { name: 'Secret shelf', type: 'custom-e2e' });
  await addPropertyViaApi(request, owner.token, collection.id, { label: 'Title', type: 'text', isTitle: true });
  const [item] = await createItemsViaApi(request, owner.token, collection.id, [{ values: { title: 'Hidden gem' } }]);

  await signInViaApi(page, owner.username, owner.password);
  await page.goto(`/collection/${collection.id}/item/${item!.id}/edit`);
  await page.getByLabel('Visibility').selectOption({ label: 'Nobody' });
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(new RegExp(`/collection/${collection.id}/manage#hidden-items$`));
  await expect(page.getByRole('status').filter({ hasText: 'Set to “Nobody”' })).toBeVisible();
  const hidden = page.getByRole('region', { name: 'Items set to Nobody' });
  await hidden.getByRole('link', { name: 'Edit Hidden gem' }).click();
  await expect(page).toHaveURL(new RegExp(`/collection/${collection.id}/item/${item!.id}/edit$`));
});

test('an invalid reset link says so, with the way to a new one, instead of a form', async ({ page }) => {
  await useLanguage(page, 'en_US');
  await page.goto(`/resetpassword?token=${'x'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('invalid or has expired');
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a revoked session on a public page shows the page and a "signed out" notice', async ({ page, request }) => {
  await useLanguage(page, 'en_US');
  const owner = await createOwnerViaApi(request);
  const collection = await createCollectionViaApi(request, owner.token, { name: 'Open shelf', type: 'custom-e2e' });
  await signInThroughUi(page, owner.username, owner.password);
  const browserToken = await page.evaluate(() => window.localStorage.getItem('vitrine_token'));
  expect(browserToken).toBeTruthy();
  // Signed out elsewhere (another device, a password change): the stored token no longer works.
  expect((await request.delete('/api/v1/token', { headers: bearer(browserToken!) })).status()).toBeLessThan(300);

  await page.goto(`/collection/${collection.id}`);
  await expect(page.getByRole('heading', { name: 'Open shelf' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'You were signed out' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/collection/${collection.id}$`));
});

test('an error on a long form brings the first invalid field into view and focuses it', async ({ page, request }) => {
  await useLanguage(page, 'en_US');
  await page.setViewportSize({ width: 390, height: 844 });
  const owner = await createOwnerViaApi(request);
  const collection = await createCollectionViaApi(request, owner.token, { name: 'Long form', type: 'custom-e2e' });
  for (let index = 1; index <= 8; index += 1) {
    await addPropertyViaApi(request, owner.token, collection.id, { label: `Notes ${index}`, type: 'longtext' });
  }
  await signInViaApi(page, owner.username, owner.password);
  await page.goto(`/collection/${collection.id}/item/new`);
  const quantity = page.getByLabel('Number of copies');
  await quantity.fill('-3');
  const submit = page.getByRole('button', { name: 'Create the item' });
  await submit.scrollIntoViewIfNeeded();
  await submit.click();

  await expect(quantity).toBeFocused();
  await expect(quantity).toBeInViewport();
  await expect(quantity).toHaveAttribute('aria-invalid', 'true');
  await expect(quantity).toHaveAccessibleDescription(/You own at least 1 copy: enter 1 or more\./);
  await expect(page).toHaveURL(new RegExp(`/collection/${collection.id}/item/new$`));

  // The form's first field comes first: an empty collection name on the long collection form.
  await page.goto(`/collection/${collection.id}/manage/edit`);
  const name = page.getByLabel('Name', { exact: true });
  await name.fill('');
  await page.getByRole('button', { name: 'Save' }).scrollIntoViewIfNeeded();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(name).toBeFocused();
  await expect(name).toBeInViewport();
  await expect(name).toHaveAccessibleDescription('Give the collection a name.');
});
