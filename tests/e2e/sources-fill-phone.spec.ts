// Filling an item being edited from a catalogue on a phone, in French: the search and the hit's fields fit
// the screen in the sheet; the cover the catalogue names cannot be fetched, so the rest is filled and the
// page says the cover was lost; the item is saved with what was filled.
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
const SEARCH_FIELDS = 'key,title,subtitle,author_name,first_publish_year,publisher,isbn,cover_i,number_of_pages_median,language,subject';

test('an item being edited is filled from a hit whose cover is lost (French, phone)', async ({ page, request }) => {
  await useLanguage(page, 'fr_FR');
  const owner = await createOwnerViaApi(request);
  const c = await createCollectionViaApi(request, owner.token, { name: 'Bibliothèque', type: 'books' });
  const created = await request.post(`/api/v1/collections/${c.id}/items`, {
    headers: bearer(owner.token),
    data: { values: { title: 'Vol de nuit', publisher: 'Folio' } },
  });
  const item = (await created.json()) as { id: number };
  const words = `vol de nuit ${Date.now()}`;
  const cover = 9000 + (Date.now() % 1000);
  await setAnswers(FAKE, `/meta/openlibrary/search.json?q=${encodeURIComponent(words)}&limit=10&fields=${SEARCH_FIELDS}`, [
    jsonAnswer({
      docs: [
        {
          key: '/works/OL1W',
          title: 'Vol de nuit',
          author_name: ['Antoine de Saint-Exupéry'],
          first_publish_year: 1931,
          publisher: ['Gallimard'],
          cover_i: cover,
          subject: ['Aviation', 'Aéropostale', 'Amérique du Sud'],
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
  // The catalogue names a cover it does not have.
  await setAnswers(FAKE, `/meta/openlibrary-covers/b/id/${cover}-L.jpg`, [{ status: 404 }]);

  await signInViaApi(page, owner.username, owner.password);
  await page.goto(`/collection/${c.id}/item/${item.id}/edit`);
  await page.getByRole('button', { name: 'Chercher dans un catalogue' }).click();
  const sheet = page.getByRole('dialog', { name: 'Chercher dans un catalogue' });
  await sheet.getByLabel('Titre, auteur, ISBN ou code-barres').fill(words);
  await sheet.getByRole('button', { name: 'Chercher', exact: true }).click();
  await sheet.getByRole('button', { name: 'Choisir Vol de nuit' }).click();

  await expect(sheet.getByRole('checkbox', { name: 'Remplir Titre' })).not.toBeChecked();
  await expect(sheet.getByRole('checkbox', { name: 'Remplir Éditeur' })).not.toBeChecked();
  await expect(sheet.getByText('Actuellement : Folio')).toBeVisible();
  for (const field of ['Couverture', 'Auteurs', 'Année', 'Genre'])
    await expect(sheet.getByRole('checkbox', { name: `Remplir ${field}` })).toBeChecked();
  await expectNoHorizontalOverflow(page, 390);
  // Nothing in the sheet is wider than the screen.
  const widest = await sheet.evaluate((dialog) =>
    Math.max(...[dialog, ...Array.from(dialog.querySelectorAll('*'))].map((el) => el.getBoundingClientRect().right)),
  );
  expect(widest).toBeLessThanOrEqual(390);
  await sheet.getByRole('checkbox', { name: 'Remplir Genre' }).uncheck();
  await sheet.getByRole('button', { name: 'Remplir le formulaire' }).click();

  await expect(sheet).toBeHidden();
  await expect(page.getByText('2 champs remplis depuis Open Library : vérifiez-les, puis enregistrez.')).toBeVisible();
  await expect(page.getByText('La couverture n’a pas pu être récupérée : le formulaire n’a pas de nouvelle couverture.')).toBeVisible();
  await expectNoHorizontalOverflow(page, 390);
  // The collection was made through the API in English: its template's properties read in French all the same.
  await expect(page.getByLabel('Auteurs 1', { exact: true })).toHaveValue('Antoine de Saint-Exupéry');
  await expect(page.getByLabel('Année', { exact: true })).toHaveValue('1931');
  await expect(page.getByLabel('Éditeur', { exact: true })).toHaveValue('Folio');
  await page.getByRole('button', { name: 'Enregistrer' }).click();

  await expect(page).toHaveURL(new RegExp(`/collection/${c.id}/item/${item.id}$`));
  // Among the values (a generated cover names the author too).
  await expect(page.getByText('Antoine de Saint-Exupéry').last()).toBeVisible();
  await expect(page.getByText('Folio')).toBeVisible();
  await expect(page.getByText('Gallimard')).toHaveCount(0);
  await expect(page.getByText('Aviation')).toHaveCount(0);
});
