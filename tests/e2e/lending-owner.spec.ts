// The owner's lending on a desktop: borrowers created, searched, edited; an item lent from its page with
// a new borrower typed in and a due date; deleting a borrower who holds it is refused; getting it back
// lets them go with their history. (Configuration's Enable loans: lending-switch.spec.ts.)
import { expect, test } from '../support/test';
import { createCollectionViaApi, createItemsViaApi, createOwnerViaApi, signInThroughUi, useLanguage } from '../support/e2e-helpers';

test.beforeEach(async ({ page }) => useLanguage(page, 'en_US'));

test('the owner keeps borrowers, lends an item to a new one, and may only delete a borrower who holds nothing', async ({
  page,
  request,
}) => {
  const owner = await createOwnerViaApi(request);
  const shelf = await createCollectionViaApi(request, owner.token, { type: 'books', name: 'Study', loanPeriodDays: 14 });
  const [item] = await createItemsViaApi(request, owner.token, shelf.id, [{ values: { title: 'Middlemarch' } }]);
  await signInThroughUi(page, owner.username, owner.password);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Borrowers' }).click();
  await expect(page.getByText('Nothing is lent or asked for right now.')).toBeVisible();
  await page.getByRole('navigation', { name: 'Lending' }).getByRole('link', { name: 'Borrowers' }).click();
  await page.getByRole('link', { name: 'New borrower' }).click();
  // The form, not the list's "Search by name or email" box, which a loose label would match while the
  // next screen is still loading.
  await expect(page.getByRole('heading', { level: 1, name: 'New borrower' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Nora Keys');
  await page.getByLabel('Email address').fill('not an address');
  await page.getByRole('button', { name: 'Save' }).click();
  // Refused before sending, with the field marked and its message (focus is covered by forms.spec.ts).
  await expect(page.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Enter a valid email address, like name@example.org.')).toBeVisible();
  await page.getByLabel('Email address').fill('nora@example.test');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nora Keys' })).toBeVisible();
  await expect(page.getByText('Nothing lent to this borrower yet.')).toBeVisible();

  // Lend from the item page to someone new, typed in.
  await page.goto(`/collection/${shelf.id}/item/${item!.id}`);
  await expect(page.getByTestId('availability')).toHaveText('Available');
  await page.getByRole('link', { name: 'Lend' }).click();
  await page.getByLabel('Borrower').selectOption({ label: 'Someone new…' });
  await page.getByLabel('Their name').fill('Omar Page');
  await page.getByLabel('Their email address').fill('omar@example.test');
  // The due date proposed is the collection's loan period from today.
  const lentOn = await page.getByLabel('Lent on').inputValue();
  const expectedDue = new Date(Date.parse(`${lentOn}T00:00:00Z`) + 14 * 86_400_000).toISOString().slice(0, 10);
  await expect(page.getByLabel('Due back on')).toHaveValue(expectedDue);
  await page.getByRole('button', { name: 'Lend' }).click();
  await expect(page.getByTestId('availability')).toContainText('On loan');
  await expect(page.getByRole('list', { name: 'Loans' }).getByRole('link', { name: 'Omar Page', exact: true })).toBeVisible();

  // Omar holds it: deleting him is refused, with the reason.
  await page.getByRole('list', { name: 'Loans' }).getByRole('link', { name: 'Omar Page', exact: true }).click();
  await page.getByRole('link', { name: 'Delete' }).click();
  await expect(page.getByRole('alert')).toContainText('Omar Page still holds an item you lent');
  await expect(page.getByRole('button', { name: 'Delete' })).toBeDisabled();

  // Searching the list; getting the item back; then Omar goes, with his one loan.
  await page.goto('/borrowers');
  await page.getByRole('searchbox', { name: 'Search by name or email' }).fill('omar');
  const list = page.getByRole('list', { name: 'Borrowers' });
  await expect(list.getByRole('link')).toHaveText(['Omar Page']);
  await expect(list.getByText(/Holds 1 item/)).toBeVisible();
  await page.goto(`/collection/${shelf.id}/item/${item!.id}`);
  await page.getByRole('list', { name: 'Loans' }).getByRole('button', { name: 'Get back' }).click();
  await expect(page.getByTestId('availability')).toHaveText('Available');
  await page.getByRole('list', { name: 'Loans' }).getByRole('link', { name: 'Omar Page', exact: true }).click();
  await page.getByRole('link', { name: 'Delete' }).click();
  await expect(page.getByText('Their 1 past loan or request is deleted with them.')).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Operation succeeded!' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Borrowers' }).getByRole('link')).toHaveText(['Nora Keys']);
});
