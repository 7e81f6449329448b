import { expect, test } from '../support/test';
import { ADMIN, useLanguage } from '../support/e2e-helpers';

test('on a 390×844 phone the navigation folds behind a menu button', async ({ page }) => {
  await useLanguage(page, 'en_US');
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Menu' });
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'About' })).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await nav.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Username or email').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await toggle.click();
  await expect(nav.getByRole('link', { name: 'My profile' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Configuration' })).toBeVisible();
  // Nothing overflows the viewport horizontally.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await nav.getByRole('link', { name: 'My profile' }).click();
  await expect(page).toHaveTitle('My profile - Vitrine');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
});
