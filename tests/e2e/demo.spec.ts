import { expect, test } from '../support/test';
import { E2E } from '../support/e2e-settings.mjs';
import { signInThroughUi, useLanguage } from '../support/e2e-helpers';

test.use({ baseURL: `http://127.0.0.1:${E2E.demoPort}` });

test('demo mode shows the badge and credentials, signs in, and disables every change', async ({ page, request }) => {
  await useLanguage(page, 'en_US');
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(page.getByText('Demo', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('This is a demo: explore everything, nothing can be changed.')).toBeVisible();

  await page.goto('/login');
  await expect(page.getByText('This is a demo: explore everything, nothing can be changed.')).toBeVisible();
  await page.getByLabel('Username or email').fill('demo');
  await page.getByLabel('Password', { exact: true }).fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(nav.getByRole('link', { name: 'My profile' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('vitrine_readonly'))).toBe('true');

  await nav.getByRole('link', { name: 'My profile' }).click();
  await expect(page.getByLabel('First name')).toBeDisabled();
  await expect(page.getByLabel('Current password')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Upload' })).toBeDisabled();
  await expect(page.getByText('Demo mode: changes are disabled').first()).toBeVisible();

  // The server refuses writes whatever the page does.
  const token = await page.evaluate(() => localStorage.getItem('vitrine_token'));
  const res = await request.patch('/api/v1/profile', {
    headers: { Authorization: `Bearer ${token}` },
    data: { firstName: 'Mallory' },
  });
  expect(res.status()).toBe(403);
  expect(await res.json()).toMatchObject({ error: { code: 'DEMO_MODE' } });

  await nav.getByRole('button', { name: 'Sign out' }).click();
  await expect(nav.getByRole('link', { name: 'Sign in' })).toBeVisible();
});

test('every screen of the demo with a disabled action says that it is the demo, in English and French', async ({ page, request }) => {
  test.setTimeout(120_000);
  const login = await request.post('/api/v1/token', { data: { login: 'demo', password: 'demo' } });
  const { token } = (await login.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const { collections } = (await (await request.get('/api/v1/collections', { headers })).json()) as {
    collections: { id: number; name: string }[];
  };
  const books = collections.find((c) => c.name === 'Bookshelf')!;
  const { items } = (await (await request.get(`/api/v1/collections/${books.id}/items?perPage=50`, { headers })).json()) as {
    items: { id: number }[];
  };
  const { borrowers } = (await (await request.get('/api/v1/borrowers', { headers })).json()) as { borrowers: { id: number }[] };
  const item = `/collection/${books.id}/item/${items[0]!.id}`;
  const screens = [
    '/',
    `/collection/${books.id}`,
    item,
    `${item}/edit`,
    `${item}/delete`,
    `${item}/loan/new`,
    '/collection/new',
    `/collection/${books.id}/item/new`,
    `/collection/${books.id}/manage`,
    `/collection/${books.id}/manage/edit`,
    `/collection/${books.id}/manage/delete`,
    '/borrowers/new',
    `/borrowers/${borrowers[0]!.id}`,
    '/borrowers/loans',
    '/profile',
  ];
  for (const [lang, words] of [
    // The demo notice, or on the home page the demo's own card.
    ['en_US', /Demo mode: changes are disabled|This is a demo: explore everything, nothing can be changed/],
    ['fr_FR', /Mode démo\s*:\s*les modifications sont désactivées|Ceci est une démo\s*:\s*explorez tout, rien ne peut être modifié/],
  ] as const) {
    const context = await page.context().browser()!.newContext();
    const tab = await context.newPage();
    await useLanguage(tab, lang);
    await signInThroughUi(tab, 'demo', 'demo');
    for (const path of screens) {
      await tab.goto(path);
      await expect(tab.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await tab.waitForLoadState('networkidle');
      const disabled = await tab.locator('main button:disabled').count();
      expect.soft(disabled, `${path} disables an action`).toBeGreaterThan(0);
      await expect.soft(tab.locator('main').getByText(words).first(), `${path} says it is the demo`).toBeVisible({ timeout: 3_000 });
    }
    await context.close();
  }
});
