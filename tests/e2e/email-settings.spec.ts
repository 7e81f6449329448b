// Configuration → Emails on a desktop, in English: the administrator points the instance at an SMTP
// server (a real one on 127.0.0.1), a wrong password makes the test email fail with the server's own
// words, the right one makes it arrive; the password is never shown again.
import { expect, test } from '../support/test';
import { E2E } from '../support/e2e-settings.mjs';
import { FAKE_SMTP_PASSWORD, FAKE_SMTP_USER } from '../support/fake-smtp';
import { ADMIN, apiToken, receivedOverSmtp, signInViaApi } from '../support/e2e-helpers';

test('the administrator sends the instance’s emails through an SMTP server and tests it', async ({ page, request }) => {
  const token = await apiToken(request, ADMIN.username, ADMIN.password);
  try {
    await signInViaApi(page, ADMIN.username, ADMIN.password);
    await page.goto('/config/');
    await page.getByRole('link', { name: 'Emails' }).click();
    await expect(page).toHaveURL(/\/config\/emails$/);
    await expect(
      page.getByText('Emails go through Resend with the key the instance was deployed with, from Vitrine <vitrine@e2e.test>.'),
    ).toBeVisible();

    await page.getByLabel('Send emails with').selectOption('smtp');
    await page.getByLabel('Sender').fill('Our books <books@e2e.test>');
    await page.getByLabel('Server').fill('127.0.0.1');
    // From the usual port of STARTTLS (a port another spec saved on this instance may be showing).
    await page.getByLabel('Security').selectOption('starttls');
    await page.getByLabel('Port').fill('587');
    await page.getByLabel('Security').selectOption('tls');
    await expect(page.getByLabel('Port')).toHaveValue('465');
    await page.getByLabel('Security').selectOption('none');
    await page.getByLabel('Port').fill(String(E2E.smtpPort));
    await page.getByLabel('User name').fill(FAKE_SMTP_USER);
    await page.getByLabel('Password').fill('not-the-password');
    // The test waits for the settings to be saved.
    await expect(page.getByRole('button', { name: 'Send the test email' })).toBeDisabled();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Operation succeeded!')).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveValue('');
    await expect(page.getByText('One is saved (it ends in …word). Leave empty to keep it.')).toBeVisible();

    await page.getByLabel('To').fill('shelf@smtp-e2e.test');
    await page.getByRole('button', { name: 'Send the test email' }).click();
    await expect(page.getByText('The mail server or provider refused the user name, password or key.')).toBeVisible();
    await expect(page.getByText(/^The server said: .*535/)).toBeVisible();
    expect(await receivedOverSmtp('shelf@smtp-e2e.test')).toEqual([]);

    await page.getByLabel('Password').fill(FAKE_SMTP_PASSWORD);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('One is saved (it ends in …ests). Leave empty to keep it.')).toBeVisible();
    await page.getByRole('button', { name: 'Send the test email' }).click();
    await expect(page.getByText('The test email was sent to shelf@smtp-e2e.test. Check that it arrived.')).toBeVisible();
    await expect.poll(async () => (await receivedOverSmtp('shelf@smtp-e2e.test')).length).toBe(1);
    const [email] = await receivedOverSmtp('shelf@smtp-e2e.test');
    expect(email).toMatchObject({ from: 'books@e2e.test', user: FAKE_SMTP_USER });
    expect(email!.decoded).toContain('Emails from this instance will arrive like this one.');

    // Back on the page later: the settings as saved, the password still not shown.
    await page.reload();
    await expect(page.getByLabel('Send emails with')).toHaveValue('smtp');
    await expect(page.getByLabel('Server')).toHaveValue('127.0.0.1');
    await expect(page.getByLabel('Password')).toHaveValue('');
    expect(await page.content()).not.toContain(FAKE_SMTP_PASSWORD);
  } finally {
    await request.put('/api/v1/config/email', { headers: { Authorization: `Bearer ${token}` }, data: { transport: 'environment' } });
  }
});
