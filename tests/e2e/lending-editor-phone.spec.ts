// An editor of a shared collection lends from a 390×844 phone, in French: from the item's page, the loan
// form lists the owner's borrowers of that collection (GET /collections/{id}/borrowers, not the owner's
// whole address book), the editor picks one, and the loan shows on the item. Axe checks the form.
// Everything (owner, editor, collection, borrowers, a past loan) is made through the API.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import {
  bearer,
  createCollectionViaApi,
  createItemsViaApi,
  createOwnerViaApi,
  createUserViaApi,
  expectNoHorizontalOverflow,
  signInThroughUi,
  useLanguage,
} from '../support/e2e-helpers';

const WIDTH = 390;
test.use({ viewport: { width: WIDTH, height: 844 }, isMobile: true, hasTouch: true });

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test('sur un téléphone, un éditeur prête un livre partagé à un emprunteur du propriétaire choisi dans la liste', async ({
  page,
  request,
}) => {
  const owner = await createOwnerViaApi(request);
  const editor = await createUserViaApi(request);
  const shelf = await createCollectionViaApi(request, owner.token, { type: 'books', name: 'Bibliothèque du club', visibility: 2 });
  const [item, earlier] = await createItemsViaApi(request, owner.token, shelf.id, [
    { values: { title: 'Vol de nuit' } },
    { values: { title: 'Terre des hommes' } },
  ]);
  const shared = await request.post(`/api/v1/collections/${shelf.id}/members`, {
    headers: bearer(owner.token),
    data: { login: editor.username, role: 'editor' },
  });
  expect(shared.status(), await shared.text()).toBe(201);
  // Two of the owner's borrowers: Marie once borrowed a book of this collection, Paul never did, so the
  // editor's list holds Marie only.
  const stamp = Date.now().toString(36);
  const addBorrower = async (name: string) => {
    const res = await request.post('/api/v1/borrowers', {
      headers: bearer(owner.token),
      data: { name, email: `${name.toLowerCase().replace(/\W/g, '')}-${stamp}@example.test` },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: number };
  };
  const marie = await addBorrower('Marie Curie');
  await addBorrower('Paul Langevin');
  const lent = await request.post(`/api/v1/collections/${shelf.id}/items/${earlier!.id}/loans`, {
    headers: bearer(owner.token),
    data: { borrowerId: marie.id },
  });
  expect(lent.status(), await lent.text()).toBe(201);
  const returned = await request.post(`/api/v1/loans/${((await lent.json()) as { id: number }).id}/return`, {
    headers: bearer(owner.token),
    data: {},
  });
  expect(returned.status(), await returned.text()).toBe(200);

  await useLanguage(page, 'fr_FR');
  await signInThroughUi(page, editor.username, editor.password);
  // Straight to the item by its address, as from a link.
  await page.goto(`/collection/${shelf.id}/item/${item!.id}`);
  await expect(page.getByRole('heading', { name: 'Vol de nuit' })).toBeVisible();
  await page.getByRole('link', { name: 'Prêter' }).click();
  await expect(page).toHaveURL(/\/loan\/new$/);
  const borrower = page.getByLabel('Emprunteur');
  await expect(borrower.getByRole('option', { name: 'Marie Curie' })).toBeAttached();
  await expect(borrower.getByRole('option', { name: 'Paul Langevin' })).toHaveCount(0);
  await borrower.selectOption(String(marie.id));
  await expect(page.getByLabel('Son nom')).toHaveCount(0);
  await page.getByLabel('À rendre le').fill('2099-03-01');
  await expectNoHorizontalOverflow(page, WIDTH);
  await expectNoAxeViolations(page);
  const lend = page.getByRole('button', { name: 'Prêter' });
  expect((await lend.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await lend.click();

  // Back on the item, the loan is listed, kept under the owner's name for Marie.
  const itemLoans = page.getByRole('list', { name: 'Prêts' });
  await expect(itemLoans.getByText('Marie Curie', { exact: true })).toBeVisible();
  await expectNoHorizontalOverflow(page, WIDTH);
  await expectNoAxeViolations(page);
  const loans = await request.get(`/api/v1/collections/${shelf.id}/items/${item!.id}/loans`, { headers: bearer(owner.token) });
  const [loan] = ((await loans.json()) as { loans: { state: string; dueOn: string | null; borrower: { id: number } }[] }).loans;
  expect(loan).toMatchObject({ state: 'lent', dueOn: '2099-03-01', borrower: { id: marie.id } });
});
