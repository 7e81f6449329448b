// Filling an item form from a catalogue, on a desktop: an item being edited takes from a hit only what it
// lacks (and what the person checks besides), then is saved as usual; a new item is filled with the cover
// fetched into the collection. The fake Open Library is on 127.0.0.1; the other books sources find nothing.
// In demo mode, where nothing can be saved, the forms offer no catalogue.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { base64, jsonAnswer, setAnswers } from '../support/fake-sources';
import { E2E } from '../support/e2e-settings.mjs';
import {
  bearer,
  createCollectionViaApi,
  createOwnerViaApi,
  pictureDecodes,
  seedDemoCollection,
  signInViaApi,
  useLanguage,
} from '../support/e2e-helpers';
import { TINY_PNG_BASE64 } from '../support/tiny-png';

const FAKE = `http://127.0.0.1:${E2E.sourcesPort}`;
const SEARCH_FIELDS = 'key,title,subtitle,author_name,first_publish_year,publisher,isbn,cover_i,number_of_pages_median,language,subject';

/** Open Library answers `words` with this one book; Google Books and the BnF find nothing. */
async function oneBookFor(words: string, doc: Record<string, unknown>) {
  await setAnswers(FAKE, `/meta/openlibrary/search.json?q=${encodeURIComponent(words)}&limit=10&fields=${SEARCH_FIELDS}`, [
    jsonAnswer({ docs: [doc] }),
  ]);
  await setAnswers(FAKE, `/meta/googlebooks/books/v1/volumes?q=${encodeURIComponent(words)}&maxResults=10`, [
    jsonAnswer({ totalItems: 0 }),
  ]);
  await setAnswers(
    FAKE,
    '/meta/bnf/api/SRU',
    [{ body: base64('<searchRetrieveResponse><numberOfRecords>0</numberOfRecords></searchRetrieveResponse>') }],
    { prefix: true },
  );
}

async function findAndChoose(page: Page, words: string, title: string) {
  await page.getByRole('button', { name: 'Find in a catalogue' }).click();
  const sheet = page.getByRole('dialog', { name: 'Find in a catalogue' });
  await sheet.getByLabel('Title, author, ISBN or barcode').fill(words);
  await sheet.getByLabel('Title, author, ISBN or barcode').press('Enter');
  await sheet.getByRole('button', { name: `Choose ${title}` }).click();
  return sheet;
}

test('an item being edited takes from a hit only the fields it lacks, unless told otherwise', async ({ page, request }) => {
  const owner = await createOwnerViaApi(request);
  const c = await createCollectionViaApi(request, owner.token, { name: 'Shelf', type: 'books' });
  const created = await request.post(`/api/v1/collections/${c.id}/items`, {
    headers: bearer(owner.token),
    data: { values: { title: 'The Dispossessed (my copy)', authors: ['Ursula Le Guin'] } },
  });
  const item = (await created.json()) as { id: number };
  const words = `dispossessed edit ${Date.now()}`;
  await oneBookFor(words, {
    key: '/works/OL59863W',
    title: 'The Dispossessed',
    author_name: ['Ursula K. Le Guin'],
    first_publish_year: 1974,
    publisher: ['Harper & Row'],
    isbn: ['9780061054884'],
    number_of_pages_median: 387,
  });

  await signInViaApi(page, owner.username, owner.password);
  await page.goto(`/collection/${c.id}/item/${item.id}/edit`);
  const sheet = await findAndChoose(page, words, 'The Dispossessed');

  // What the form holds is not replaced unless checked; what it lacks is.
  await expect(sheet.getByRole('checkbox', { name: 'Fill Title' })).not.toBeChecked();
  await expect(sheet.getByRole('checkbox', { name: 'Fill Authors' })).not.toBeChecked();
  await expect(sheet.getByText('Now: The Dispossessed (my copy)')).toBeVisible();
  await expect(sheet.getByText('Now: Ursula Le Guin')).toBeVisible();
  for (const field of ['Publisher', 'Year', 'Pages', 'ISBN'])
    await expect(sheet.getByRole('checkbox', { name: `Fill ${field}` })).toBeChecked();
  // The link goes nowhere in a books collection: nothing to fill.
  await expect(sheet.getByRole('checkbox', { name: 'Fill Link' })).toBeDisabled();
  const axe = await new AxeBuilder({ page }).include('dialog').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations).toEqual([]);
  await sheet.getByRole('checkbox', { name: 'Fill Authors' }).check();
  await sheet.getByRole('button', { name: 'Fill the form' }).click();

  await expect(sheet).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'fields filled' })).toHaveText(
    '5 fields filled from Open Library: check them, then save.',
  );
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('The Dispossessed (my copy)');
  await expect(page.getByLabel('Authors 1', { exact: true })).toHaveValue('Ursula K. Le Guin');
  await expect(page.getByLabel('Publisher', { exact: true })).toHaveValue('Harper & Row');
  await expect(page.getByLabel('Year', { exact: true })).toHaveValue('1974');
  await expect(page.getByLabel('Pages', { exact: true })).toHaveValue('387');
  await expect(page.getByLabel('ISBN', { exact: true })).toHaveValue('9780061054884');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(new RegExp(`/collection/${c.id}/item/${item.id}$`));
  await expect(page.getByRole('heading', { name: 'The Dispossessed (my copy)' })).toBeVisible();
  // Among the item's values (the generated cover names the author too).
  await expect(page.getByText('Ursula K. Le Guin').last()).toBeVisible();
  await expect(page.getByText('Ursula Le Guin', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Harper & Row')).toBeVisible();
  await expect(page.getByText('9780061054884').first()).toBeVisible();
  const saved = await request.get(`/api/v1/collections/${c.id}/items/${item.id}`, { headers: bearer(owner.token) });
  expect(((await saved.json()) as { values: Record<string, unknown> }).values).toMatchObject({
    title: 'The Dispossessed (my copy)',
    authors: ['Ursula K. Le Guin'],
    publisher: 'Harper & Row',
    year: 1974,
    pages: 387,
    isbn: '9780061054884',
  });
});

test('a new item is filled from a hit, its cover fetched into the collection, and created', async ({ page, request }) => {
  const owner = await createOwnerViaApi(request);
  const c = await createCollectionViaApi(request, owner.token, { name: 'Shelf', type: 'books' });
  const words = `left hand ${Date.now()}`;
  const cover = 8000 + (Date.now() % 1000);
  await oneBookFor(words, {
    key: '/works/OL59864W',
    title: 'The Left Hand of Darkness',
    author_name: ['Ursula K. Le Guin'],
    first_publish_year: 1969,
    publisher: ['Ace Books'],
    cover_i: cover,
  });
  await setAnswers(FAKE, `/meta/openlibrary-covers/b/id/${cover}-L.jpg`, [
    { body: TINY_PNG_BASE64, headers: { 'content-type': 'image/png' } },
  ]);

  await signInViaApi(page, owner.username, owner.password);
  await page.goto(`/collection/${c.id}/item/new`);
  const sheet = await findAndChoose(page, words, 'The Left Hand of Darkness');
  // An empty form: every field that gives a value is checked.
  for (const field of ['Title', 'Cover', 'Authors', 'Publisher', 'Year'])
    await expect(sheet.getByRole('checkbox', { name: `Fill ${field}` })).toBeChecked();
  await expect
    .poll(() => sheet.locator('.source-field__cover').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(1);
  await sheet.getByRole('button', { name: 'Fill the form' }).click();

  await expect(sheet).toBeHidden();
  await expect(page.getByText('5 fields filled from Open Library: check them, then save.')).toBeVisible();
  await expect(page.getByText('The cover could not be fetched')).toHaveCount(0);
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('The Left Hand of Darkness');
  await expect(page.getByLabel('Year', { exact: true })).toHaveValue('1969');
  // The cover is already in the collection's media: the form shows it as any uploaded picture.
  await expect.poll(() => page.locator('.media-input img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await page.getByRole('button', { name: 'Create the item' }).click();

  await expect(page).toHaveURL(new RegExp(`/collection/${c.id}/item/\\d+$`));
  await expect(page.getByRole('heading', { name: 'The Left Hand of Darkness' })).toBeVisible();
  await expect(page.getByText('Ace Books')).toBeVisible();
  await expect.poll(() => pictureDecodes(page.locator('img[src*="/media/collections/"]').first())).toBe(true);
});

test.describe('demo mode', () => {
  test.use({ baseURL: `http://127.0.0.1:${E2E.demoPort}` });

  test('the item forms offer no catalogue to fill from', async ({ page, request }) => {
    const name = `Demo shelf ${Date.now().toString(36)}`;
    seedDemoCollection(name, 'A demo book', 'Essay');
    const listed = (await (await request.get('/api/v1/collections')).json()) as { collections: { id: number; name: string }[] };
    const collectionId = listed.collections.find((collection) => collection.name === name)?.id;
    expect(collectionId).toBeDefined();
    await useLanguage(page, 'en_US');
    await signInViaApi(page, 'demo', 'demo');

    await page.goto(`/collection/${collectionId}/item/new`);
    await expect(page.getByRole('button', { name: 'Create the item' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Find in a catalogue' })).toHaveCount(0);
    await page.goto(`/collection/${collectionId}`);
    await page.getByRole('list', { name: 'Items' }).getByRole('link', { name: 'A demo book' }).click();
    await expect(page).toHaveURL(new RegExp(`/collection/${collectionId}/item/\\d+$`));
    await page.goto(`${new URL(page.url()).pathname}/edit`);
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Find in a catalogue' })).toHaveCount(0);
  });
});
