import { expect, test } from '../support/test';
import { capturedEmails, createUserViaApi, signInThroughUi, useLanguage } from '../support/e2e-helpers';

test('the whole password reset, through the email the server sent', async ({ page, request }) => {
  await useLanguage(page, 'en_US');
  const user = await createUserViaApi(request);
  const session = await request.post('/api/v1/token', { data: { login: user.username, password: user.password } });
  const { token: oldToken } = (await session.json()) as { token: string };

  await page.goto('/login');
  await page
    .getByRole('button', { name: 'Forgot password?' })
    .or(page.getByRole('link', { name: 'Forgot password?' }))
    .click();
  await page.getByLabel('Your username or email address').fill(user.email);
  await page.getByRole('button', { name: 'Send me a reset link' }).click();
  await expect(page.getByText('If nothing arrives within a few minutes, contact the administrator.')).toBeVisible();

  let emails: Awaited<ReturnType<typeof capturedEmails>> = [];
  await expect.poll(async () => (emails = await capturedEmails(user.email)).length).toBe(1);
  expect(emails[0]!.subject).toBe('Reset your Vitrine password');
  const link = /http:\/\/127\.0\.0\.1:\d+\/resetpassword\?token=\S+/.exec(emails[0]!.text)![0];

  await page.goto(link);
  await expect(page).toHaveTitle('Choose a new password - Vitrine');
  await page.getByLabel('New password', { exact: true }).fill('reset-new-password');
  await page.getByLabel('Confirm the new password').fill('reset-other-password');
  await page.getByRole('button', { name: 'Change my password' }).click();
  await expect(page.getByText('Passwords are not equals!').first()).toBeVisible();
  await page.getByLabel('Confirm the new password').fill('reset-new-password');
  await page.getByRole('button', { name: 'Change my password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Password changed' })).toBeVisible();

  // Every session of the user was revoked, and the link works only once.
  const old = await request.get('/api/v1/profile', { headers: { Authorization: `Bearer ${oldToken}` } });
  expect(old.status()).toBe(401);
  // A used link says so before any form is shown.
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('invalid or has expired');
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();

  await signInThroughUi(page, user.username, 'reset-new-password');
});

test('asking for an unknown account answers the same way', async ({ page }) => {
  await useLanguage(page, 'en_US');
  await page.goto('/login');
  await page
    .getByRole('button', { name: 'Forgot password?' })
    .or(page.getByRole('link', { name: 'Forgot password?' }))
    .click();
  await page.getByLabel('Your username or email address').fill('nobody@nowhere.test');
  await page.getByRole('button', { name: 'Send me a reset link' }).click();
  await expect(page.getByText('If an account matches, a reset link has been sent.')).toBeVisible();
});
