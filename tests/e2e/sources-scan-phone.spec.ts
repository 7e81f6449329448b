// Find in a catalogue with the camera, on a phone: the back camera (Chromium's fake one, filming an ISBN's
// EAN-13) is read by the app's WebAssembly reader; the code goes in the search box, the book is found, and
// nothing overflows the screen. In French, a new item's form is filled from a scanned book and saved.
import { expect } from '@playwright/test';
import { base64, jsonAnswer, setAnswers } from '../support/fake-sources';
import { test } from '../support/e2e-barcode-camera';
import { E2E } from '../support/e2e-settings.mjs';
import { createCollectionViaApi, createOwnerViaApi, expectNoHorizontalOverflow, signInViaApi, useLanguage } from '../support/e2e-helpers';

const FAKE = `http://127.0.0.1:${E2E.sourcesPort}`;
/** An ISBN of this spec's own: the Worker keeps catalogue answers a day, shared by every spec of a run. */
const ISBN = '9782290300039';

test('a book is found by scanning its barcode (phone)', async ({ page, request, camera }) => {
  await camera.film(ISBN);
  const owner = await createOwnerViaApi(request);
  const c = await createCollectionViaApi(request, owner.token, { name: 'Pocket shelf', type: 'books' });
  await setAnswers(FAKE, `/meta/openlibrary/api/books?bibkeys=ISBN:${ISBN}&format=json&jscmd=data`, [
    jsonAnswer({
      [`ISBN:${ISBN}`]: { key: '/books/OL1M', title: 'Vol de nuit', authors: [{ name: 'Antoine de Saint-Exupéry' }], publish_date: '1999' },
    }),
  ]);
  await setAnswers(FAKE, `/meta/googlebooks/books/v1/volumes?q=isbn:${ISBN}&maxResults=10`, [jsonAnswer({ totalItems: 0 })]);
  await setAnswers(
    FAKE,
    '/meta/bnf/api/SRU',
    [{ body: base64('<searchRetrieveResponse><numberOfRecords>0</numberOfRecords></searchRetrieveResponse>') }],
    { prefix: true },
  );

  // Without a language, the first visit reloads the page once it has chosen one, under the next check.
  await useLanguage(page, 'en_US');
  await signInViaApi(page, owner.username, owner.password);
  await page.goto(`/collection/${c.id}/import/item`);
  await expectNoHorizontalOverflow(page, 390);
  await page.getByRole('button', { name: 'Scan', exact: true }).tap();
  const hit = page.getByRole('listitem').filter({ hasText: 'Vol de nuit' });
  await expect(hit).toContainText('Antoine de Saint-Exupéry');
  await expect(page.getByLabel('Title, author, ISBN or barcode')).toHaveValue(ISBN);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectNoHorizontalOverflow(page, 390);
});

test('a new item is filled from a scanned book and saved (French, phone)', async ({ page, request, camera }) => {
  const isbn = '9782070366699';
  await camera.film(isbn);
  await useLanguage(page, 'fr_FR');
  const owner = await createOwnerViaApi(request);
  const c = await createCollectionViaApi(request, owner.token, { name: 'Étagère', type: 'books' });
  await setAnswers(FAKE, `/meta/openlibrary/api/books?bibkeys=ISBN:${isbn}&format=json&jscmd=data`, [
    jsonAnswer({
      [`ISBN:${isbn}`]: {
        key: `/books/OL${isbn}M`,
        title: 'Terre des hommes',
        authors: [{ name: 'Antoine de Saint-Exupéry' }],
        identifiers: { isbn_13: [isbn] },
      },
    }),
  ]);
  await setAnswers(FAKE, `/meta/googlebooks/books/v1/volumes?q=isbn:${isbn}&maxResults=10`, [jsonAnswer({ totalItems: 0 })]);

  await signInViaApi(page, owner.username, owner.password);
  await page.goto(`/collection/${c.id}/item/new`);
  await page.getByRole('button', { name: 'Chercher dans un catalogue' }).tap();
  const sheet = page.getByRole('dialog', { name: 'Chercher dans un catalogue' });
  await sheet.getByRole('button', { name: 'Scanner', exact: true }).tap();
  await sheet.getByRole('button', { name: 'Choisir Terre des hommes' }).tap();
  await sheet.getByRole('button', { name: 'Remplir le formulaire' }).tap();
  await expect(sheet).toBeHidden();
  // The collection was made through the API in English: its properties keep their English names.
  await expect(page.getByLabel('Titre', { exact: true })).toHaveValue('Terre des hommes');
  await expect(page.getByLabel('ISBN', { exact: true })).toHaveValue(isbn);
  await expectNoHorizontalOverflow(page, 390);
  await page.getByRole('button', { name: 'Créer l’objet' }).tap();
  await expect(page.getByRole('heading', { name: 'Terre des hommes', level: 1 })).toBeVisible();
  await expect(page.getByText('Antoine de Saint-Exupéry').last()).toBeVisible();
});
