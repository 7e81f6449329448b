import { expect, test } from '../support/test';

test.describe('with a French browser', () => {
  test.use({ locale: 'fr-FR' });

  test('the first visit chooses French and reloads; nav, titles and messages are French', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('navigation', { name: 'Principale' }).getByRole('link', { name: 'À propos' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('vitrine_lang'))).toBe('fr_FR');
    await expect(page).toHaveTitle('Connexion - Vitrine');
    await page.getByLabel('Nom d’utilisateur ou e-mail').fill('admin');
    await page.getByLabel('Mot de passe', { exact: true }).fill('mauvais-mot-de-passe');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByRole('alert')).toContainText('Échec de la connexion !');
    await page.goto('/nulle/part');
    await expect(page.getByText('Cette page n’existe pas.')).toBeVisible();
  });
});

test.describe('with an English browser', () => {
  test.use({ locale: 'en-US' });

  test('the first visit chooses English; the dropdown switches to French after a reload, and back', async ({ page }) => {
    await page.goto('/');
    // The app shows once the first visit has stored its language and reloaded.
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' })).toBeVisible();
    await expect(page).toHaveTitle('Vitrine - Collection Manager');
    expect(await page.evaluate(() => localStorage.getItem('vitrine_lang'))).toBe('en_US');
    await page.getByLabel('Language').selectOption('fr_FR');
    await expect(page).toHaveTitle('Vitrine - Gestionnaire de collections');
    await expect(page.getByRole('navigation', { name: 'Principale' }).getByRole('link', { name: 'Se connecter' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('vitrine_lang'))).toBe('fr_FR');
    await page.goto('/about');
    await expect(page).toHaveTitle('À propos - Vitrine');
    await page.getByLabel('Langue').selectOption('en_US');
    await expect(page).toHaveTitle('About - Vitrine');
  });
});
