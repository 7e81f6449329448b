// Lending from a phone, in French: an anonymous visitor opens a public item, asks to borrow it and
// follows the request from the link in their email; the owner accepts, lends with a due date, the
// scheduled run sends the overdue notice, the owner gets the item back, and the visitor's page says so.
import { expect, test } from '../support/test';
import {
  capturedEmails,
  createCollectionViaApi,
  createItemsViaApi,
  createOwnerViaApi,
  expectNoHorizontalOverflow,
  signInThroughUi,
  useLanguage,
} from '../support/e2e-helpers';

const WIDTH = 390;

test('a visitor asks to borrow from a phone; the owner accepts, lends and gets it back; reminders follow', async ({
  page,
  request,
  browser,
}) => {
  const owner = await createOwnerViaApi(request);
  const shelf = await createCollectionViaApi(request, owner.token, { type: 'books', name: 'Étagère du salon', borrowable: 0 });
  const [item] = await createItemsViaApi(request, owner.token, shelf.id, [{ values: { title: 'Le Petit Prince' } }]);
  const email = `visiteur-${Date.now().toString(36)}@example.test`;

  // The visitor, anonymous, on the item's public page.
  const visitor = await browser.newContext({ viewport: { width: WIDTH, height: 844 }, isMobile: true, hasTouch: true });
  const phone = await visitor.newPage();
  await useLanguage(phone, 'fr_FR');
  await phone.goto(`/collection/${shelf.id}/item/${item!.id}`);
  await expect(phone.getByTestId('availability')).toHaveText('Disponible');
  await phone.getByRole('link', { name: 'Demander à emprunter' }).click();
  await expect(phone).toHaveURL(new RegExp(`/collection/${shelf.id}/item/${item!.id}/borrow$`));
  await expectNoHorizontalOverflow(phone, WIDTH);
  // A missing name is refused in French, and nothing is sent.
  await phone.getByLabel('Votre adresse e-mail').fill(email);
  await phone.getByRole('button', { name: 'Envoyer ma demande' }).click();
  await expect(phone.getByLabel('Votre nom')).toBeFocused();
  await phone.getByLabel('Votre nom').fill('Léa');
  await phone.getByLabel('Message au propriétaire (facultatif)').fill('Pour les vacances, merci !');
  const submit = phone.getByRole('button', { name: 'Envoyer ma demande' });
  expect((await submit.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await submit.click();
  await expect(phone.getByRole('status').filter({ hasText: 'demande d’emprunt' })).toBeVisible();

  // The requester's email carries the private link.
  await expect.poll(async () => (await capturedEmails(email)).length).toBe(1);
  const [confirmation] = await capturedEmails(email);
  expect(confirmation!.subject).toBe('Votre demande d’emprunt de « Le Petit Prince » est envoyée');
  const link = new URL(confirmation!.text.match(/http:\/\/127\.0\.0\.1:\d+\/borrow\/status\?token=[\w-]+/)![0]);
  await phone.goto(link.pathname + link.search);
  await expect(phone.getByTestId('borrow-state')).toContainText('a reçu votre demande');

  // The owner, signed in, in French, answers from the lending overview.
  await useLanguage(page, 'fr_FR');
  await signInThroughUi(page, owner.username, owner.password);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Emprunteurs' }).click();
  const requests = page.getByRole('list', { name: 'Demandes (1)' });
  await expect(requests.getByText('Pour les vacances, merci !')).toBeVisible();
  await requests.getByRole('button', { name: 'Accepter' }).click();
  await expect(requests.getByRole('button', { name: 'Prêter' })).toBeVisible();
  await requests.getByRole('button', { name: 'Prêter' }).click();
  const lent = page.getByRole('list', { name: 'Prêtés (1)' });
  await expect(lent.getByText('Le Petit Prince')).toBeVisible();
  await expect(lent.getByText(/À rendre le/)).toBeVisible();

  // The visitor's page follows; the item page tells visitors it is on loan, not who holds it.
  await phone.reload();
  await expect(phone.getByTestId('borrow-state')).toContainText('vous est prêté');
  await phone.goto(`/collection/${shelf.id}/item/${item!.id}`);
  await expect(phone.getByTestId('availability')).toHaveText('Prêté');
  await expect(phone.getByText('Léa')).toHaveCount(0);

  // Past its due date, the scheduled run sends the overdue notice.
  const loans = (await (
    await request.get(`/api/v1/collections/${shelf.id}/items/${item!.id}/loans`, { headers: { Authorization: `Bearer ${owner.token}` } })
  ).json()) as {
    loans: { id: number; version: number }[];
  };
  const loan = loans.loans[0]!;
  const moved = await request.patch(`/api/v1/loans/${loan.id}`, {
    headers: { Authorization: `Bearer ${owner.token}` },
    data: { lentOn: '2020-01-01', dueOn: '2020-01-15' },
  });
  expect(moved.status()).toBe(200);
  const cron = await request.get('/__scheduled?cron=23+*+*+*+*');
  expect(cron.status(), await cron.text()).toBe(200);
  await expect
    .poll(async () => (await capturedEmails(email)).map((e) => e.subject))
    .toContain('« Le Petit Prince » était à rendre le 15 janvier 2020');

  // The owner sees it overdue on the item page and gets it back.
  await page.goto(`/collection/${shelf.id}/item/${item!.id}`);
  const itemLoans = page.getByRole('list', { name: 'Prêts' });
  await expect(itemLoans.getByText(/jours de retard/)).toBeVisible();
  await itemLoans.getByRole('button', { name: 'Récupérer' }).click();
  await expect(itemLoans.getByText('Rendu', { exact: true })).toBeVisible();
  await expect(page.getByTestId('availability')).toHaveText('Disponible');
  await phone.goto(link.pathname + link.search);
  await expect(phone.getByTestId('borrow-state')).toHaveText('Vous avez rendu l’objet. Merci !');
  await visitor.close();
});

test('the borrow page opened directly, as from a QR label, keeps its phone layout and hides its trap', async ({ request, browser }) => {
  const owner = await createOwnerViaApi(request);
  const shelf = await createCollectionViaApi(request, owner.token, { type: 'books', name: 'Étagère', borrowable: 0 });
  const [item] = await createItemsViaApi(request, owner.token, shelf.id, [{ values: { title: 'Vendredi' } }]);
  const visitor = await browser.newContext({ viewport: { width: WIDTH, height: 844 }, isMobile: true, hasTouch: true });
  const phone = await visitor.newPage();
  await useLanguage(phone, 'fr_FR');
  // The first page of the visit: nothing else has loaded the lending screens' styles.
  await phone.goto(`/collection/${shelf.id}/item/${item!.id}/borrow`);
  await expect(phone.getByRole('button', { name: 'Envoyer ma demande' })).toBeVisible();
  // The robot trap is kept off screen by the form's styles.
  const trap = await phone.getByText('Laissez ce champ vide').boundingBox();
  expect(trap === null || trap.x + trap.width <= 0).toBe(true);
  await expectNoHorizontalOverflow(phone, WIDTH);
  // The phone layout: a full-width button, tall enough for a thumb.
  const submit = (await phone.getByRole('button', { name: 'Envoyer ma demande' }).boundingBox())!;
  expect(submit.height).toBeGreaterThanOrEqual(44);
  expect(submit.width).toBeGreaterThan(WIDTH * 0.7);
  await visitor.close();
});
