// Many at once on a phone, in French: a list pasted, sent, followed to its end; nothing overflows.
import { expect, test } from '../support/test';
import { freshIsbn, jsonAnswer, setAnswers } from '../support/fake-sources';
import { E2E } from '../support/e2e-settings.mjs';
import { createCollectionViaApi, createOwnerViaApi, expectNoHorizontalOverflow, signInViaApi, useLanguage } from '../support/e2e-helpers';

const FAKE = `http://127.0.0.1:${E2E.sourcesPort}`;

test('a list of ISBNs is added from a phone (French)', async ({ page, request }) => {
  await useLanguage(page, 'fr_FR');
  const owner = await createOwnerViaApi(request);
  const c = await createCollectionViaApi(request, owner.token, { name: 'Bibliothèque', type: 'books' });
  const [known, unknown] = [freshIsbn(), freshIsbn()];
  await setAnswers(FAKE, `/meta/openlibrary/api/books?bibkeys=ISBN:${known}&format=json&jscmd=data`, [
    jsonAnswer({
      [`ISBN:${known}`]: { key: `/books/OL${known}M`, title: 'Vendredi ou la Vie sauvage', authors: [{ name: 'Michel Tournier' }] },
    }),
  ]);

  await signInViaApi(page, owner.username, owner.password);
  await page.goto(`/collection/${c.id}/import/item`);
  await page.getByLabel('ISBN ou codes-barres').fill(`${known}\n${unknown}`);
  await expect(page.getByText('2 codes lus.')).toBeVisible();
  await expectNoHorizontalOverflow(page, 390);
  await page.getByRole('button', { name: 'Ajouter 2 objets' }).click();
  await expect(page.getByRole('heading', { name: 'Liste de 2 codes', level: 1 })).toBeVisible();
  await expect(page.getByText('Terminée', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: 'Ajouté : Vendredi ou la Vie sauvage' })).toBeVisible();
  await expect(page.getByText('Aucun catalogue ne connaît ce code.')).toBeVisible();
  await expectNoHorizontalOverflow(page, 390);
});
