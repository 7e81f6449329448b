// Moving in from a phone, in French: a plan that would import nothing is stopped before it runs, with
// the fix offered next to the reason, and the fixed plan then imports every record; a Letterboxd export
// zip and a GCstar music file come in whole.
import { expect, test } from '../support/test';
import { zipSync } from 'fflate';
import { readFileSync } from 'node:fs';
import {
  createCollectionViaApi,
  createOwnerViaApi,
  expectNoHorizontalOverflow,
  mappingRowTops,
  signInViaApi,
  useLanguage,
} from '../support/e2e-helpers';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

const FILMS = ['Film;Année;Note', 'Alien;1979;4', 'Les Enfants du paradis;1945;5', 'Playtime;1967;4,5'].join('\r\n');

test('a plan that would import nothing is stopped with its fix, on a phone in French', async ({ browser, request }) => {
  const owner = await createOwnerViaApi(request);
  // Made in English: its template's properties are still named in French for this French reader.
  const collection = await createCollectionViaApi(request, owner.token, { name: 'Mes films', type: 'movies' });
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await useLanguage(page, 'fr_FR');
  await signInViaApi(page, owner.username, owner.password);
  await page.goto(`/collection/${collection.id}/manage/import`);
  await page.getByLabel('Fichier à importer').setInputFiles({ name: 'films.csv', mimeType: 'text/csv', buffer: Buffer.from(FILMS) });
  await expect(page.getByText('Lu comme : CSV ou TSV')).toBeVisible();
  // "Film" means the title: it goes there by itself.
  await expect(page.getByLabel('Où va « Film »')).toHaveValue('p:title');
  // On a phone each row is a card: its cells one under the other, from one left edge.
  for (const row of await mappingRowTops(page)) {
    const visible = row.lefts.map((left, i) => ({ left, top: row.cells[i]!, bottom: row.bottoms[i]! })).filter((c) => c.bottom > c.top);
    expect(Math.max(...visible.map((c) => c.left)) - Math.min(...visible.map((c) => c.left)), JSON.stringify(row)).toBeLessThanOrEqual(2);
    visible.slice(1).forEach((cell, i) => expect(cell.top).toBeGreaterThanOrEqual(visible[i]!.bottom - 1));
  }

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

/** The films of a Letterboxd export zip, as Letterboxd writes it (the repository's own fixtures). */
function letterboxdZip(): Buffer {
  const folder = new URL('../fixtures/imports/letterboxd/', import.meta.url);
  const names = ['profile.csv', 'diary.csv', 'ratings.csv', 'watched.csv', 'watchlist.csv', 'reviews.csv'];
  const files = Object.fromEntries(names.map((name) => [name, new Uint8Array(readFileSync(new URL(name, folder)))]));
  files['lists/heist-films.csv'] = new Uint8Array(readFileSync(new URL('heist-films.csv', folder)));
  return Buffer.from(zipSync(files));
}

test('a Letterboxd export zip and a GCstar music file come in from a phone, in French', async ({ browser, request }) => {
  const owner = await createOwnerViaApi(request);
  const films = await createCollectionViaApi(request, owner.token, { name: 'Films vus', type: 'movies' });
  const music = await createCollectionViaApi(request, owner.token, { name: 'Disques', type: 'music' });
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await useLanguage(page, 'fr_FR');
  await signInViaApi(page, owner.username, owner.password);

  await page.goto(`/collection/${films.id}/manage/import`);
  await page
    .getByLabel('Fichier à importer')
    .setInputFiles({ name: 'letterboxd-someone-2024-03-07-12-00-utc.zip', mimeType: 'application/zip', buffer: letterboxdZip() });
  await expect(page.getByText('Lu comme : Export Letterboxd')).toBeVisible();
  await expect(page.getByLabel('Où va « Name »')).toHaveValue('p:title');
  await expect(page.getByLabel('Où va « Rating »')).toHaveValue('p:rating');
  await expectNoHorizontalOverflow(page, 390);
  await page.getByRole('button', { name: 'Importer', exact: true }).click();
  await expect(page.getByText('Terminé', { exact: true })).toBeVisible({ timeout: 60_000 });
  // Watched, rated, on the watchlist: one film a row, whichever files name it.
  await expect(page.locator('.run-counts__entry--added dd')).toHaveText('4');
  await page.getByRole('link', { name: 'Voir la collection' }).click();
  await page.getByRole('link', { name: 'Parasite' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Parasite' })).toBeVisible();
  await expect(page.getByText('Even better the second time.')).toBeVisible();

  await page.goto(`/collection/${music.id}/manage/import`);
  await page.getByLabel('Fichier à importer').setInputFiles({
    name: 'music.gcs',
    mimeType: 'application/xml',
    buffer: readFileSync(new URL('../fixtures/imports/gcstar/music.gcs', import.meta.url)),
  });
  await expect(page.getByText('Lu comme : Collection GCstar')).toBeVisible();
  await expectNoHorizontalOverflow(page, 390);
  await page.getByRole('button', { name: 'Importer', exact: true }).click();
  await expect(page.getByText('Terminé', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('.run-counts__entry--added dd')).toHaveText('2');
  await page.getByRole('link', { name: 'Voir la collection' }).click();
  await page.getByRole('link', { name: 'Random Access Memories' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Random Access Memories' })).toBeVisible();
  // Every field of the model: the artist, and the tracks with all their columns.
  await expect(page.getByText('Daft Punk').first()).toBeVisible();
  await expect(page.getByText('1 :: Give Life Back to Music :: 4:34')).toBeVisible();
  await expectNoHorizontalOverflow(page, 390);
  await context.close();
});
