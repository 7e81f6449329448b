import { expect, test } from '../support/test';
import { ADMIN, createUserViaApi, signInThroughUi, useLanguage } from '../support/e2e-helpers';

test.beforeEach(async ({ page }) => useLanguage(page, 'en_US'));

test('a wrong password says Login failed! and stores nothing', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Sign in - Vitrine');
  await page.getByLabel('Username or email').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Login failed!');
  expect(await page.evaluate(() => localStorage.getItem('vitrine_token'))).toBeNull();
});

test('signing in stores the session, shows the signed-in navigation, and signing out revokes it', async ({ page, request }) => {
  await signInThroughUi(page, ADMIN.username, ADMIN.password);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'My profile' })).toBeVisible();
  // Lending is on by default: Borrowers leads to the lending overview.
  await expect(nav.getByRole('link', { name: 'Borrowers' })).toHaveAttribute('href', '/borrowers/loans');
  await expect(nav.getByRole('link', { name: 'Configuration' })).toBeVisible();
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('vitrine_token'),
    userId: localStorage.getItem('vitrine_userId'),
    username: localStorage.getItem('vitrine_username'),
    readOnly: localStorage.getItem('vitrine_readonly'),
  }));
  expect(stored.token).toBeTruthy();
  expect(stored).toMatchObject({ username: 'admin', readOnly: 'false' });

  await nav.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(nav.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'My profile' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('vitrine_token'))).toBeNull();
  // The token was revoked on the server, not only forgotten by the browser.
  const res = await request.get('/api/v1/profile', { headers: { Authorization: `Bearer ${stored.token}` } });
  expect(res.status()).toBe(401);
});

test('a signed-in user who is not the built-in admin has no Configuration link', async ({ page, request }) => {
  const user = await createUserViaApi(request, { isAdmin: true });
  await signInThroughUi(page, user.email, user.password);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'My profile' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Configuration' })).toHaveCount(0);
  await page.goto('/config/users');
  await expect(page.getByText('This page does not exists.')).toBeVisible();
});

test('a disabled account cannot sign in, and is answered like any failure (no password oracle)', async ({ page, request }) => {
  const user = await createUserViaApi(request, { enabled: false });
  await page.goto('/login');
  await page.getByLabel('Username or email').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Login failed! Check your username and password.');
  await expect(page.getByRole('alert')).toContainText('A disabled account cannot sign in either: ask the administrator.');
});
