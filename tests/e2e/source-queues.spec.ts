// Many at once, on a desktop: a pasted list of ISBNs (one held already, one no catalogue knows, a word
// that is no code) reviewed, sent, and followed on its page until every code says what became of it;
// the book added leads to its item, with the cover fetched from the fake catalogue on 127.0.0.1.
import { expect, test } from '../support/test';
import { freshIsbn, jsonAnswer, setAnswers } from '../support/fake-sources';
import { E2E } from '../support/e2e-settings.mjs';
import { bearer, createCollectionViaApi, createOwnerViaApi, pictureDecodes, signInViaApi } from '../support/e2e-helpers';
import { TINY_PNG_BASE64 } from '../support/tiny-png';

const FAKE = `http://127.0.0.1:${E2E.sourcesPort}`;

test('a pasted list of ISBNs becomes items, the held and the unknown said', async ({ page, request }) => {
  const owner = await createOwnerViaApi(request);
  const c = await createCollectionViaApi(request, owner.token, { name: 'Shelf', type: 'books' });
  const [known, held, unknown] = [freshIsbn(), freshIsbn(), freshIsbn()];
  await request.post(`/api/v1/collections/${c.id}/items`, {
    headers: bearer(owner.token),
    data: { values: { title: 'Already here', isbn: held } },
  });
  await setAnswers(FAKE, `/meta/openlibrary/api/books?bibkeys=ISBN:${known}&format=json&jscmd=data`, [
    jsonAnswer({
      [`ISBN:${known}`]: {
        key: `/books/OL${known}M`,
        title: 'The Left Hand of Darkness',
        authors: [{ name: 'Ursula K. Le Guin' }],
        publish_date: '1969',
        cover: { large: `${FAKE}/covers/${known}.png` },
      },
    }),
  ]);
  await setAnswers(FAKE, `/covers/${known}.png`, [{ body: TINY_PNG_BASE64, headers: { 'content-type': 'image/png' } }]);

  await signInViaApi(page, owner.username, owner.password);
  await page.goto(`/collection/${c.id}/import/item`);
  const box = page.getByLabel('ISBNs or barcodes');
  await box.fill(`${known}\n${held}, ${unknown}\nDune\n${known}`);
  await expect(page.getByText('3 codes read.')).toBeVisible();
  await expect(page.getByText('1 repeat is counted once.')).toBeVisible();
  await expect(page.getByText('Not an ISBN or a barcode (left out): Dune')).toBeVisible();
  await page.getByRole('button', { name: 'Add 3 items' }).click();

  await expect(page).toHaveURL(new RegExp(`/collection/${c.id}/import/list/\\d+$`));
  await expect(page.getByRole('heading', { name: 'List of 3 codes', level: 1 })).toBeVisible();
  await expect(page.getByText('Done', { exact: true })).toBeVisible({ timeout: 20_000 });
  const counts = page.getByRole('definition');
  await expect(counts).toHaveText(['1', '1', '1', '0']);
  const codes = page.getByRole('listitem');
  await expect(codes.filter({ hasText: held })).toContainText('Already in the collection');
  await expect(codes.filter({ hasText: unknown })).toContainText('No catalogue knows this code.');
  await codes.filter({ hasText: known }).getByRole('link', { name: 'Added: The Left Hand of Darkness' }).click();
  await expect(page.getByRole('heading', { name: 'The Left Hand of Darkness', level: 1 })).toBeVisible();
  await expect(page.getByText('Ursula K. Le Guin')).toBeVisible();
  await expect.poll(() => pictureDecodes(page.locator('img[src*="/media/"]').first())).toBe(true);

  // The search page lists it among the collection's latest lists.
  await page.goto(`/collection/${c.id}/import/item`);
  await expect(page.getByRole('link', { name: 'List of 3 codes' })).toBeVisible();
  await expect(page.getByText('1 added · 1 already held · 1 not found · 0 failed')).toBeVisible();
});
