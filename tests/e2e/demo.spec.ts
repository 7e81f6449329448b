import { expect, test } from '@playwright/test';
import { E2E } from '../support/e2e-settings.mjs';
import { useLanguage } from '../support/e2e-helpers';

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
