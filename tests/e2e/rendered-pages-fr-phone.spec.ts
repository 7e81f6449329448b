// A French visitor on a phone: each public page opened by its address is French from its first paint,
// hydrates with the messages its data block brought (no catalogue before it), and every screen reached
// inside the app afterwards is French from its first frame: its messages come with its
// code. A catalogue that cannot be downloaded shows the app's usual error.
import { expect, test } from '../support/test';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { useLanguage } from '../support/e2e-helpers';
import { seedItemPageShelf } from '../support/item-page-seed';

// Pages opened one after the other come under the service worker, as for a returning visitor: it must not
// change what they show (the suite blocks it elsewhere, playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
  locale: 'fr-FR',
  timezoneId: 'Europe/Paris',
};

/** English texts of the screens visited (their French differs), which a French page must never show, not even for a frame. */
const ENGLISH = [
  'Sort by',
  'Search items',
  'Available',
  'Ask to borrow',
  'Your name',
  'Your email address',
  'Sign in',
  'About',
  'Edit',
  'Save',
];

/** Every text the page's #root ever shows, from the first paint on, whatever replaces it later. */
async function recordTexts(page: Page) {
  await page.addInitScript(() => {
    const seen = new Set<string>();
    (window as unknown as { seenTexts: Set<string> }).seenTexts = seen;
    const note = (node: Node) => {
      const text = node.textContent?.trim();
      if (text) for (const line of text.split(/\n+/)) seen.add(line.trim());
      if (node instanceof Element)
        for (const label of ['aria-label', 'placeholder']) if (node.getAttribute(label)) seen.add(node.getAttribute(label)!);
      node.childNodes.forEach(note);
    };
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'characterData') note(record.target);
        record.addedNodes.forEach(note);
        if (record.type === 'attributes') note(record.target);
      }
    }).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['aria-label', 'placeholder'],
    });
    document.addEventListener('DOMContentLoaded', () => document.getElementById('root') && note(document.getElementById('root')!));
  });
}

async function englishSeen(page: Page): Promise<string[]> {
  const seen = await page.evaluate(() => [...(window as unknown as { seenTexts: Set<string> }).seenTexts]);
  return seen.filter((text) => ENGLISH.includes(text));
}

/** The JavaScript the page downloads, by file name, and what it says in the console. */
function watch(page: Page) {
  const scripts: string[] = [];
  const problems: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith('.js')) scripts.push(path.split('/').pop()!);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { scripts, problems };
}

async function frenchPhone(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext(PHONE)).newPage();
  await recordTexts(page);
  return page;
}

test('each public page opened by its address is French from its first paint, without the catalogue', async ({ browser, request }) => {
  const { shelf, items } = await seedItemPageShelf(request, 3);
  const showcase = items[0]!;
  const pages = [
    ['/', 'Se connecter'],
    [`/collection/${shelf.id}`, 'Rechercher dans les objets'],
    [`/collection/${shelf.id}/item/${showcase.id}`, 'Disponible'],
    [`/collection/${shelf.id}/item/${showcase.id}/borrow`, 'Votre nom'],
  ] as const;
  for (const [path, french] of pages) {
    const page = await frenchPhone(browser);
    const seen = watch(page);
    const response = await page.goto(path);
    // In the HTML the Worker sent, before any script.
    const html = await response!.text();
    expect(html, path).toContain('<html lang="fr-FR"');
    expect(html, path).toContain(french);
    await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
    await page.waitForLoadState('networkidle');
    expect(seen.problems, path).toEqual([]);
    // Hydrated with the page's own messages: the French catalogue came only once the page was taken over.
    expect(
      seen.scripts.some((file) => file.startsWith('_vitrine_messages-fr')),
      path,
    ).toBe(true);
    expect(await englishSeen(page), path).toEqual([]);
    await page.context().close();
  }
});

test('inside the app, every screen comes in French with its messages', async ({ browser, request }) => {
  await seedItemPageShelf(request, 3);
  const page = await frenchPhone(browser);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');

  await page
    .getByRole('link', { name: /Hainish shelf/ })
    .first()
    .click();
  await expect(page.getByPlaceholder('Rechercher dans les objets')).toBeVisible();
  await expect(page.getByText(/^\d+ objets$/).first()).toBeVisible();
  await page
    .getByRole('link', { name: /The Left Hand of Darkness/ })
    .first()
    .click();
  await expect(page.getByText('Disponible')).toBeVisible();
  await page.getByRole('link', { name: 'Demander à emprunter' }).click();
  await expect(page.getByLabel('Votre nom')).toBeVisible();

  // A screen the Worker never renders: its code and its messages both come now.
  const seen = watch(page);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'À propos' }).click();
  await expect(page.getByRole('heading', { name: 'À propos' })).toBeVisible();
  expect(seen.scripts.some((file) => file.startsWith('_vitrine_messages-fr-about-'))).toBe(true);
  expect(await englishSeen(page)).toEqual([]);
  expect(seen.problems).toEqual([]);
  page.removeAllListeners();

  await page.context().close();
});

test('a screen whose messages cannot be downloaded shows the app’s error, in French', async ({ browser, request }) => {
  await seedItemPageShelf(request, 1);
  const page = await (await browser.newContext(PHONE)).newPage();
  await useLanguage(page, 'fr_FR');
  await page.route(/_vitrine_messages-fr-about-/, (route) => route.abort());
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'À propos' }).click();
  await expect(page.getByText('Oups, une erreur est survenue !')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'À propos' })).toHaveCount(0);
  await page.context().close();
});
