// Find in a catalogue on a phone, in French: an ISBN typed with hyphens is looked up as a code; the book
// the collection already holds is marked and leads to it; a catalogue that is busy is named, the others'
// results still show; nothing overflows the screen.
import { expect, test } from '../support/test';
import { base64, jsonAnswer, setAnswers } from '../support/fake-sources';
import { E2E } from '../support/e2e-settings.mjs';
import {
  bearer,
  createCollectionViaApi,
  createOwnerViaApi,
  expectNoHorizontalOverflow,
  signInViaApi,
  useLanguage,
} from '../support/e2e-helpers';

const FAKE = `http://127.0.0.1:${E2E.sourcesPort}`;

test('an ISBN finds the edition, marked as already held (French, phone)', async ({ page, request }) => {
  await useLanguage(page, 'fr_FR');
  const owner = await createOwnerViaApi(request);
  const c = await createCollectionViaApi(request, owner.token, { name: 'Bibliothèque', type: 'books' });
  const created = await request.post(`/api/v1/collections/${c.id}/items`, {
    headers: bearer(owner.token),
    data: { values: { title: 'Le Petit Prince', isbn: '2070612759' } },
  });
  const held = (await created.json()) as { id: number };
  await setAnswers(FAKE, '/meta/openlibrary/api/books?bibkeys=ISBN:9782070612758&format=json&jscmd=data', [
    jsonAnswer({
      'ISBN:9782070612758': {
        key: '/books/OL1M',
        title: 'Le Petit Prince',
        authors: [{ name: 'Antoine de Saint-Exupéry' }],
        publish_date: '1999',
        identifiers: { isbn_13: ['9782070612758'] },
      },
    }),
  ]);
  await setAnswers(FAKE, '/meta/googlebooks/books/v1/volumes?q=isbn:9782070612758&maxResults=10', [{ status: 429 }]);
  await setAnswers(
    FAKE,
    '/meta/bnf/api/SRU',
    [{ body: base64('<searchRetrieveResponse><numberOfRecords>0</numberOfRecords></searchRetrieveResponse>') }],
    { prefix: true },
  );

  await signInViaApi(page, owner.username, owner.password);
  await page.goto(`/collection/${c.id}/import/item`);
  await expect(page).toHaveTitle(/^Chercher dans un catalogue - /);
  await page.getByLabel('Titre, auteur, ISBN ou code-barres').fill('978-2-07-061275-8');
  await page.getByRole('button', { name: 'Chercher', exact: true }).click();
  await expect(page.getByText('Google Books est occupé : réessayez dans un instant.')).toBeVisible();
  const hit = page.getByRole('listitem').filter({ hasText: 'Le Petit Prince' });
  await expect(hit).toContainText('Antoine de Saint-Exupéry');
  await expect(hit).toContainText('Depuis Open Library');
  await expectNoHorizontalOverflow(page, 390);
  await hit.getByRole('link', { name: 'Déjà dans la collection' }).click();
  await expect(page).toHaveURL(new RegExp(`/collection/${c.id}/item/${held.id}$`));
});
