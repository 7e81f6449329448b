// Configuration → Settings on a phone, in French: the administrator renames the instance (the bar and the
// titles follow at once), gives its public address and the language of a first visit — which a new
// visitor with an English browser then gets — and adds, edits and deletes a custom configuration key.
import { expect, test } from '../support/test';
import { ADMIN, apiToken, expectNoHorizontalOverflow, signInViaApi, useLanguage } from '../support/e2e-helpers';
import { PHONE } from '../support/e2e-devices';

// On the instance-wide project (playwright.config.ts), with desktop specs: the phone is asked for here.
test.use(PHONE);

test('the administrator runs the server configuration from a phone, in French', async ({ page, browser, request }) => {
  const token = await apiToken(request, ADMIN.username, ADMIN.password);
  const restore = () =>
    request.patch('/api/v1/config/settings', {
      headers: { Authorization: `Bearer ${token}` },
      data: { instanceName: 'Vitrine', publicUrl: null, defaultLanguage: 'browser' },
    });
  try {
    await useLanguage(page, 'fr_FR');
    await signInViaApi(page, ADMIN.username, ADMIN.password);
    await page.goto('/config/');
    await page.getByLabel('Nom de cette instance').fill('Les livres de Léa');
    await page.getByLabel('Adresse publique').fill('pas une adresse');
    await page.getByLabel('Langue d’une première visite').selectOption('fr_FR');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    // A bad address is refused at its field, in French; nothing is saved.
    await expect(page.getByLabel('Adresse publique')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Adresse publique').fill('https://livres.example.org');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect(page.getByText('Opération réussie !')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Les livres de Léa' })).toBeVisible();
    await expect(page).toHaveTitle(/ - Les livres de Léa$/);
    await expectNoHorizontalOverflow(page, 390);

    // A custom key: added, edited, deleted.
    await page.getByLabel('Nom', { exact: true }).fill('isbn.delai');
    await page.getByLabel('Valeur').fill('15');
    await page.getByRole('button', { name: 'Ajouter la clé' }).click();
    await expect(page.getByText('Clé isbn.delai enregistrée.')).toBeVisible();
    await expect(page.getByRole('cell', { name: '15' })).toBeVisible();
    await page.getByRole('button', { name: 'Modifier isbn.delai' }).click();
    await page.getByLabel('Valeur').fill('20');
    await page.getByRole('button', { name: 'Enregistrer la valeur' }).click();
    await expect(page.getByRole('cell', { name: '20' })).toBeVisible();
    await expectNoHorizontalOverflow(page, 390);
    await page.getByRole('button', { name: 'Supprimer isbn.delai' }).click();
    await page.getByRole('button', { name: 'Vraiment supprimer isbn.delai' }).click();
    await expect(page.getByText('Aucune clé personnalisée pour l’instant.')).toBeVisible();

    // A first visit from an English browser now opens in French, under the new name.
    const visitor = await browser.newContext({ locale: 'en-US' });
    const first = await visitor.newPage();
    await first.goto('/');
    await expect(first).toHaveTitle('Les livres de Léa - Gestionnaire de collections');
    expect(await first.evaluate(() => localStorage.getItem('vitrine_lang'))).toBe('fr_FR');
    await visitor.close();
  } finally {
    await restore();
  }
});
