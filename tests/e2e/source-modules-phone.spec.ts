// Configuration → Modules on a phone, in French: every catalogue's card fits the screen, and a test says
// what the catalogue answered.
import { expect, test } from '../support/test';
import { jsonAnswer, setAnswers } from '../support/fake-sources';
import { E2E } from '../support/e2e-settings.mjs';
import { ADMIN, expectNoHorizontalOverflow, signInViaApi, useLanguage } from '../support/e2e-helpers';
import { PHONE } from '../support/e2e-devices';

// On the instance-wide project (playwright.config.ts), with desktop specs: the phone is asked for here.
test.use(PHONE);

const FAKE = `http://127.0.0.1:${E2E.sourcesPort}`;

test('the administrator tests a catalogue from a phone, in French', async ({ page }) => {
  await setAnswers(FAKE, '/meta/openlibrary/api/books?bibkeys=ISBN:9780441172719&format=json&jscmd=data', [
    jsonAnswer({ 'ISBN:9780441172719': { key: '/books/OL26M', title: 'Dune' } }),
  ]);
  await useLanguage(page, 'fr_FR');
  await signInViaApi(page, ADMIN.username, ADMIN.password);
  await page.goto('/config/modules');
  await expect(page).toHaveTitle(/^Modules - /);
  const openLibrary = page.getByRole('listitem', { name: 'Open Library' });
  await expect(openLibrary).toContainText('Prêt');
  await openLibrary.getByRole('button', { name: 'Tester' }).click();
  await expect(openLibrary.getByText('Il répond : 1 résultat, le premier « Dune ».')).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'TMDB' })).toContainText('La clé du déploiement est utilisée.');
  await expectNoHorizontalOverflow(page, 390);
});
