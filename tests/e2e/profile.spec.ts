import { expect, test } from '@playwright/test';
import { createUserViaApi, signInThroughUi, useLanguage } from '../support/e2e-helpers';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test.beforeEach(async ({ page }) => useLanguage(page, 'en_US'));

test('updating the profile, changing the password and uploading an avatar', async ({ page, request }) => {
  const user = await createUserViaApi(request);
  await signInThroughUi(page, user.username, user.password);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My profile' }).click();
  await expect(page).toHaveTitle('My profile - Vitrine');

  const account = page.locator('form', { has: page.getByLabel('First name') });
  await account.getByLabel('First name').fill('Grace');
  await account.getByLabel('Last name').fill('Hopper');
  await account.getByLabel('Email address').fill(`grace.${user.username}@example.test`);
  await account.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your profile has been updated' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Grace');

  const passwordForm = page.locator('form', { has: page.getByLabel('Current password') });
  await passwordForm.getByLabel('Current password').fill(user.password);
  await passwordForm.getByLabel('New password', { exact: true }).fill('a-brand-new-password');
  await passwordForm.getByLabel('Confirm the new password').fill('a-different-password');
  await passwordForm.getByRole('button', { name: 'Change password' }).click();
  await expect(passwordForm.getByText('Passwords are not equals!').first()).toBeVisible();
  await passwordForm.getByLabel('Confirm the new password').fill('a-brand-new-password');
  await passwordForm.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Password changed' })).toBeVisible();

  await page.getByLabel('Picture file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your file has been uploaded' })).toBeVisible();
  const avatar = page.getByRole('img', { name: 'Current avatar' });
  await expect(avatar).toHaveAttribute('src', /^\/media\/avatars\//);
  expect(await avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

  await page.getByLabel('Picture file').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'An error occured while uploading file.' })).toBeVisible();

  // The new password works from a fresh sign-in.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
  await signInThroughUi(page, user.username, 'a-brand-new-password');
});

test('the profile asks anonymous visitors to sign in', async ({ page }) => {
  await page.goto('/profile/');
  await expect(page).toHaveURL(/\/login/);
});
