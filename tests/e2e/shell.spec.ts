import { expect, test } from '../support/test';
import { useLanguage } from '../support/e2e-helpers';

test('unknown paths show the not-found screen; unknown API paths answer JSON 404', async ({ page, request }) => {
  await useLanguage(page, 'en_US');
  await page.goto('/no/such/page');
  await expect(page.getByText('This page does not exists.')).toBeVisible();
  const api = await request.get('/api/v1/no-such-thing');
  expect(api.status()).toBe(404);
  expect(await api.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
});

test('the home page has the default title and the signed-out navigation', async ({ page }) => {
  await useLanguage(page, 'en_US');
  await page.goto('/');
  await expect(page).toHaveTitle('Vitrine - Collection Manager');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Collections' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'About' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Borrowers' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Configuration' })).toHaveCount(0);
});

test('About shows the API version and the official website', async ({ page }) => {
  await useLanguage(page, 'en_US');
  await page.goto('/about');
  await expect(page).toHaveTitle('About - Vitrine');
  await expect(page.getByText('1.0.0')).toBeVisible();
  await expect(page.getByRole('link', { name: /official website/i })).toHaveAttribute('href', /^https:\/\//);
});

test('pages are served with a strict Content-Security-Policy', async ({ request }) => {
  const res = await request.get('/login');
  expect(res.headers()['content-security-policy']).toContain("script-src 'self';");
  // Only the barcode reader's Worker script may compile WebAssembly, under a policy of its own.
  expect(res.headers()['content-security-policy']).not.toContain('wasm-unsafe-eval');
  expect(res.headers()['x-content-type-options']).toBe('nosniff');
});
