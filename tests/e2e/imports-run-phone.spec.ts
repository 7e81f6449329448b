// An import's run page opened the ways people reach it: by its address, on a phone, in French — from a
// second tab while the run is still writing, and by someone else who was sent the link.
import type { Browser, BrowserContext } from '@playwright/test';
import { expect, test } from '../support/test';
import {
  createCollectionViaApi,
  createOwnerViaApi,
  expectNoHorizontalOverflow,
  signInThroughUi,
  useLanguage,
} from '../support/e2e-helpers';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** Enough records for several Workflow steps, so the second tab arrives while the run writes. */
const ROWS = 600;

function booksCsv(): string {
  const lines = ['Titre;Auteur;Année'];
  for (let n = 1; n <= ROWS; n += 1) lines.push(`Livre ${n};Autrice ${n % 30};${1900 + (n % 120)}`);
  return `${lines.join('\r\n')}\r\n`;
}

async function phoneInFrench(browser: Browser, storageState?: Awaited<ReturnType<BrowserContext['storageState']>>) {
  const context = await browser.newContext({ ...PHONE, storageState });
  const page = await context.newPage();
  await useLanguage(page, 'fr_FR');
  return { context, page };
}

test('a run page opened by its address in a second tab follows the run to its end, in French', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const owner = await createOwnerViaApi(request);
  const shelf = await createCollectionViaApi(request, owner.token, { type: 'books', name: 'Ma bibliothèque' });
  const first = await phoneInFrench(browser);
  await signInThroughUi(first.page, owner.username, owner.password);
  await first.page.goto(`/collection/${shelf.id}/manage/import`);
  await first.page
    .getByLabel('Fichier à importer')
    .setInputFiles({ name: 'livres.csv', mimeType: 'text/csv', buffer: Buffer.from(booksCsv()) });
  await expect(first.page.getByLabel('Où va « Titre »')).toHaveValue('p:title');
  const [started] = await Promise.all([
    first.page.waitForResponse((res) => res.request().method() === 'POST' && res.url().endsWith(`/collections/${shelf.id}/imports`)),
    first.page.getByRole('button', { name: 'Importer', exact: true }).click(),
  ]);
  expect(started.status()).toBe(202);
  const { id } = (await started.json()) as { id: number };
  const runPath = `/collection/${shelf.id}/manage/import/${id}`;
  await expect(first.page).toHaveURL(new RegExp(`${runPath}$`));

  // The same person, in another tab, opens the run by its address: the page is whole on its own.
  const second = await phoneInFrench(browser, await first.context.storageState());
  await second.page.goto(runPath);
  await expect(second.page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const { page } of [second, first]) {
    await expect(page.getByText('Terminé', { exact: true })).toBeVisible({ timeout: 180_000 });
    await expect(page.locator('.run-counts__entry--added dd')).toHaveText(String(ROWS));
    await expect(page.getByRole('link', { name: 'Voir la collection' })).toBeVisible();
    await expectNoHorizontalOverflow(page, 390);
  }

  // Someone else given the link learns nothing of the run: the page says it does not exist.
  const stranger = await createOwnerViaApi(request);
  const other = await phoneInFrench(browser);
  await signInThroughUi(other.page, stranger.username, stranger.password);
  await other.page.goto(runPath);
  await expect(other.page.getByText('Cette page n’existe pas.')).toBeVisible();
  await expect(other.page.getByText('Livre 1', { exact: true })).toHaveCount(0);
  for (const { context } of [first, second, other]) await context.close();
});
