// Moving in from a phone, in French: a plan that would import nothing is stopped before it runs, with
// the fix offered next to the reason, and the fixed plan then imports every record.
import { expect, test } from '@playwright/test';
import { createCollectionViaApi, createOwnerViaApi, expectNoHorizontalOverflow, signInThroughUi, useLanguage } from '../support/e2e-helpers';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

const FILMS = ['Film;Année;Note', 'Alien;1979;4', 'Les Enfants du paradis;1945;5', 'Playtime;1967;4,5'].join('\r\n');

test('a plan that would import nothing is stopped with its fix, on a phone in French', async ({ browser, request }) => {
  const owner = await createOwnerViaApi(request);
  // Made in English: its template's properties are still named in French for this French reader.
  const collection = await createCollectionViaApi(request, owner.token, { name: 'Mes films', type: 'movies' });
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await useLanguage(page, 'fr_FR');
  await signInThroughUi(page, owner.username, owner.password);
  await page.goto(`/collection/${collection.id}/manage/import`);
  await page.getByLabel('Fichier à importer').setInputFiles({ name: 'films.csv', mimeType: 'text/csv', buffer: Buffer.from(FILMS) });
  await expect(page.getByText('Lu comme : CSV ou TSV')).toBeVisible();
  // "Film" means the title: it goes there by itself.
  await expect(page.getByLabel('Où va « Film »')).toHaveValue('p:title');

  // Leaving it out would import nothing: the screen says why and offers the fix.
  await page.getByLabel('Où va « Film »').selectOption('ignore');
  const fix = page.getByRole('button', { name: 'Utiliser « Film » comme titre' });
  const problem = page.getByRole('alert').filter({ has: fix });
  await expect(problem).toContainText('aucun champ du fichier ne va dans « Titre »');
  await expectNoHorizontalOverflow(page, 390);

  // Sent all the same, the plan is refused before anything is written.
  const [refused] = await Promise.all([
    page.waitForResponse((res) => res.request().method() === 'POST' && res.url().endsWith(`/collections/${collection.id}/imports`)),
    page.getByRole('button', { name: 'Importer', exact: true }).click(),
  ]);
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
  await expect(page).toHaveURL(new RegExp(`/collection/${collection.id}/manage/import$`));
  await expect(page.getByText('Aucun enregistrement ne serait importé')).toHaveCount(2);

  await fix.click();
  await expect(page.getByLabel('Où va « Film »')).toHaveValue('p:title');
  // The reason goes, the refusal's copy of it too: it spoke of the plan before the fix.
  await expect(page.getByText('Aucun enregistrement ne serait importé')).toHaveCount(0);
  await expect(page.getByText('Sur les 3 premiers enregistrements, à importer : 3.')).toBeVisible();

  await page.getByRole('button', { name: 'Importer', exact: true }).click();
  await expect(page.getByText('Terminé', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('.run-counts__entry--added dd')).toHaveText('3');
  await page.getByRole('link', { name: 'Voir la collection' }).click();
  await expect(page.getByRole('link', { name: 'Les Enfants du paradis' }).first()).toBeVisible();
  await context.close();
});
