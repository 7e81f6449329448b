// Find in a catalogue, on a desktop: words typed and sent with Enter (as a USB scanner sends a code), a hit
// from a fake Open Library on 127.0.0.1 shown with its cover, chosen, previewed with where each field goes,
// and created as an item whose cover was fetched into the collection.
import { expect, test } from '../support/test';
import { base64, jsonAnswer, setAnswers } from '../support/fake-sources';
import { E2E } from '../support/e2e-settings.mjs';
import { createCollectionViaApi, createOwnerViaApi, pictureDecodes, signInViaApi } from '../support/e2e-helpers';
import { TINY_PNG_BASE64 } from '../support/tiny-png';

const FAKE = `http://127.0.0.1:${E2E.sourcesPort}`;
const SEARCH_FIELDS = 'key,title,subtitle,author_name,first_publish_year,publisher,isbn,cover_i,number_of_pages_median,language,subject';

test('a book found by its title becomes an item with its cover', async ({ page, request }) => {
  const owner = await createOwnerViaApi(request);
  const c = await createCollectionViaApi(request, owner.token, { name: 'Shelf', type: 'books' });
  const words = `dispossessed ${Date.now()}`;
  const cover = 7000 + (Date.now() % 1000);
  await setAnswers(FAKE, `/meta/openlibrary/search.json?q=${encodeURIComponent(words)}&limit=10&fields=${SEARCH_FIELDS}`, [
    jsonAnswer({
      docs: [
        {
          key: '/works/OL59863W',
          title: 'The Dispossessed',
          author_name: ['Ursula K. Le Guin'],
          first_publish_year: 1974,
          publisher: ['Harper & Row'],
          isbn: ['9780061054884'],
          cover_i: cover,
          number_of_pages_median: 387,
          subject: ['Science fiction', 'Utopias'],
        },
      ],
    }),
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
  await setAnswers(FAKE, `/meta/openlibrary-covers/b/id/${cover}-L.jpg`, [
    { body: TINY_PNG_BASE64, headers: { 'content-type': 'image/png' } },
  ]);

  await signInViaApi(page, owner.username, owner.password);
  await page.goto(`/collection/${c.id}`);
  await page.getByRole('link', { name: 'Find in a catalogue' }).click();
  await expect(page).toHaveURL(new RegExp(`/collection/${c.id}/import/item$`));
  await expect(page).toHaveTitle(/^Find in a catalogue - /);
  await page.getByLabel('Title, author, ISBN or barcode').fill(words);
  await page.getByLabel('Title, author, ISBN or barcode').press('Enter');

  const hit = page.getByRole('listitem').filter({ hasText: 'The Dispossessed' });
  await expect(hit).toContainText('Ursula K. Le Guin');
  await expect(hit).toContainText('1974 · Harper & Row');
  await expect(hit).toContainText('From Open Library');
  // The cover comes through the Worker, with the media ticket.
  await expect.poll(() => hit.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await hit.getByRole('button', { name: 'Choose The Dispossessed' }).click();

  // The preview: every field the source gave, where it goes, and its value as the collection will hold it.
  await expect(page.getByLabel('Where Authors goes')).toHaveValue('authors');
  await expect(page.getByLabel('Where Pages goes')).toHaveValue('pages');
  await expect(page.getByLabel('Where Cover goes')).toHaveValue('cover');
  await page.getByLabel('Where Genre goes').selectOption('');
  await expect(page.locator('.source-field', { has: page.locator('.source-field__name', { hasText: 'Genre' }) })).toContainText(
    'Science fiction, Utopias',
  );
  await page.getByRole('button', { name: 'Create the item' }).click();

  await expect(page).toHaveURL(new RegExp(`/collection/${c.id}/item/\\d+$`));
  await expect(page.getByRole('heading', { name: 'The Dispossessed' })).toBeVisible();
  await expect(page.getByText('Ursula K. Le Guin')).toBeVisible();
  await expect(page.getByText('9780061054884').first()).toBeVisible();
  await expect(page.getByText('Science fiction')).toHaveCount(0);
  await expect.poll(() => pictureDecodes(page.locator('img[src*="/media/collections/"]').first())).toBe(true);
  // The collection remembers that the genre is not imported.
  const remembered = await request.get(`/api/v1/collections/${c.id}/sources`, { headers: { Authorization: `Bearer ${owner.token}` } });
  expect(((await remembered.json()) as { mapping: unknown }).mapping).toEqual({ genre: null });
});
