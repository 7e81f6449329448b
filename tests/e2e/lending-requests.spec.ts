// The owner's lending screens on a desktop, in English, against the real API (with requests): a borrower created by
// hand, an item lent to them with a due date, seen in the overview and on their page, a deletion that
// is refused while they hold it, the item got back; then requests (made through the API) accepted and
// declined with a message.
import { expect, test } from '../support/test';
import {
  bearer,
  createCollectionViaApi,
  createItemsViaApi,
  createOwnerViaApi,
  signInThroughUi,
  signInViaApi,
} from '../support/e2e-helpers';

test.use({ viewport: { width: 1280, height: 900 } });

test('the owner records a borrower, lends an item, follows it and gets it back; a holder cannot be deleted', async ({ page, request }) => {
  const owner = await createOwnerViaApi(request);
  const shelf = await createCollectionViaApi(request, owner.token, { type: 'books', name: 'Living room shelf' });
  const [item] = await createItemsViaApi(request, owner.token, shelf.id, [{ values: { title: 'The Little Prince' } }]);
  const email = `bob-${Date.now().toString(36)}@example.test`;

  await signInThroughUi(page, owner.username, owner.password);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Borrowers' }).click();
  await expect(page.getByText('Nothing is lent or asked for right now.')).toBeVisible();

  // A new borrower, by hand.
  await page.goto('/borrowers');
  await expect(page.getByText('No borrowers yet.')).toBeVisible();
  await page.getByRole('link', { name: 'New borrower' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New borrower' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Bob Durand');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bob Durand' })).toBeVisible();
  await page.goto('/borrowers');
  await expect(page.getByRole('list', { name: 'Borrowers' }).getByRole('link', { name: 'Bob Durand', exact: true })).toBeVisible();

  // Lend the item from its page, with a due date of our own.
  await page.goto(`/collection/${shelf.id}/item/${item!.id}`);
  await expect(page.getByTestId('availability')).toHaveText('Available');
  await expect(page.getByText('This item has never been lent or asked for.')).toBeVisible();
  await page.getByRole('link', { name: 'Lend' }).click();
  await expect(page).toHaveURL(new RegExp(`/collection/${shelf.id}/item/${item!.id}/loan/new$`));
  await expect(page.getByLabel('Borrower')).toHaveValue(/\d+/);
  await page.getByLabel('Lent on').fill('2026-01-10');
  await page.getByLabel('Due back on').fill('2099-02-14');
  await page.getByRole('button', { name: 'Lend' }).click();
  await expect(page).toHaveURL(new RegExp(`/collection/${shelf.id}/item/${item!.id}$`));
  const itemLoans = page.getByRole('list', { name: 'Loans' });
  await expect(itemLoans.getByRole('link', { name: 'Bob Durand', exact: true })).toBeVisible();
  await expect(itemLoans.getByText(/Due back/)).toContainText('2099');
  await expect(page.getByTestId('availability')).toHaveText(/On loan/);

  // The overview lists it as lent; the borrower's page as held now.
  await page.goto('/borrowers/loans');
  const lent = page.getByRole('list', { name: 'Lent (1)' });
  await expect(lent.getByRole('link', { name: 'The Little Prince', exact: true })).toBeVisible();
  await lent.getByRole('link', { name: 'Bob Durand', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bob Durand' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Holds now' }).getByRole('link', { name: 'The Little Prince', exact: true })).toBeVisible();

  // Deleting them is refused while they hold it.
  await page.getByRole('link', { name: 'Delete' }).click();
  await expect(page.getByRole('alert')).toContainText('Bob Durand still holds an item you lent.');
  await expect(page.getByRole('button', { name: 'Delete' })).toBeDisabled();

  // Get it back from the borrower's page.
  await page.getByRole('link', { name: 'Cancel' }).click();
  await page.getByRole('list', { name: 'Holds now' }).getByRole('button', { name: 'Get back' }).click();
  await expect(page.getByRole('list', { name: 'History' }).getByText('Returned', { exact: true })).toBeVisible();
  await page.goto(`/collection/${shelf.id}/item/${item!.id}`);
  await expect(page.getByTestId('availability')).toHaveText('Available');

  // Now the borrower can go, with their history.
  await page.goto('/borrowers');
  await page.getByRole('link', { name: 'Bob Durand', exact: true }).click();
  await page.getByRole('link', { name: 'Delete' }).click();
  await expect(page.getByText('Their 1 past loan or request is deleted with them.')).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/borrowers$/);
  await expect(page.getByText('No borrowers yet.')).toBeVisible();
});

test('the owner accepts one request and declines another with a message', async ({ page, request }) => {
  const owner = await createOwnerViaApi(request);
  const shelf = await createCollectionViaApi(request, owner.token, { type: 'books', name: 'Comics', borrowable: 0 });
  const [item] = await createItemsViaApi(request, owner.token, shelf.id, [{ values: { title: 'Tintin in Tibet' } }]);
  const stamp = Date.now().toString(36);
  for (const [name, message] of [
    ['Chloé', 'For the holidays'],
    ['Denis', 'For my class'],
  ] as const) {
    const asked = await request.post(`/api/v1/collections/${shelf.id}/items/${item!.id}/borrow`, {
      data: {
        name,
        email: `${name === 'Chloé' ? 'chloe' : 'denis'}-${stamp}@example.test`,
        message,
        wantedFrom: '2099-07-01',
        wantedUntil: '2099-07-20',
      },
    });
    expect(asked.status(), await asked.text()).toBe(201);
  }

  await signInViaApi(page, owner.username, owner.password);
  await page.goto('/borrowers/loans');
  const requests = page.getByRole('list', { name: 'Requests (2)' });
  const chloe = requests.getByRole('listitem').filter({ hasText: 'For the holidays' });
  await expect(chloe).toContainText('Wanted from');
  await chloe.getByRole('button', { name: 'Accept' }).click();
  await expect(chloe.getByRole('button', { name: 'Lend' })).toBeVisible();

  // Denis's request meets Chloé's accepted dates: the loan's screen says so, then declines with a message.
  const denis = requests.getByRole('listitem').filter({ hasText: 'For my class' });
  await denis.getByRole('link', { name: 'Decline' }).click();
  await expect(page.getByRole('note')).toContainText('Chloé (Accepted)');
  await page.getByLabel('Message to the requester (optional)').fill('It is promised for July, sorry.');
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByTestId('loan-state')).toHaveText('Declined');

  const loans = (await (
    await request.get(`/api/v1/collections/${shelf.id}/items/${item!.id}/loans`, { headers: bearer(owner.token) })
  ).json()) as {
    loans: { state: string; response: string | null; borrower: { name: string } }[];
  };
  expect(loans.loans.find((l) => l.borrower.name === 'Denis')).toMatchObject({
    state: 'rejected',
    response: 'It is promised for July, sorry.',
  });
  expect(loans.loans.find((l) => l.borrower.name === 'Chloé')).toMatchObject({ state: 'accepted' });

  await page.goto('/borrowers/loans');
  await expect(page.getByRole('list', { name: 'Requests (1)' }).getByText('For the holidays')).toBeVisible();
});
