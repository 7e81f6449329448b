// Importing from the browser: a CSV mapped onto a books collection (existing properties, a new one with
// its guessed type, an ignored column, a multi-value separator), its preview flagging a bad cell, the
// run's report, and a second run that changes nothing; then a Goodreads export into a
// new collection from a phone, in French, offered right when the collection is created, and exported back
// out; and a Tellico
// .tc whose covers come out of its zip and show in the Mosaic (their thumbnails made by the browser),
// then leave again in an export with pictures.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { readFileSync } from 'node:fs';
import {
  bearer,
  createCollectionViaApi,
  createOwnerViaApi,
  expectNoHorizontalOverflow,
  mappingRowTops,
  pictureDecodes,
  signInThroughUi,
  signInViaApi,
  useLanguage,
} from '../support/e2e-helpers';
import { TINY_PNG } from '../support/tiny-png';

/** Enough rows for the run to take several Workflow steps, so its progress shows. */
const ROWS = 300;

function libraryCsv(): string {
  const lines = ['Title;Author;Year;Read;Price;Notes'];
  for (let n = 1; n <= ROWS; n += 1) {
    const year = n === 3 ? 'abc' : String(1900 + (n % 120));
    lines.push(`Book ${n};Author ${n % 40}|Co-author ${n % 7};${year};${n % 2 ? 'yes' : 'no'};${n % 50},5;note ${n}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Starts the import on the page, waits for the run to end through the API, and opens its page in a
 * fresh tab of the same session. The screen goes there by itself once the run is created (the web
 * suite, tests/web/imports/imports.test.tsx, checks that and the progress bar); but the local server drops the
 * requests of connections kept open while a Workflow writes, so the test reads on new connections.
 */
async function startAndFinish(page: Page, request: APIRequestContext, token: string, collectionId: number): Promise<Page> {
  const [started] = await Promise.all([
    page.waitForResponse((res) => res.request().method() === 'POST' && res.url().endsWith(`/collections/${collectionId}/imports`)),
    page.getByRole('button', { name: 'Import', exact: true }).click(),
  ]);
  expect(started.status()).toBe(202);
  const { id } = (await started.json()) as { id: number };
  const headers = { ...bearer(token), Connection: 'close' };
  const status = async () => {
    try {
      const res = await request.get(`/api/v1/collections/${collectionId}/imports/${id}`, { headers, timeout: 5_000 });
      return ((await res.json()) as { status: string }).status;
    } catch {
      // A connection reset while the run writes: ask again.
      return 'no answer';
    }
  };
  await expect.poll(status, { timeout: 150_000 }).toBe('done');
  const context = await page
    .context()
    .browser()!
    .newContext({ storageState: await page.context().storageState() });
  const next = await context.newPage();
  await next.goto(`/collection/${collectionId}/manage/import/${id}`);
  return next;
}

async function itemTotal(request: APIRequestContext, token: string, collectionId: number): Promise<number> {
  const res = await request.get(`/api/v1/collections/${collectionId}/items?perPage=20`, {
    headers: { ...bearer(token), Connection: 'close' },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { total: number }).total;
}

test('a CSV is mapped, previewed and imported with its report, and a second run changes nothing', async ({ page: first, request }) => {
  let page = first;
  test.setTimeout(180_000);
  const owner = await createOwnerViaApi(request);
  const shelf = await createCollectionViaApi(request, owner.token, { type: 'books', name: 'Imported books' });
  await signInViaApi(page, owner.username, owner.password);
  await page.goto(`/collection/${shelf.id}/manage`);
  await page.getByRole('link', { name: 'Import a file' }).click();
  await expect(page).toHaveURL(new RegExp(`/collection/${shelf.id}/manage/import$`));
  await expect(page.getByText('No imports into this collection yet.')).toBeVisible();

  const file = { name: 'library.csv', mimeType: 'text/csv', buffer: Buffer.from(libraryCsv()) };
  const mapAuthors = async () => {
    // "Author" is not the template's "Authors": the person points it there and names the separator.
    await page.getByLabel('Where “Author” goes').selectOption('p:authors');
    await page
      .getByRole('row', { name: /Author/ })
      .getByLabel('Values separated by')
      .selectOption('|');
    await page.getByLabel('Where “Notes” goes').selectOption('ignore');
  };
  await page.getByLabel('File to import').setInputFiles(file);
  await expect(page.getByText('Read as: CSV or TSV')).toBeVisible();
  await expect(page.getByLabel('Separator')).toHaveValue(';');
  await expect(page.getByLabel('Where “Title” goes')).toHaveValue('p:title');
  await expect(page.getByLabel('Where “Year” goes')).toHaveValue('p:year');
  await expect(page.getByLabel('Where “Read” goes')).toHaveValue('p:read');
  // Each row's cells start together, and a field's name sits level with the select beside it.
  for (const row of await mappingRowTops(page)) {
    expect(Math.max(...row.cells) - Math.min(...row.cells)).toBeLessThanOrEqual(2);
    expect(Math.max(...row.firstLines) - Math.min(...row.firstLines), JSON.stringify(row)).toBeLessThanOrEqual(2);
  }
  // A column the collection does not have becomes a new property, its type guessed from its values.
  await expect(page.getByLabel('Where “Price” goes')).toHaveValue('new');
  await expect(page.getByRole('row', { name: /Price/ }).getByLabel('Type')).toHaveValue('number');
  await mapAuthors();

  // The preview shows the values as they will be stored, and flags the cell that cannot be read.
  const preview = page.locator('table.import-preview');
  await expect(preview).toContainText('Book 1');
  await expect(preview.getByText('“abc”: This is not a number.')).toBeVisible();
  await expect(preview.getByText('Co-author 1').first()).toBeVisible();
  await expect(page.getByText('1 value of these records cannot be read')).toBeVisible();

  page = await startAndFinish(page, request, owner.token, shelf.id);
  await expect(page.getByText('Done', { exact: true })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  // The year that is not a number is left out; its record is imported, and named in the report by its title.
  await expect(page.locator('.run-counts__entry--added dd')).toHaveText(String(ROWS));
  await expect(page.locator('.run-counts__entry--failed dd')).toHaveText('0');
  const problems = page.locator('table.import-problems');
  await expect(problems.getByRole('row', { name: /This is not a number/ })).toContainText('4');
  await expect(problems.getByRole('row', { name: /This is not a number/ })).toContainText('Book 3');
  await expect(problems).toContainText('Year');
  expect(await itemTotal(request, owner.token, shelf.id)).toBe(ROWS);

  // The collection shows the imported books (in its list; the newest may also show elsewhere on the page).
  await page.getByRole('link', { name: 'See the collection' }).click();
  await expect(page.getByRole('list', { name: 'Items' }).getByRole('link', { name: 'Book 300', exact: true })).toBeVisible();

  // The same file again: nothing changes, nothing is added twice; the history keeps both runs.
  await page.goto(`/collection/${shelf.id}/manage/import`);
  await expect(page.locator('.import-history__run')).toHaveCount(1);
  await page.getByLabel('File to import').setInputFiles(file);
  // Price now exists: the mapping finds it.
  await expect(page.getByLabel('Where “Price” goes')).toHaveValue('p:price');
  await mapAuthors();
  page = await startAndFinish(page, request, owner.token, shelf.id);
  await expect(page.getByText('Done', { exact: true })).toBeVisible();
  await expect(page.locator('.run-counts__entry--unchanged dd')).toHaveText(String(ROWS));
  await expect(page.locator('.run-counts__entry--added dd')).toHaveText('0');
  expect(await itemTotal(request, owner.token, shelf.id)).toBe(ROWS);
  await page.goto(`/collection/${shelf.id}/manage/import`);
  await expect(page.locator('.import-history__run')).toHaveCount(2);
});

const GOODREADS = [
  'Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies',
  '11,"Le Petit Prince","Antoine de Saint-Exupéry","Saint-Exupéry, Antoine de","",="2070612759",="9782070612758",5,4.31,"Gallimard","Poche",96,2007,1943,2024/03/02,2024/01/15,"","",read,"","","",1,0',
  '12,"L\'Étranger","Albert Camus","Camus, Albert","",="",="",0,3.99,"Folio","Poche",186,1972,1942,,2024/01/16,to-read,"to-read (#1)",to-read,"","","",0,0',
].join('\n');

test('a Goodreads export goes into a new collection from a phone, in French', async ({ browser, request }) => {
  const owner = await createOwnerViaApi(request);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await useLanguage(page, 'fr_FR');
  await signInViaApi(page, owner.username, owner.password);
  await page.goto('/collection/new');
  await page.getByLabel('Nom', { exact: true }).fill('Mes lectures');
  await page.getByLabel('Puis y importer un fichier').check();
  await page.getByRole('button', { name: 'Créer la collection' }).click();
  await expect(page).toHaveURL(/\/collection\/\d+\/manage\/import$/);
  await expect(page.getByRole('heading', { name: 'Importer dans Mes lectures' })).toBeVisible();

  await page
    .getByLabel('Fichier à importer')
    .setInputFiles({ name: 'goodreads_library_export.csv', mimeType: 'text/csv', buffer: Buffer.from(GOODREADS) });
  await expect(page.getByText('Lu comme : Export Goodreads')).toBeVisible();
  // Goodreads' fields go to the books template's properties.
  await expect(page.getByLabel('Où va « Title »')).toHaveValue('p:title');
  await expect(page.getByLabel('Où va « My Rating »')).toHaveValue('p:rating');
  await expect(page.locator('table.import-preview')).toContainText('Le Petit Prince');
  await expectNoHorizontalOverflow(page, 390);

  await page.getByRole('button', { name: 'Importer', exact: true }).click();
  await expect(page.getByText('Terminé', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('.run-counts__entry--added dd')).toHaveText('2');
  await expectNoHorizontalOverflow(page, 390);
  await page.getByRole('link', { name: 'Voir la collection' }).click();
  await expect(page.getByRole('link', { name: 'Le Petit Prince' }).first()).toBeVisible();

  // And back out: the collection's export, which Vitrine reads again.
  await page.goto(page.url().replace(/\/collection\/(\d+).*$/, '/collection/$1/manage'));
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger le JSON' }).click()]);
  expect(download.suggestedFilename()).toBe('Mes lectures.json');
  const exported = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
    format: string;
    items: { values: Record<string, unknown> }[];
  };
  expect(exported.format).toBe('vitrine');
  expect(exported.items.map((i) => i.values.title).sort()).toEqual(['Le Petit Prince', "L'Étranger"].sort());
  await context.close();
});

const TELLICO = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE tellico PUBLIC '-//Robby Stephenson/DTD Tellico V11.0//EN' 'http://periapsis.org/tellico/dtd/v11/tellico.dtd'>
<tellico xmlns="http://periapsis.org/tellico/" syntaxVersion="11">
 <collection title="My Books" type="2">
  <fields>
   <field title="Title" name="title" type="1" flags="8"/>
   <field title="Author" name="author" type="1" flags="7"/>
   <field title="Publication Year" name="pub_year" type="6" flags="2"/>
   <field title="Cover" name="cover" type="10" flags="0"/>
  </fields>
  <entry id="1"><title>Catching Fire</title><authors><author>Suzanne Collins</author></authors><pub_year>2009</pub_year><cover>catching.png</cover></entry>
  <entry id="2"><title>Mockingjay</title><authors><author>Suzanne Collins</author></authors><pub_year>2010</pub_year><cover>mocking.png</cover></entry>
  <images><image id="catching.png" format="PNG"/><image id="mocking.png" format="PNG"/></images>
 </collection>
</tellico>`;

test('a Tellico .tc brings its covers, shown in the Mosaic', async ({ page: first, request }) => {
  test.setTimeout(120_000);
  const owner = await createOwnerViaApi(request);
  const shelf = await createCollectionViaApi(request, owner.token, { type: 'books', name: 'Tellico books' });
  await signInThroughUi(first, owner.username, owner.password);
  await first.goto(`/collection/${shelf.id}/manage/import`);
  const tc = zipSync({ 'tellico.xml': strToU8(TELLICO), 'images/catching.png': TINY_PNG, 'images/mocking.png': TINY_PNG });
  await first.getByLabel('File to import').setInputFiles({ name: 'books.tc', mimeType: 'application/zip', buffer: Buffer.from(tc) });
  await expect(first.getByText('Read as: Tellico collection')).toBeVisible();
  await expect(first.getByLabel('Where “Author” goes')).toHaveValue('p:authors');
  // The cover goes to the template's picture; the preview names the picture the zip holds.
  await expect(first.getByLabel('Where “Cover” goes')).toHaveValue('p:cover');
  await expect(first.locator('table.import-preview')).toContainText('catching.png');

  const page = await startAndFinish(first, request, owner.token, shelf.id);
  await expect(page.locator('.run-counts__entry--added dd')).toHaveText('2');
  await page.goto(`/collection/${shelf.id}?display=mosaic`);
  // Both books show the picture (the same content: one stored object, named by it).
  const covers = page.locator(`img[src*="/media/collections/${shelf.id}/"]`);
  await expect(page.locator('.item-card').filter({ has: covers })).toHaveCount(2);
  // Both pictures load: the browser decoded them.
  // Loaded and decoded: with a srcset, naturalWidth is scaled by the chosen size's density (1 px reads 0).
  await expect.poll(async () => (await Promise.all((await covers.all()).map(pictureDecodes))).every(Boolean)).toBe(true);
  // The imported picture came without a thumbnail: the browser makes it while the owner has the
  // collection open, and lists then load that instead of the original.
  const address = new URL((await covers.first().getAttribute('src'))!, page.url()).pathname;
  const thumbnailType = async () =>
    (await request.get(`${address}?size=thumb`, { headers: bearer(owner.token) })).headers()['content-type'];
  await expect.poll(thumbnailType, { timeout: 30_000 }).toBe('image/webp');
  const original = await request.get(address, { headers: bearer(owner.token) });
  expect(Buffer.from(await original.body())).toEqual(TINY_PNG);

  // And back out with the pictures: the zip is made in the background, then downloads by itself.
  await page.goto(`/collection/${shelf.id}/manage`);
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByRole('button', { name: 'JSON with pictures (zip)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Tellico books.zip');
  await expect(page.getByText(/^Ready: 2 items and 1 pictures/)).toBeVisible();
  const files = unzipSync(readFileSync(await download.path()));
  const pictures = Object.keys(files).filter((name) => name.startsWith('pictures/'));
  // One picture: both covers are the same content, stored once.
  expect(pictures).toHaveLength(1);
  expect(Buffer.from(files[pictures[0]!]!)).toEqual(TINY_PNG);
  const doc = JSON.parse(strFromU8(files['Tellico books.json']!)) as { items: { values: { cover?: string } }[] };
  expect(doc.items.map((i) => i.values.cover?.split('/').pop())).toEqual([pictures[0]!.split('/').pop(), pictures[0]!.split('/').pop()]);
});
