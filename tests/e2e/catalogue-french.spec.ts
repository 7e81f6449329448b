// The catalogue in French: creating a collection and an item, with French labels, template and messages.
import { expect, test } from '../support/test';
import { createUserViaApi, signInThroughUi, useLanguage } from '../support/e2e-helpers';

test('creating a collection and an item in French', async ({ page, request }) => {
  const user = await createUserViaApi(request);
  await useLanguage(page, 'fr_FR');
  await signInThroughUi(page, user.username, user.password);

  await page.getByRole('link', { name: 'Nouvelle collection' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nouvelle collection' })).toBeVisible();
  await expect(page).toHaveTitle('Nouvelle collection - Vitrine');
  await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Livres' });
  await page.getByLabel('Nom', { exact: true }).fill('Ma bibliothèque');
  await expect(page.getByText('Séparées par des virgules, 20 au maximum.')).toBeVisible();
  await page.getByLabel('Étiquettes').fill('romans, aventure');
  await page.getByLabel('Visibilité').selectOption({ label: 'Tout le monde' });
  await expect(page.getByLabel('Qui peut emprunter')).toContainText('Moi seulement');
  await page.getByRole('button', { name: 'Créer la collection' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Opération réussie !' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Ma bibliothèque' })).toBeVisible();
  await expect(page.getByText('Livres', { exact: true })).toBeVisible();
  await expect(page.getByText('Pas encore d’objets.')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Affichage' }).getByRole('button')).toHaveText(['Liste', 'Mosaïque', 'Boutique']);
  await expect(page.getByLabel('Trier par')).toBeVisible();

  // The template's properties carry French labels.
  await page.getByRole('link', { name: 'Nouvel objet' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nouvel objet' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Exemplaires et partage' })).toBeVisible();
  await expect(page.getByLabel('Visibilité')).toHaveValue('');
  await expect(page.getByLabel('Visibilité').locator('option:checked')).toHaveText('Valeur de la collection (Tout le monde)');
  await page.getByLabel('Titre', { exact: true }).fill('Vingt mille lieues sous les mers');
  await page.getByLabel('Auteurs 1', { exact: true }).fill('Jules Verne');
  await page.getByLabel('Année', { exact: true }).fill('1870');
  await page.getByLabel('Nombre d’exemplaires').fill('2');
  await page.getByRole('button', { name: 'Créer l’objet' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Opération réussie !' })).toBeVisible();
  await expect(page).toHaveTitle('Vingt mille lieues sous les mers - Vitrine');
  // The author and the year lead the page's header; the other values are grouped under Détails.
  await expect(page.getByRole('main')).toContainText('Jules Verne · 1870');
  const details = page.getByLabel('Détails');
  await expect(details.getByRole('term')).toContainText(['Lu', 'Dédicacé']);
  await expect(details).toContainText('Non');
  const actions = page.getByRole('group', { name: 'Actions sur l’objet' });
  await expect(actions.getByRole('link', { name: 'Modifier' })).toBeVisible();
  await actions.getByRole('button', { name: 'Plus d’actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Dupliquer' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Supprimer' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByText('Exemplaires', { exact: true })).toBeVisible();
});
