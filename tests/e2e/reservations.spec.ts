// Reservations: on a phone, in French, an anonymous visitor picks next weekend's days and asks; the owner
// accepts on a desktop; the item page's calendar then shows those days booked, to the visitor too,
// without their name.
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

/** Next Saturday and Sunday (UTC, as the instance dates loans), never today. */
function nextWeekend() {
  const now = new Date();
  const ahead = (6 - now.getUTCDay() + 7) % 7 || 7;
  const saturday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + ahead));
  const sunday = new Date(saturday.getTime() + 86_400_000);
  return [saturday, sunday].map((d) => d.toISOString().slice(0, 10)) as [string, string];
}

test('a visitor reserves a weekend from a phone in French; accepted, the calendar shows it booked', async ({ page, request, browser }) => {
  const owner = await createOwnerViaApi(request);
  const shelf = await createCollectionViaApi(request, owner.token, { type: 'books', name: 'Jeux du club', borrowable: 0 });
  const [item] = await createItemsViaApi(request, owner.token, shelf.id, [{ values: { title: 'Carcassonne' } }]);
  const [saturday, sunday] = nextWeekend();
  const nextMonth = saturday.slice(0, 7) !== new Date().toISOString().slice(0, 7);

  const visitor = await browser.newContext({ viewport: { width: WIDTH, height: 844 }, isMobile: true, hasTouch: true });
  const phone = await visitor.newPage();
  await useLanguage(phone, 'fr_FR');
  await phone.goto(`/collection/${shelf.id}/item/${item!.id}/borrow`);
  await phone.getByLabel('Votre nom').fill('Léa');
  await phone.getByLabel('Votre adresse e-mail').fill(`lea-${Date.now().toString(36)}@example.test`);
  // A last day before the first is refused in French, on its field.
  await phone.getByLabel('Du', { exact: true }).fill(sunday);
  await phone.getByLabel('Au', { exact: true }).fill(saturday);
  await phone.getByRole('button', { name: 'Envoyer ma demande' }).click();
  await expect(phone.getByText('Le dernier jour vient après le premier.')).toBeVisible();
  await phone.getByLabel('Du', { exact: true }).fill(saturday);
  await phone.getByLabel('Au', { exact: true }).fill(sunday);
  await expectNoHorizontalOverflow(phone, WIDTH);
  await phone.getByRole('button', { name: 'Envoyer ma demande' }).click();
  await expect(phone.getByRole('status').filter({ hasText: 'demande d’emprunt' })).toBeVisible();

  // The owner, on a desktop, sees the reserved days and accepts.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInViaApi(page, owner.username, owner.password);
  await page.goto('/borrowers/loans');
  const requests = page.getByRole('list', { name: 'Requests (1)' });
  await expect(requests.getByText(/Reservation:/)).toBeVisible();
  await requests.getByRole('button', { name: 'Accept' }).click();
  await expect(requests.getByRole('button', { name: 'Lend' })).toBeVisible();

  // The owner's item page: the days booked, and by whom.
  await page.goto(`/collection/${shelf.id}/item/${item!.id}`);
  const mine = page.getByRole('region', { name: 'Availability' });
  if (nextMonth) await mine.getByRole('button', { name: 'Next month' }).click();
  await expect(mine.locator(`[data-day="${saturday}"]`)).toHaveAttribute('data-booked', 'true');
  await expect(mine.getByText(/Léa \(Accepted\)/)).toBeVisible();

  // The visitor's item page: the same days booked, no name.
  await phone.goto(`/collection/${shelf.id}/item/${item!.id}`);
  const calendar = phone.getByRole('region', { name: 'Disponibilité' });
  if (nextMonth) await calendar.getByRole('button', { name: 'Mois suivant' }).click();
  await expect(calendar.locator(`[data-day="${saturday}"]`)).toHaveAttribute('data-booked', 'true');
  if (sunday.slice(0, 7) === saturday.slice(0, 7))
    await expect(calendar.locator(`[data-day="${sunday}"]`)).toHaveAttribute('data-booked', 'true');
  await expect(phone.getByText('Léa')).toHaveCount(0);
  await expectNoHorizontalOverflow(phone, WIDTH);
  await visitor.close();
});
