import { expect, test } from '../support/test';
import { capturedEmails, createUserViaApi, signInThroughUi, signInViaApi, useLanguage } from '../support/e2e-helpers';
import { TINY_PNG } from '../support/tiny-png';

test.beforeEach(async ({ page }) => useLanguage(page, 'en_US'));

test('updating the profile, changing the password and uploading an avatar', async ({ page, request }) => {
  const user = await createUserViaApi(request);
  await signInThroughUi(page, user.username, user.password);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My profile' }).click();
  await expect(page).toHaveTitle('My profile - Vitrine');

  const account = page.locator('form', { has: page.getByLabel('First name') });
  await account.getByLabel('First name').fill('Grace');
  await account.getByLabel('Last name').fill('Hopper');
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

  await page.getByLabel('Picture file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your file has been uploaded' })).toBeVisible();
  const avatar = page.getByRole('img', { name: 'Current avatar' });
  await expect(avatar).toHaveAttribute('src', /^\/media\/avatars\//);
  // Served and decoded: a loaded machine may still be fetching it when its address is set.
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

  await page.getByLabel('Picture file').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'An error occured while uploading file.' })).toBeVisible();

  // The new password works from a fresh sign-in.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
  await signInThroughUi(page, user.username, 'a-brand-new-password');
});

test('changing the email address: current password, a link to the new inbox, a notice to the old one', async ({ page, request }) => {
  const user = await createUserViaApi(request);
  const newEmail = `grace.${user.username}@example.test`;
  await signInViaApi(page, user.username, user.password);
  await page.goto('/profile/');
  const account = page.locator('form', { has: page.getByLabel('First name') });
  await account.getByLabel('Email address').fill(newEmail);
  await account.getByLabel('Current password').fill(user.password);
  await account.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Check your new inbox: we sent a link to ${newEmail}.` })).toBeVisible();
  await expect(account.getByLabel('Email address')).toHaveValue(user.email);
  await expect(account.getByText(`Waiting for confirmation: ${newEmail}.`)).toBeVisible();

  let sent: Awaited<ReturnType<typeof capturedEmails>> = [];
  await expect.poll(async () => (sent = await capturedEmails(newEmail)).length).toBe(1);
  await expect
    .poll(async () => (await capturedEmails(user.email)).map((m) => m.subject))
    .toContain('The email address of your Vitrine account is being changed');
  const link = /http:\/\/127\.0\.0\.1:\d+\/profile\/email\/confirm\?token=\S+/.exec(sent[0]!.text)![0];

  await page.goto(link);
  await expect(page).toHaveTitle('Confirm your email address - Vitrine');
  await expect(page.getByText('Your new email address is confirmed')).toBeVisible();
  await page.getByRole('link', { name: 'Go to my profile' }).click();
  // The field itself (a textbox), once the profile has replaced the confirmation screen.
  await expect(page.getByRole('textbox', { name: 'Email address' })).toHaveValue(newEmail);

  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('This confirmation link is invalid, has expired or was already used.');
});

test('the email confirmation screen in French', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('vitrine_lang', 'fr_FR'));
  await page.goto('/profile/email/confirm?token=not-a-real-token-0123456789');
  await expect(page).toHaveTitle('Confirmez votre adresse e-mail - Vitrine');
  await expect(page.getByRole('alert')).toContainText('Ce lien de confirmation est invalide');
});

test('the profile asks anonymous visitors to sign in', async ({ page }) => {
  await page.goto('/profile/');
  await expect(page).toHaveURL(/\/login/);
});
