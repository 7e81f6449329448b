// The profile's backup of one's collections on a phone, in French: the owner saves their collections,
// downloads the zip and restores it into their own account, where a second copy of the collection
// appears beside the first; nothing overflows the screen.
import { readFileSync } from 'node:fs';
import { expect, test } from '../support/test';
import {
  addPropertyViaApi,
  createCollectionViaApi,
  createItemsViaApi,
  createOwnerViaApi,
  expectNoHorizontalOverflow,
  signInViaApi,
  useLanguage,
} from '../support/e2e-helpers';

test('an owner saves their collections and restores them from a phone, in French', async ({ page, request }) => {
  const owner = await createOwnerViaApi(request);
  const shelf = await createCollectionViaApi(request, owner.token, { name: 'Bandes dessinées', type: 'custom' });
  await addPropertyViaApi(request, owner.token, shelf.id, { label: 'Titre', key: 'titre', type: 'text', isTitle: true });
  await createItemsViaApi(request, owner.token, shelf.id, [{ values: { titre: 'Astérix le Gaulois' } }]);
  await useLanguage(page, 'fr_FR');
  await signInViaApi(page, owner.username, owner.password);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Sauvegarder mes collections' }).click();
  const newest = page.getByTestId(/^archive-/).first();
  await expect(newest.getByText('Terminée')).toBeVisible({ timeout: 30_000 });
  await expect(newest).toContainText('Collections sauvegardées : 1 sur 1');
  await expectNoHorizontalOverflow(page, 390);
  const [download] = await Promise.all([page.waitForEvent('download'), newest.getByRole('button', { name: 'Télécharger' }).click()]);
  const bytes = readFileSync(await download.path());

  await page.getByLabel('Sauvegarde de collections').setInputFiles({ name: 'collections.zip', mimeType: 'application/zip', buffer: bytes });
  await page.getByRole('button', { name: 'Restaurer ces collections' }).click();
  const restored = page.getByTestId(/^archive-/).first();
  await expect(restored).toContainText('Collections restaurées : 1 sur 1', { timeout: 30_000 });
  await expect(restored).toContainText('1 objet');
  await expectNoHorizontalOverflow(page, 390);
  await restored.getByRole('link', { name: 'Bandes dessinées' }).click();
  await expect(page.getByRole('list', { name: 'Objets' }).getByRole('link', { name: 'Astérix le Gaulois' })).toBeVisible();
  // Two collections of that name now: the original and the restored one.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Bandes dessinées' })).toHaveCount(2);
});
