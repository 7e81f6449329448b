// A borrower's own page: the borrower opens it on a phone, in French, from the link in their loan email,
// sees what they hold and asks to renew; the owner accepts on a desktop and the due date moves.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/test';
import {
  bearer,
  capturedEmails,
  createCollectionViaApi,
  createItemsViaApi,
  createOwnerViaApi,
  expectNoHorizontalOverflow,
  signInViaApi,
  useLanguage,
} from '../support/e2e-helpers';

const WIDTH = 390;

test('a borrower opens their page from the email on a phone and asks to renew; the owner accepts', async ({ page, request, browser }) => {
  const owner = await createOwnerViaApi(request);
  const shelf = await createCollectionViaApi(request, owner.token, { type: 'books', name: 'Étagère', borrowable: 0 });
  const [item] = await createItemsViaApi(request, owner.token, shelf.id, [{ values: { title: 'Le Petit Prince' } }]);
  const email = `lea-${Date.now().toString(36)}@example.test`;

  // Léa asked to borrow it (in French); the owner lent it until 1 March 2099.
  const asked = await request.post(`/api/v1/collections/${shelf.id}/items/${item!.id}/borrow`, {
    headers: { 'Content-Language': 'fr_FR' },
    data: { name: 'Léa', email },
  });
  expect(asked.status()).toBe(201);
  const loans = (await (
    await request.get(`/api/v1/collections/${shelf.id}/items/${item!.id}/loans`, { headers: bearer(owner.token) })
  ).json()) as { loans: { id: number }[] };
  const loanId = loans.loans[0]!.id;
  expect((await request.post(`/api/v1/loans/${loanId}/accept`, { headers: bearer(owner.token), data: {} })).status()).toBe(200);
  expect(
    (await request.post(`/api/v1/loans/${loanId}/lend`, { headers: bearer(owner.token), data: { dueOn: '2099-03-01' } })).status(),
  ).toBe(200);

  // The loan email carries the link to her page.
  await expect.poll(async () => (await capturedEmails(email)).filter((m) => /\/borrower\/[\w-]+/.test(m.text)).length).toBeGreaterThan(0);
  const mails = await capturedEmails(email);
  const link = new URL(
    mails
      .map((m) => m.text)
      .reverse()
      .find((t) => /\/borrower\/[\w-]+/.test(t))!
      .match(/http:\/\/127\.0\.0\.1:\d+\/borrower\/[\w-]+/)![0],
  );

  const phoneContext = await browser.newContext({ viewport: { width: WIDTH, height: 844 }, isMobile: true, hasTouch: true });
  const phone = await phoneContext.newPage();
  await useLanguage(phone, 'fr_FR');
  await phone.goto(link.pathname);
  const held = phone.getByTestId('borrower-loan');
  await expect(held).toContainText('Le Petit Prince');
  await expect(held).toContainText('À rendre au plus tard le 1 mars 2099');
  await expectNoHorizontalOverflow(phone, WIDTH);
  await held.getByRole('button', { name: 'Demander une prolongation' }).click();
  await expect(held).toContainText('Prolongation demandée jusqu’au 22 mars 2099');

  // The owner sees the renewal on the loans screen and accepts it.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInViaApi(page, owner.username, owner.password);
  await page.goto('/borrowers/loans');
  await expect(page.getByText('Asks to keep it until March 22, 2099')).toBeVisible();
  await page.getByRole('button', { name: 'Accept renewal' }).click();
  await expect(page.getByText('Asks to keep it until')).toHaveCount(0);

  await phone.reload();
  await expect(phone.getByTestId('borrower-loan')).toContainText('À rendre au plus tard le 22 mars 2099');
  await expect(phone.getByTestId('borrower-loan')).toContainText('Prolongé.');
  // The page is a main screen for borrowers: axe finds nothing on the phone.
  const axe = await new AxeBuilder({ page: phone }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // A link that was replaced no longer opens anything, and says so.
  await phone.goto('/borrower/' + 'x'.repeat(43));
  await expect(phone.getByText('Ce lien ne fonctionne plus')).toBeVisible();
  await phone.getByRole('link', { name: 'Recevoir un nouveau lien par e-mail' }).click();
  await phone.getByLabel('Adresse e-mail').fill(email);
  await phone.getByRole('button', { name: 'M’envoyer mon lien' }).click();
  await expect(phone.getByRole('status').filter({ hasText: 'Si cette adresse a des prêts ici' })).toBeVisible();
  await expect.poll(async () => (await capturedEmails(email)).map((m) => m.subject)).toContain('Votre page d’emprunteur');
  const linkForm = await new AxeBuilder({ page: phone }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(linkForm.violations.map((v) => v.id)).toEqual([]);
  await phoneContext.close();
});
