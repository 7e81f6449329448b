// A waiting list, on a phone in French: a visitor joins the queue of a lent item; the owner gets the
// item back and sees who is next; the visitor opens the offer from their email and accepts it.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import {
  capturedEmails,
  createCollectionViaApi,
  createItemsViaApi,
  createOwnerViaApi,
  expectNoHorizontalOverflow,
  signInViaApi,
  useLanguage,
} from '../support/e2e-helpers';

const WIDTH = 390;

/** The new screens hold to the same bar as the main ones: zero WCAG 2.1 AA violations. */
async function expectAccessible(screen: Page) {
  const results = await new AxeBuilder({ page: screen }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('a visitor joins the waiting list from a phone, and accepts the copy offered when it comes back', async ({
  page,
  request,
  browser,
}) => {
  const owner = await createOwnerViaApi(request);
  const auth = { Authorization: `Bearer ${owner.token}` };
  const shelf = await createCollectionViaApi(request, owner.token, { type: 'books', name: 'Étagère du salon', borrowable: 0 });
  const [item] = await createItemsViaApi(request, owner.token, shelf.id, [{ values: { title: 'Le Petit Prince' } }]);
  const borrower = await (await request.post('/api/v1/borrowers', { headers: auth, data: { name: 'Paul' } })).json();
  expect(
    (
      await request.post(`/api/v1/collections/${shelf.id}/items/${item!.id}/loans`, { headers: auth, data: { borrowerId: borrower.id } })
    ).status(),
  ).toBe(201);
  const email = `attente-${Date.now().toString(36)}@example.test`;

  // The visitor, anonymous, on the lent item's page: the waiting list instead of a request.
  const visitor = await browser.newContext({ viewport: { width: WIDTH, height: 844 }, isMobile: true, hasTouch: true });
  const phone = await visitor.newPage();
  await useLanguage(phone, 'fr_FR');
  await phone.goto(`/collection/${shelf.id}/item/${item!.id}`);
  await expect(phone.getByTestId('availability')).toHaveText('Prêté');
  await phone.getByRole('link', { name: 'Rejoindre la liste d’attente' }).click();
  await expectNoHorizontalOverflow(phone, WIDTH);
  await expectAccessible(phone);
  await phone.getByLabel('Votre nom').fill('Léa');
  await phone.getByLabel('Votre adresse e-mail').fill(email);
  await phone.getByRole('button', { name: 'Rejoindre la liste d’attente' }).click();
  await expect(phone.getByRole('status').filter({ hasText: 'Vous êtes sur la liste d’attente.' })).toBeVisible();
  await expect
    .poll(async () => (await capturedEmails(email)).map((e) => e.subject))
    .toContain('Vous êtes numéro 1 sur la liste d’attente de « Le Petit Prince »');
  // Their borrower page, from the same email, shows their place.
  const joined = (await capturedEmails(email))[0]!;
  const pageLink = new URL(joined.text.match(/http:\/\/127\.0\.0\.1:\d+\/borrower\/[\w-]+/)![0]);
  await phone.goto(pageLink.pathname);
  await expect(phone.getByTestId('borrower-holds')).toContainText('Numéro 1 dans la file');
  await expectAccessible(phone);

  // The owner sees who is next, and gets the item back.
  await useLanguage(page, 'fr_FR');
  await signInViaApi(page, owner.username, owner.password);
  await page.goto(`/collection/${shelf.id}/item/${item!.id}`);
  await expect(page.getByTestId('next-in-line')).toHaveText('Prochain dans la file : Léa');
  await expectAccessible(page);
  await page.getByRole('list', { name: 'Prêts' }).getByRole('button', { name: 'Récupérer' }).click();
  await expect(page.getByText(/Proposé par e-mail ; réponse attendue avant le/)).toBeVisible();

  // The offer reaches the visitor, who accepts it from the link.
  await expect
    .poll(async () => (await capturedEmails(email)).map((e) => e.subject))
    .toContain('« Le Petit Prince » est disponible pour vous');
  const offer = (await capturedEmails(email)).find((e) => e.text.includes('/hold/offer'))!;
  const link = new URL(offer.text.match(/http:\/\/127\.0\.0\.1:\d+\/hold\/offer\?token=[\w%-]+/)![0]);
  await phone.goto(link.pathname + link.search);
  await expect(phone.getByText(/vous propose « Le Petit Prince »/)).toBeVisible();
  await expectNoHorizontalOverflow(phone, WIDTH);
  await expectAccessible(phone);
  await phone.getByRole('button', { name: 'Oui, je le veux' }).click();
  await expect(phone.getByRole('status').filter({ hasText: 'Vous avez accepté « Le Petit Prince »' })).toBeVisible();

  // The owner finds it among the requests, already accepted, ready to lend.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Prêts' }).getByText('Léa')).toBeVisible();
  await visitor.close();
});
