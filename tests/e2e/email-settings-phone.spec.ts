// Configuration → Emails on a phone, in French: the administrator gives the instance a Resend key of its
// own; an unreachable SMTP server first fails the test email with a clear French message; the test email
// then leaves with the saved key.
import { expect, test } from '../support/test';
import { E2E } from '../support/e2e-settings.mjs';
import { ADMIN, apiToken, capturedEmails, expectNoHorizontalOverflow, signInViaApi, useLanguage } from '../support/e2e-helpers';
import { PHONE } from '../support/e2e-devices';

// On the instance-wide project (playwright.config.ts), with desktop specs: the phone is asked for here.
test.use(PHONE);

test('the administrator sets up emails from a phone, in French', async ({ page, request }) => {
  const token = await apiToken(request, ADMIN.username, ADMIN.password);
  try {
    await useLanguage(page, 'fr_FR');
    await signInViaApi(page, ADMIN.username, ADMIN.password);
    await page.goto('/config/emails');
    await expect(page).toHaveTitle(/^E-mails - /);

    // A server that never answers: the test says so, in French.
    await page.getByLabel('Envoyer les e-mails avec').selectOption('smtp');
    await page.getByLabel('Expéditeur').fill('pas une adresse');
    await page.getByLabel('Serveur').fill('127.0.0.1');
    await page.getByLabel('Sécurité').selectOption('none');
    await page.getByLabel('Port').fill(String(E2E.smtpSilentPort));
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect(
      page.getByText('Écrivez une adresse, ou un nom puis l’adresse entre chevrons : Nos livres <livres@example.org>.'),
    ).toBeVisible();
    await page.getByLabel('Expéditeur').fill('livres@e2e.test');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect(page.getByText('Opération réussie !')).toBeVisible();
    await page.getByLabel('Destinataire').fill('lea@phone-e2e.test');
    await page.getByRole('button', { name: 'Envoyer l’e-mail d’essai' }).click();
    await expect(page.getByText('Le serveur d’e-mail n’a pas répondu à temps.')).toBeVisible({ timeout: 15_000 });
    await expectNoHorizontalOverflow(page, 390);

    // Resend with a key of the instance's own.
    await page.getByLabel('Envoyer les e-mails avec').selectOption('resend');
    await page.getByLabel('Clé d’API Resend').fill('re_phone_key_5678');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect(page.getByText('Une valeur est enregistrée (elle finit par …5678). Laissez vide pour la garder.')).toBeVisible();
    await page.getByRole('button', { name: 'Envoyer l’e-mail d’essai' }).click();
    await expect(page.getByText('L’e-mail d’essai a été envoyé à lea@phone-e2e.test. Vérifiez qu’il est bien arrivé.')).toBeVisible();
    const [email] = await capturedEmails('lea@phone-e2e.test');
    expect(email).toMatchObject({
      subject: 'E-mail d’essai de Vitrine',
      from: 'livres@e2e.test',
      authorization: 'Bearer re_phone_key_5678',
    });
    await expectNoHorizontalOverflow(page, 390);
  } finally {
    await request.put('/api/v1/config/email', { headers: { Authorization: `Bearer ${token}` }, data: { transport: 'environment' } });
  }
});
