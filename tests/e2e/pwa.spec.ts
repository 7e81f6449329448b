// The installable app: manifest and icons, the service worker's headers, the offline shell, and the
// rule that API answers are never served from the service worker's cache.
import { expect, test } from '../support/test';
import type { BrowserContext, Page } from '@playwright/test';
import { ADMIN, apiToken, createCollectionViaApi, createOwnerViaApi, signInThroughUi, useLanguage } from '../support/e2e-helpers';
import { RENDERED_PAGE_ELEMENT_ID } from '@shared/rendered-page';

// The service worker is part of what this file tries (the suite blocks it elsewhere, playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Waits until the service worker is active and this page is under its control. */
async function controlledByServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null)).toBe('activated');
}

test('the manifest is served, valid and links icons of the sizes it names', async ({ request, page }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');

  const res = await request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Vitrine', short_name: 'Vitrine', start_url: '/', display: 'standalone' });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

  const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
  expect(pngs.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable'].sort());
  for (const icon of pngs) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
    const { width, height } = pngSize(await file.body());
    expect(`${width}x${height}`).toBe(icon.sizes);
  }

  const apple = await request.get((await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')) ?? '');
  expect(apple.status()).toBe(200);
  expect(pngSize(await apple.body())).toEqual({ width: 180, height: 180 });
});

test('the service worker is served as script, revalidated on every visit and under the same CSP', async ({ request }) => {
  const res = await request.get('/sw.js');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('javascript');
  const cacheControl = res.headers()['cache-control'] ?? '';
  expect(cacheControl).not.toContain('immutable');
  expect(cacheControl).toContain('no-cache');
  expect(res.headers()['content-security-policy']).toContain("script-src 'self'");
  const source = await res.text();
  // The precache names the shell; nothing under /api or /media is ever in it.
  expect(source).toContain('index.html');
  expect(source).not.toMatch(/url:"\/?(api|media)\//);
});

/**
 * Cuts the context's network, and keeps every new document of it seeing itself offline. Chromium
 * blocks the requests of an offline context, but a document that replaces another (a reload, a
 * navigation) reports `navigator.onLine` true again, where a device with no network reports false;
 * the script restores what the device would say. Returns how to come back online.
 */
async function goOffline(context: BrowserContext): Promise<() => Promise<void>> {
  await context.setOffline(true);
  const pinned = await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false });
  });
  return async () => {
    await pinned.dispose();
    await context.setOffline(false);
  };
}

test('the shell opens offline with a clear offline state, in English and in French', async ({ page, context, request }) => {
  const token = await apiToken(request, ADMIN.username, ADMIN.password);
  const collection = await createCollectionViaApi(request, token, { name: 'Offline shelf', type: 'books' });
  await useLanguage(page, 'en_US');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await controlledByServiceWorker(page);

  const backOnline = await goOffline(context);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toContainText('You are offline.');
  // The list could not load: it says why in the person's terms, and no error screen replaces the page.
  await expect(page.getByRole('alert')).toHaveText('You are offline. Try again once you are back online.');
  await expect(page.getByText('Oops, an error occured!')).toHaveCount(0);
  // A screen whose data cannot come shows the offline state (the Worker's own paths included).
  await page.goto(`/collection/${collection.id}`);
  await expect(page.getByTestId('offline-screen')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  // The sign-in screen is part of the shell.
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  await page.evaluate(() => window.localStorage.setItem('vitrine_lang', 'fr_FR'));
  await page.goto(`/collection/${collection.id}`);
  await expect(page.getByRole('heading', { name: 'Vous êtes hors ligne' })).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toContainText('Vous êtes hors ligne.');

  await backOnline();
  await page.evaluate(() => window.localStorage.setItem('vitrine_lang', 'en_US'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Offline shelf' })).toBeVisible();
  await expect(page.getByTestId('offline-screen')).toHaveCount(0);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
});

test('with the service worker in control, public pages still come rendered by the Worker', async ({ page, request }) => {
  const owner = await createOwnerViaApi(request);
  const shelf = await createCollectionViaApi(request, owner.token, { name: 'Shelf behind the service worker', type: 'books' });
  await page.goto(`/collection/${shelf.id}`);
  await controlledByServiceWorker(page);
  for (const path of [`/collection/${shelf.id}`, '/']) {
    await page.goto(path);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null), path).toBe(true);
    // The shell has no rendered data: only the Worker's page does.
    await expect(page.locator(`#${RENDERED_PAGE_ELEMENT_ID}`), path).toHaveCount(1);
  }
  await expect(page.getByRole('heading', { name: 'Collections' })).toBeVisible();
});

test('API answers and media are never served from the service worker cache', async ({ page, context }) => {
  await useLanguage(page, 'en_US');
  await signInThroughUi(page, ADMIN.username, ADMIN.password);
  await controlledByServiceWorker(page);
  // Browse a little while online, so the API was called through the service worker.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(cached).toContain('/index.html');
  expect(cached.filter((path) => /^\/(api|media)\//.test(path))).toEqual([]);

  await context.setOffline(true);
  const outcome = await page.evaluate(async () => {
    try {
      const res = await fetch('/api/v1/profile', { headers: { Accept: 'application/json' } });
      return `answered ${res.status}`;
    } catch {
      return 'network error';
    }
  });
  expect(outcome).toBe('network error');
  // A screen whose data cannot come shows the offline state, not the error screen.
  await page.reload();
  await expect(page.getByTestId('offline-screen')).toBeVisible();
  await context.setOffline(false);
});
