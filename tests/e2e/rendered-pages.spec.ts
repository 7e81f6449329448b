// Public pages come rendered by the Worker: their content is in the HTML before any script runs, in the
// visitor's language, a private item never is, and the browser takes the page over without asking the
// API again or warning of a mismatch.
import { expect, test } from '../support/test';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { bearer, createItemsViaApi } from '../support/e2e-helpers';
import { seedItemPageShelf } from '../support/item-page-seed';

// Pages opened one after the other come under the service worker, as for a returning visitor: it must not
// change what they show (the suite blocks it elsewhere, playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  // A phone says so, and the Worker lays the page out for one.
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
};

async function seed(request: Parameters<typeof seedItemPageShelf>[0]) {
  const { owner, shelf, items } = await seedItemPageShelf(request, 3);
  const [hidden] = await createItemsViaApi(request, owner.token, shelf.id, [{ values: { title: 'Secret diary' }, visibility: 3 }]);
  return { owner, shelf, showcase: items[0]!, hidden: hidden! };
}

/** What the page asks of the API, and what it says in the console, from its first request on. */
function watch(page: Page) {
  const api: string[] = [];
  const problems: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) api.push(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { api, problems };
}

/**
 * The app's start (web/src/main.tsx) and every chunk it imports, as the build's manifest names them, but
 * the page's first script (the entry), which has run already.
 */
function appStartChunks(): Set<string> {
  const manifest = JSON.parse(readFileSync('web/dist/.vite/manifest.json', 'utf8')) as Record<
    string,
    { file: string; imports?: string[]; isEntry?: boolean }
  >;
  const chunks = new Set<string>();
  const add = (key: string) => {
    const entry = manifest[key]!;
    if (chunks.has(`/${entry.file}`) || entry.isEntry) return;
    chunks.add(`/${entry.file}`);
    for (const imported of entry.imports ?? []) add(imported);
  };
  add('src/main.tsx');
  return chunks;
}

async function visitor(browser: Browser, options: BrowserContextOptions = {}) {
  return (await browser.newContext({ locale: 'en-US', ...options })).newPage();
}

test('without JavaScript, a visitor reads the collection, the item and the borrow form, in French', async ({ browser, request }) => {
  const { shelf, showcase, hidden } = await seed(request);
  const page = await visitor(browser, { javaScriptEnabled: false, locale: 'fr-FR', ...PHONE });

  await page.goto(`/collection/${shelf.id}`);
  await expect(page.getByRole('heading', { name: 'Hainish shelf' })).toBeVisible();
  await expect(page.getByRole('link', { name: /The Left Hand of Darkness/ }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /Book 03/ }).first()).toBeVisible();
  await expect(page.getByPlaceholder('Rechercher dans les objets')).toBeVisible();
  const cover = page.locator('main img[src^="/media/"]').first();
  await expect(cover).toBeVisible();
  expect(await page.content()).not.toContain('Secret diary');

  await page.goto(`/collection/${shelf.id}/item/${showcase.id}`);
  await expect(page.getByRole('heading', { name: 'The Left Hand of Darkness' })).toBeVisible();
  await expect(page.getByText('Ursula K. Le Guin').first()).toBeVisible();
  await expect(page.getByText('Disponible')).toBeVisible();
  await expect(page.locator('main img[src^="/media/"]').first()).toBeVisible();

  await page.goto(`/collection/${shelf.id}/item/${showcase.id}/borrow`);
  await expect(page.getByLabel('Votre nom')).toBeVisible();
  await expect(page.getByLabel('Votre adresse e-mail')).toBeVisible();

  await page.goto('/');
  await expect(page.getByText('Hainish shelf').first()).toBeVisible();

  // A private item's address renders nothing of it, and sends nothing of it.
  const response = await page.goto(`/collection/${shelf.id}/item/${hidden.id}`);
  expect(await response!.text()).not.toContain('Secret diary');
  await page.context().close();
});

test('a private collection is rendered for nobody but its owner’s browser', async ({ request }) => {
  const { owner, shelf, showcase } = await seed(request);
  const name = `Private shelf ${Date.now().toString(36)}`;
  const closed = await request.patch(`/api/v1/collections/${shelf.id}`, { headers: bearer(owner.token), data: { name, visibility: 3 } });
  expect(closed.status()).toBe(200);
  for (const path of [
    `/collection/${shelf.id}`,
    `/collection/${shelf.id}/item/${showcase.id}`,
    `/collection/${shelf.id}/item/${showcase.id}/borrow`,
    '/',
  ]) {
    const html = await (await request.get(path)).text();
    expect(html, path).not.toContain(name);
    expect(html, path).not.toContain(`/collection/${shelf.id}/item/${showcase.id}"`);
    if (path !== '/') expect(html, path).not.toContain('The Left Hand of Darkness');
  }
  // The shell the service worker keeps for offline is the app as built: never a rendered page.
  const shell = await request.get('/index.html', { maxRedirects: 0 });
  expect(shell.status()).toBe(200);
  expect(await shell.text()).toContain('<div id="root"></div>');
});

for (const [name, options] of [
  ['desktop', {}],
  ['phone', PHONE],
  // Rendered in UTC, read 14 hours ahead: times of day must not make the page mismatch.
  ['far time zone', { timezoneId: 'Pacific/Kiritimati' }],
  // Numbers and dates formatted by the Worker's ICU and the browser's must read the same.
  ['French', { locale: 'fr-FR', timezoneId: 'Europe/Paris' }],
] as const) {
  test(`the browser takes each rendered page over without asking again or a mismatch (${name})`, async ({ browser, request }) => {
    const { shelf, showcase } = await seed(request);
    const appStart = appStartChunks();
    const page = await visitor(browser, options);
    // The elements the Worker sent, before any script of the app has run.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { rendered: Element[] }).rendered = Array.from(document.getElementById('root')!.querySelectorAll('*'));
      });
      // Writing the page's language again, even unchanged, restyles every element of it in Chromium.
      const langWrites: string[] = [];
      (window as unknown as { langWrites: string[] }).langWrites = langWrites;
      new MutationObserver((records) =>
        langWrites.push(...records.filter((record) => record.target === document.documentElement).map(() => document.documentElement.lang)),
      ).observe(document, { subtree: true, attributeFilter: ['lang'] });
    });
    for (const path of [
      `/collection/${shelf.id}?sort=title&dir=desc`,
      `/collection/${shelf.id}/item/${showcase.id}`,
      `/collection/${shelf.id}/item/${showcase.id}/borrow`,
      '/',
    ]) {
      const seen = watch(page);
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
      expect(seen.api, path).toEqual([]);
      expect(seen.problems, path).toEqual([]);
      // Taken over where it stands, every part of it (some in later turns): no element made again.
      const kept = await page.evaluate(() => {
        const rendered = (window as unknown as { rendered: Element[] }).rendered;
        return { rendered: rendered.length, kept: rendered.filter((element) => element.isConnected).length };
      });
      expect(kept.rendered, path).toBeGreaterThan(10);
      expect(kept.kept, path).toBe(kept.rendered);
      expect(await page.evaluate(() => (window as unknown as { langWrites: string[] }).langWrites), path).toEqual([]);
      // The app's start preloads every module of its own, once; a screen's are found by the browser.
      const preloaded = await page
        .locator('head link[rel="modulepreload"]')
        .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
      expect(preloaded.toSorted(), path).toEqual([...appStart].toSorted());
      page.removeAllListeners();
    }
    // Hydrated, cards included: the app now answers clicks itself (a move inside the app, no new page).
    await page.goto(`/collection/${shelf.id}?sort=title&dir=desc`);
    await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await page
      .getByRole('link', { name: /The Left Hand of Darkness/ })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/collection/${shelf.id}/item/${showcase.id}`));
    await expect(page.getByRole('heading', { name: 'The Left Hand of Darkness' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    await page.context().close();
  });
}

/** The API requests made while `act` moves to another screen and it shows `shown`. */
async function requestsOf(page: Page, act: () => Promise<unknown>, shown: () => Promise<unknown>): Promise<string[]> {
  const seen = watch(page);
  await act();
  await shown();
  await page.waitForLoadState('networkidle');
  page.removeAllListeners();
  return seen.api.map((url) => decodeURIComponent(new URL(url).pathname + new URL(url).search));
}

for (const [name, options, locale] of [
  ['desktop, English', {}, 'en-US'],
  ['phone, French', PHONE, 'fr-FR'],
] as const) {
  test(`inside the app, each public screen is one API request (${name})`, async ({ browser, request }) => {
    const { shelf, showcase } = await seed(request);
    const page = await (await browser.newContext({ ...options, locale })).newPage();
    const french = locale === 'fr-FR';
    await page.goto(`/collection/${shelf.id}?sort=title&dir=desc`);
    const screen = (path: string) => [`/api/v1/screen?path=${path}`];

    const toItem = await requestsOf(
      page,
      () =>
        page
          .getByRole('link', { name: /The Left Hand of Darkness/ })
          .first()
          .click(),
      () => expect(page.getByRole('heading', { name: 'The Left Hand of Darkness' })).toBeVisible(),
    );
    expect(toItem).toEqual(screen(`/collection/${shelf.id}/item/${showcase.id}`));

    const toBorrow = await requestsOf(
      page,
      () => page.getByRole('link', { name: french ? 'Demander à emprunter' : 'Ask to borrow' }).click(),
      () => expect(page).toHaveURL(/\/borrow$/),
    );
    expect(toBorrow).toEqual(screen(`/collection/${shelf.id}/item/${showcase.id}/borrow`));
    await expect(page.getByRole('heading', { name: /The Left Hand of Darkness/ })).toBeVisible();

    const back = await requestsOf(
      page,
      () => page.goBack(),
      () => expect(page.getByRole('heading', { name: 'The Left Hand of Darkness' })).toBeVisible(),
    );
    expect(back.length, back.join(' ')).toBeLessThanOrEqual(1);

    const toCollection = await requestsOf(
      page,
      () => page.getByRole('link', { name: 'Hainish shelf' }).first().click(),
      () => expect(page.getByRole('heading', { name: 'Hainish shelf' })).toBeVisible(),
    );
    expect(toCollection.length, toCollection.join(' ')).toBeLessThanOrEqual(1);
    // Drawn in the browser from parsed messages (its build has no message parser): a plural still reads right.
    await expect(page.getByText(french ? /^\d+ objets$/ : /^\d+ items$/).first()).toBeVisible();
    await page.context().close();
  });
}
