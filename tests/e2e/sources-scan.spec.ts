// Find in a catalogue with the camera, on a desktop: Chromium's fake camera films an EAN-13 (an ISBN), the
// scanner reads it with the app's own WebAssembly reader (no CDN asked), puts it in the search box and
// searches at once; the same in French; the open scanner accessible (axe, WCAG 2.1 AA) and the camera
// released when it closes with Escape; a camera the person refused said in words.
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { base64, jsonAnswer, setAnswers } from '../support/fake-sources';
import { cameraVideoPath, fakeCameraArgs, test, writeCameraVideo } from '../support/e2e-barcode-camera';
import { E2E } from '../support/e2e-settings.mjs';
import { createCollectionViaApi, createOwnerViaApi, signInThroughUi, useLanguage } from '../support/e2e-helpers';

const FAKE = `http://127.0.0.1:${E2E.sourcesPort}`;

/**
 * The fake catalogues' answers for an ISBN: Open Library knows the book, the others nothing. Each test
 * scans its own ISBN: the Worker keeps answers a day, and another spec's answers for an ISBN must stay its own.
 */
async function catalogueKnows(isbn: string, title: string, author: string) {
  await setAnswers(FAKE, `/meta/openlibrary/api/books?bibkeys=ISBN:${isbn}&format=json&jscmd=data`, [
    jsonAnswer({
      [`ISBN:${isbn}`]: {
        key: `/books/OL${isbn}M`,
        title,
        authors: [{ name: author }],
        publish_date: '1972',
        identifiers: { isbn_13: [isbn] },
      },
    }),
  ]);
  await setAnswers(FAKE, `/meta/googlebooks/books/v1/volumes?q=isbn:${isbn}&maxResults=10`, [jsonAnswer({ totalItems: 0 })]);
  await setAnswers(
    FAKE,
    '/meta/bnf/api/SRU',
    [{ body: base64('<searchRetrieveResponse><numberOfRecords>0</numberOfRecords></searchRetrieveResponse>') }],
    { prefix: true },
  );
}

/** An owner with a Books collection, signed in on `page`; the collection's Find in a catalogue address. */
async function bookCollection(page: Page, request: APIRequestContext): Promise<string> {
  const owner = await createOwnerViaApi(request);
  const c = await createCollectionViaApi(request, owner.token, { name: 'Shelf', type: 'books' });
  await signInThroughUi(page, owner.username, owner.password);
  return `/collection/${c.id}/import/item`;
}

/** Keeps every camera stream the page opens, so a test can see that they were stopped. */
async function recordCameraStreams(page: Page) {
  await page.addInitScript(() => {
    const streams: MediaStream[] = [];
    (window as unknown as { cameraStreams: MediaStream[] }).cameraStreams = streams;
    const open = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await open(constraints);
      streams.push(stream);
      return stream;
    };
  });
}

/** Camera tracks opened by the page: [all, still live]. */
const cameraTracks = (page: Page) =>
  page.evaluate(() => {
    const tracks = (window as unknown as { cameraStreams: MediaStream[] }).cameraStreams.flatMap((stream) => stream.getTracks());
    return [tracks.length, tracks.filter((track) => track.readyState === 'live').length];
  });

test('a scanned ISBN is searched at once and the book is found', async ({ page, request, camera }) => {
  const isbn = '9782070360024';
  await camera.film(isbn);
  await catalogueKnows(isbn, 'L’Étranger', 'Albert Camus');
  const address = await bookCollection(page, request);
  const asked: string[] = [];
  page.on('request', (req) => asked.push(req.url()));
  await recordCameraStreams(page);
  await page.goto(address);

  await page.getByRole('button', { name: 'Scan', exact: true }).click();
  const hit = page.getByRole('listitem').filter({ hasText: 'L’Étranger' });
  await expect(hit).toContainText('Albert Camus');
  await expect(hit).toContainText('From Open Library');
  await expect(page.getByLabel('Title, author, ISBN or barcode')).toHaveValue(isbn);
  // The scanner closed itself after the first code, and let go of the camera.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect.poll(() => cameraTracks(page)).toEqual([1, 0]);
  // Chromium on Linux has no BarcodeDetector: the WebAssembly reader came from the app's own assets.
  const origin = new URL(page.url()).origin;
  const wasm = asked.filter((url) => url.endsWith('.wasm'));
  expect(wasm).toHaveLength(1);
  expect(wasm[0]).toMatch(new RegExp(`^${origin}/assets/zxing_reader-[\\w-]+\\.wasm$`));
  expect(asked.filter((url) => !url.startsWith(origin))).toEqual([]);
});

/** The CSP of the answers to the page's own requests: its document and the barcode reader's Worker script. */
function recordPolicies(page: Page) {
  const policies = { documents: [] as string[], reader: [] as string[] };
  page.on('response', async (res) => {
    const kind = res.request().resourceType();
    const policy = (await res.allHeaders())['content-security-policy'] ?? '';
    if (kind === 'document') policies.documents.push(policy);
    else if (/\/assets\/barcode-reader-[\w-]+\.js$/.test(res.url())) policies.reader.push(policy);
  });
  return policies;
}

test('only the barcode reader may compile WebAssembly: reached in the app or opened directly, it reads', async ({
  page,
  request,
  camera,
}) => {
  const isbn = '9782070409228';
  await camera.film(isbn);
  await catalogueKnows(isbn, 'Vol de nuit', 'Antoine de Saint-Exupéry');
  const address = await bookCollection(page, request);
  const policies = recordPolicies(page);

  // Reached from the collection's page, without loading a page: the document's CSP is the collection page's.
  await page.goto(address.replace(/\/import\/item$/, ''));
  await page.getByRole('link', { name: 'Find in a catalogue' }).click();
  await expect(page).toHaveURL(new RegExp(`${address}$`));
  await page.getByRole('button', { name: 'Scan', exact: true }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Vol de nuit' })).toContainText('Antoine de Saint-Exupéry');
  expect(policies.documents).toHaveLength(1);

  // Opened directly, in a page of its own.
  await page.goto(address);
  await page.getByRole('button', { name: 'Scan', exact: true }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Vol de nuit' })).toContainText('Antoine de Saint-Exupéry');
  await expect(page.getByLabel('Title, author, ISBN or barcode')).toHaveValue(isbn);

  // Every document's policy refuses to compile WebAssembly; the reader's Worker has its own that allows it.
  expect(policies.documents).toHaveLength(2);
  for (const policy of policies.documents) {
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('wasm-unsafe-eval');
  }
  expect(policies.reader.length).toBeGreaterThan(0);
  for (const policy of policies.reader) expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval'");
});

test('in French, the scan button and the scanner speak French', async ({ page, request, camera }) => {
  const isbn = '9782253060062';
  await camera.film(isbn);
  await useLanguage(page, 'fr_FR');
  await catalogueKnows(isbn, 'Le Grand Meaulnes', 'Alain-Fournier');
  const address = await bookCollection(page, request);
  await page.goto(address);
  await expect(page).toHaveTitle(/^Chercher dans un catalogue - /);
  await page.getByRole('button', { name: 'Scanner', exact: true }).click();
  const hit = page.getByRole('listitem').filter({ hasText: 'Le Grand Meaulnes' });
  await expect(hit).toContainText('Alain-Fournier');
  await expect(hit).toContainText('Depuis Open Library');
  await expect(page.getByLabel('Titre, auteur, ISBN ou code-barres')).toHaveValue(isbn);
});

test('the open scanner is accessible, and Escape closes it and stops the camera', async ({ page, request, camera }) => {
  await camera.film(null);
  const address = await bookCollection(page, request);
  await recordCameraStreams(page);
  await page.goto(address);
  await page.getByRole('button', { name: 'Scan', exact: true }).click();
  const scanner = page.getByRole('dialog', { name: 'Scan a barcode' });
  await expect(scanner.getByRole('status')).toHaveText('Hold the barcode inside the frame, about a hand’s width away.');
  await expect.poll(() => cameraTracks(page)).toEqual([1, 1]);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );

  await page.keyboard.press('Escape');
  await expect(scanner).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Scan', exact: true })).toBeFocused();
  await expect.poll(() => cameraTracks(page)).toEqual([1, 0]);
  await expect(page.getByLabel('Title, author, ISBN or barcode')).toHaveValue('');
});

test('a refused camera is said in words, in French', async ({ playwright, launchOptions, baseURL, request }) => {
  // A browser of its own, whose permission question is answered "deny".
  const file = await writeCameraVideo(null, cameraVideoPath('refused'));
  const args = (launchOptions.args ?? []).filter((arg) => !arg.startsWith('--use-fake-') && !arg.startsWith('--use-file-for-fake-'));
  const browser = await playwright.chromium.launch({ ...launchOptions, args: [...args, ...fakeCameraArgs(file, 'deny')] });
  try {
    const page = await (await browser.newContext({ baseURL })).newPage();
    await useLanguage(page, 'fr_FR');
    const address = await bookCollection(page, request);
    await page.goto(address);
    await page.getByRole('button', { name: 'Scanner', exact: true }).click();
    const scanner = page.getByRole('dialog', { name: 'Scanner un code-barres' });
    await expect(scanner.getByRole('alert')).toHaveText(
      'L’accès à la caméra a été refusé. Autorisez-le pour ce site dans les réglages du navigateur, puis réessayez.',
    );
    await scanner.getByRole('button', { name: 'Fermer' }).click();
    await expect(scanner).toHaveCount(0);
  } finally {
    await browser.close();
  }
});

test('a shelf scanned one book after another fills the list, repeats counted once, and becomes items', async ({
  page,
  request,
  camera,
}) => {
  const isbn = '9782070368228';
  await camera.film(isbn);
  await catalogueKnows(isbn, 'La Peste', 'Albert Camus');
  const address = await bookCollection(page, request);
  await page.goto(address);
  await page.getByRole('button', { name: 'Scan a shelf' }).click();
  // Continuous mode: the scanner stays open and each code read goes on a line of the list.
  await expect(page.getByLabel('ISBNs or barcodes')).toHaveValue(new RegExp(`^${isbn}\\n`));
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('1 code read.')).toBeVisible();
  await page.getByRole('button', { name: 'Add 1 item' }).click();
  await expect(page.getByText('Done', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: 'Added: La Peste' })).toBeVisible();
});
