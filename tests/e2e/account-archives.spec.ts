// The profile's backup of one's collections in a real browser: the owner makes it, waits for it and
// downloads one zip (its manifest, each collection's document and pictures); another person restores
// that zip into their account and finds the collection with its items.
import { readFileSync } from 'node:fs';
import { expect, test } from '../support/test';
import { unzipSync } from 'fflate';
import {
  addPropertyViaApi,
  createCollectionViaApi,
  createItemsViaApi,
  createOwnerViaApi,
  signInThroughUi,
  signInViaApi,
  useLanguage,
} from '../support/e2e-helpers';

test('an owner backs up their collections and another account restores them', async ({ page, browser, request }) => {
  const owner = await createOwnerViaApi(request);
  const shelf = await createCollectionViaApi(request, owner.token, { name: 'Reading room', type: 'custom' });
  await addPropertyViaApi(request, owner.token, shelf.id, { label: 'Title', key: 'title', type: 'text', isTitle: true, searchable: true });
  await createItemsViaApi(request, owner.token, shelf.id, [
    { values: { title: 'The Left Hand of Darkness' } },
    { values: { title: 'Solaris' }, quantity: 2 },
  ]);
  await useLanguage(page, 'en_US');
  await signInViaApi(page, owner.username, owner.password);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Back up my collections' }).click();
  const section = page.locator('section', { has: page.getByRole('heading', { name: 'Backup of my collections' }) });
  const newest = section.getByTestId(/^archive-/).first();
  await expect(newest.getByText('Done')).toBeVisible({ timeout: 30_000 });
  await expect(newest).toContainText('Collections saved: 1 of 1');
  await expect(newest).toContainText('Reading room · 2 items, 0 pictures');
  const [download] = await Promise.all([page.waitForEvent('download'), newest.getByRole('button', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^vitrine-collections-\d{4}-\d{2}-\d{2}-\d+\.zip$/);
  const bytes = readFileSync(await download.path());
  const entries = unzipSync(new Uint8Array(bytes));
  const manifest = JSON.parse(new TextDecoder().decode(entries['vitrine-account.json'])) as {
    collections: { name: string; document: string }[];
  };
  expect(manifest.collections.map((c) => c.name)).toEqual(['Reading room']);
  expect(new TextDecoder().decode(entries[manifest.collections[0]!.document])).toContain('Solaris');

  // Another person restores it: the collection is made again in their account, with its items.
  const other = await createOwnerViaApi(request);
  const context = await browser.newContext();
  const theirs = await context.newPage();
  await useLanguage(theirs, 'en_US');
  await signInThroughUi(theirs, other.username, other.password);
  await theirs.goto('/profile');
  await theirs.getByLabel('Backup of collections').setInputFiles({ name: 'collections.zip', mimeType: 'application/zip', buffer: bytes });
  await theirs.getByRole('button', { name: 'Restore these collections' }).click();
  await expect(theirs.getByText('The file is uploaded: its collections are being made again.', { exact: false })).toBeVisible();
  const restored = theirs.getByTestId(/^archive-/).first();
  await expect(restored).toContainText('Collections restored: 1 of 1', { timeout: 30_000 });
  await expect(restored.getByText('Done')).toBeVisible();
  await expect(restored).toContainText('2 items');
  await restored.getByRole('link', { name: 'Reading room' }).click();
  await expect(theirs.getByRole('heading', { name: 'Reading room' })).toBeVisible();
  // In the list of items (the recent changes beside it may name them too).
  const list = theirs.getByRole('list', { name: 'Items' });
  await expect(list.getByRole('link', { name: 'The Left Hand of Darkness' })).toBeVisible();
  await expect(list.getByRole('link', { name: 'Solaris' })).toBeVisible();
  await context.close();
});

test('a file that is not a backup of collections fails with its reason', async ({ page, request }) => {
  const owner = await createOwnerViaApi(request);
  await useLanguage(page, 'en_US');
  await signInViaApi(page, owner.username, owner.password);
  await page.goto('/profile');
  await page
    .getByLabel('Backup of collections')
    .setInputFiles({ name: 'notes.zip', mimeType: 'application/zip', buffer: Buffer.from('not a zip') });
  await page.getByRole('button', { name: 'Restore these collections' }).click();
  const run = page.getByTestId(/^archive-/).first();
  await expect(run.getByText('Failed')).toBeVisible({ timeout: 30_000 });
  await expect(run).toContainText('This file is not a backup of collections made by Vitrine: nothing was restored.');
});
