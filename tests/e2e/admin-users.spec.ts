import { expect, test } from '../support/test';
import { ADMIN, signInThroughUi, signInViaApi, useLanguage } from '../support/e2e-helpers';

test('the administrator creates, edits, disables and deletes a user', async ({ page, browser }) => {
  await useLanguage(page, 'en_US');
  await signInThroughUi(page, ADMIN.username, ADMIN.password);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Configuration' }).click();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Configuration sections' }).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { name: 'Users' }).first()).toBeVisible();

  const username = `ada${Date.now().toString(36)}`;
  await page.getByRole('link', { name: 'New user' }).click();
  await expect(page).toHaveURL(/\/config\/users\/new$/);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Email address').fill(`${username}@example.test`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/minimum 8|at least 8/i).first()).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('ada-password-1');
  await page.getByLabel('Confirm the password').fill('ada-password-1');
  await page.getByLabel('First name').fill('Ada');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Operation succeeded!' })).toBeVisible();
  await expect(page.getByRole('cell', { name: username, exact: true })).toBeVisible();

  await page.getByRole('link', { name: `Edit ${username}` }).click();
  await expect(page.getByLabel('First name')).toHaveValue('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Enabled').uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Operation succeeded!' })).toBeVisible();

  // The disabled account cannot sign in.
  const other = await browser.newPage();
  await useLanguage(other, 'en_US');
  await other.goto('/login');
  await other.getByLabel('Username or email').fill(username);
  await other.getByLabel('Password', { exact: true }).fill('ada-password-1');
  await other.getByRole('button', { name: 'Sign in' }).click();
  await expect(other.getByRole('alert')).toContainText('A disabled account cannot sign in either');
  await other.close();

  await page.getByRole('link', { name: `Delete ${username}` }).click();
  await expect(page.getByText("All of this user's collections (0) will be deleted too. This cannot be undone.")).toBeVisible();
  await page.getByRole('button', { name: 'Delete this account' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Operation succeeded!' })).toBeVisible();
  await expect(page.getByRole('cell', { name: username, exact: true })).toHaveCount(0);
});

test('the administrator cannot disable or delete itself', async ({ page }) => {
  await useLanguage(page, 'en_US');
  await signInViaApi(page, ADMIN.username, ADMIN.password);
  await page.goto('/config/users');
  await page.getByRole('link', { name: 'Edit admin' }).click();
  await expect(page.getByLabel('Username')).toBeDisabled();
  await expect(page.getByLabel('Enabled')).toBeDisabled();
});
