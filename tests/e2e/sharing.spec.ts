// Sharing a collection: the owner, on a desktop, shares it with a friend as an editor from its settings;
// the friend, on a phone in French, finds it under "Partagées avec moi" and adds an item to it.
import { expect, test } from '../support/test';
import {
  createCollectionViaApi,
  createOwnerViaApi,
  createUserViaApi,
  expectNoHorizontalOverflow,
  signInThroughUi,
  signInViaApi,
  useLanguage,
} from '../support/e2e-helpers';

const WIDTH = 390;

test('the owner shares a collection with an editor, who adds an item from a phone in French', async ({ page, request, browser }) => {
  const owner = await createOwnerViaApi(request);
  const friend = await createUserViaApi(request);
  const shelf = await createCollectionViaApi(request, owner.token, { type: 'books', name: 'Family shelf', visibility: 2 });

  await useLanguage(page, 'en_US');
  await signInViaApi(page, owner.username, owner.password);
  await page.goto(`/collection/${shelf.id}`);
  await page.getByRole('link', { name: 'Manage' }).click();
  const sharing = page.getByRole('region', { name: 'Sharing' });
  await sharing.getByLabel('Username or email').fill('nobody-by-this-name');
  await sharing.getByRole('button', { name: 'Share' }).click();
  await expect(sharing.getByRole('alert')).toContainText('No account has this username or email address.');
  await sharing.getByLabel('Username or email').fill(friend.email);
  await sharing.getByLabel('Role', { exact: true }).selectOption('editor');
  await sharing.getByRole('button', { name: 'Share' }).click();
  await expect(sharing.getByLabel(`Role of ${friend.username}`)).toHaveValue('editor');

  const context = await browser.newContext({ viewport: { width: WIDTH, height: 844 }, isMobile: true, hasTouch: true });
  const phone = await context.newPage();
  await useLanguage(phone, 'fr_FR');
  await signInThroughUi(phone, friend.username, friend.password);
  const shared = phone.getByRole('region', { name: 'Partagées avec moi' });
  await shared.getByRole('link', { name: 'Family shelf' }).click();
  await expectNoHorizontalOverflow(phone, WIDTH);
  await phone.getByRole('link', { name: 'Nouvel objet' }).click();
  await phone.getByLabel('Titre', { exact: true }).fill('Le Petit Prince');
  await phone.getByRole('button', { name: 'Créer l’objet' }).click();
  await expect(phone.getByRole('status').filter({ hasText: 'Opération réussie !' })).toBeVisible();
  await expect(phone).toHaveTitle('Le Petit Prince - Vitrine');
  await context.close();
});
