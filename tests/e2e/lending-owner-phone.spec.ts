// The owner's lending screens on a 390×844 phone, in French: an item lent to someone typed in on the
// spot, seen in the overview and on the borrower's page without sideways scrolling, a deletion refused
// while they hold it, the item got back; a request (made through the API) declined.
import { expect, test } from '../support/test';
import {
  createCollectionViaApi,
  createItemsViaApi,
  createOwnerViaApi,
  expectNoHorizontalOverflow,
  signInViaApi,
  useLanguage,
} from '../support/e2e-helpers';

const WIDTH = 390;
test.use({ viewport: { width: WIDTH, height: 844 }, isMobile: true, hasTouch: true });

test('sur un téléphone, le propriétaire prête à un nouvel emprunteur, suit le prêt, le récupère et refuse une demande', async ({
  page,
  request,
}) => {
  const owner = await createOwnerViaApi(request);
  const shelf = await createCollectionViaApi(request, owner.token, { type: 'books', name: 'Bibliothèque', borrowable: 0 });
  const [item, other] = await createItemsViaApi(request, owner.token, shelf.id, [
    { values: { title: 'Vol de nuit' } },
    { values: { title: 'Terre des hommes' } },
  ]);
  const stamp = Date.now().toString(36);

  await useLanguage(page, 'fr_FR');
  await signInViaApi(page, owner.username, owner.password);

  // Lend from the item's page to someone new, typed in on the spot; the due date is proposed.
  await page.goto(`/collection/${shelf.id}/item/${item!.id}`);
  await page.getByRole('link', { name: 'Prêter' }).click();
  await expect(page).toHaveURL(new RegExp(`/loan/new$`));
  await expectNoHorizontalOverflow(page, WIDTH);
  await expect(page.getByLabel('Emprunteur')).toHaveValue('new');
  await page.getByLabel('Son nom').fill('Marie Curie');
  await page.getByLabel('Son adresse e-mail').fill(`marie-${stamp}@example.test`);
  await expect(page.getByLabel('À rendre le')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await page.getByLabel('À rendre le').fill('2099-03-01');
  const lend = page.getByRole('button', { name: 'Prêter' });
  expect((await lend.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await lend.click();
  const itemLoans = page.getByRole('list', { name: 'Prêts' });
  await expect(itemLoans.getByRole('link', { name: 'Marie Curie', exact: true })).toBeVisible();
  await expectNoHorizontalOverflow(page, WIDTH);

  // The overview, from the menu.
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Emprunteurs' }).click();
  const lent = page.getByRole('list', { name: 'Prêtés (1)' });
  await expect(lent.getByRole('link', { name: 'Vol de nuit', exact: true })).toBeVisible();
  await expectNoHorizontalOverflow(page, WIDTH);

  // The borrower's page; deleting them is refused while they hold the book.
  await lent.getByRole('link', { name: 'Marie Curie', exact: true }).click();
  await expect(page.getByRole('list', { name: 'A en ce moment' }).getByRole('link', { name: 'Vol de nuit', exact: true })).toBeVisible();
  await expectNoHorizontalOverflow(page, WIDTH);
  await page.getByRole('link', { name: 'Supprimer' }).click();
  await expect(page.getByRole('alert')).toContainText('Marie Curie a encore un objet que vous lui avez prêté.');
  await expect(page.getByRole('button', { name: 'Supprimer' })).toBeDisabled();
  await expectNoHorizontalOverflow(page, WIDTH);

  // Get it back from the borrower's page.
  await page.goBack();
  await page.getByRole('list', { name: 'A en ce moment' }).getByRole('button', { name: 'Récupérer' }).click();
  await expect(page.getByRole('list', { name: 'Historique' }).getByText('Rendu', { exact: true })).toBeVisible();

  // A request for the other book, declined from its screen with a message.
  const asked = await request.post(`/api/v1/collections/${shelf.id}/items/${other!.id}/borrow`, {
    data: { name: 'Paul', email: `paul-${stamp}@example.test`, message: 'Pour le train' },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  await page.goto('/borrowers/loans');
  const requests = page.getByRole('list', { name: 'Demandes (1)' });
  await expect(requests.getByText('Pour le train')).toBeVisible();
  await requests.getByRole('link', { name: 'Refuser' }).click();
  await expectNoHorizontalOverflow(page, WIDTH);
  await page.getByLabel('Message au demandeur (facultatif)').fill('Il est déjà promis, désolé.');
  await page.getByRole('button', { name: 'Refuser' }).click();
  await expect(page.getByTestId('loan-state')).toHaveText('Refusée');
  await page.goto('/borrowers/loans');
  await expect(page.getByText('Rien n’est prêté ni demandé en ce moment.')).toBeVisible();
});
