// A move inside the app costs one API request a screen: a public screen's answers come in one GET
// /screen, the lending overview is one GET /lending, and the app's own answers (the API's description,
// the public settings) are asked once a visit, not again by every screen.
import { expect, test } from '../support/test';
import type { Page } from '@playwright/test';
import { createCollectionViaApi, createItemsViaApi, createOwnerViaApi, signInThroughUi, useLanguage } from '../support/e2e-helpers';

/** The API requests made while `act` moves to another screen and it shows what `shown` waits for. */
async function requestsOf(page: Page, act: () => Promise<unknown>, shown: () => Promise<unknown>): Promise<string[]> {
  const api: string[] = [];
  const note = (request: { url(): string }) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) api.push(decodeURIComponent(url.pathname + url.search));
  };
  page.on('request', note);
  await act();
  await shown();
  await page.waitForLoadState('networkidle');
  page.off('request', note);
  return api;
}

for (const lang of ['en_US', 'fr_FR'] as const) {
  test(`a signed-in owner's moves inside the app are one request a screen (${lang})`, async ({ page, request }) => {
    const french = lang === 'fr_FR';
    await useLanguage(page, lang);
    const owner = await createOwnerViaApi(request);
    const shelf = await createCollectionViaApi(request, owner.token, { type: 'books', name: 'Reading room' });
    const [item] = await createItemsViaApi(request, owner.token, shelf.id, [{ values: { title: 'Middlemarch' } }]);
    await signInThroughUi(page, owner.username, owner.password);
    await page.waitForLoadState('networkidle');

    const toLending = await requestsOf(
      page,
      () =>
        page
          .getByRole('navigation', { name: french ? 'Principale' : 'Main' })
          .getByRole('link', { name: french ? 'Emprunteurs' : 'Borrowers' })
          .click(),
      () => expect(page).toHaveURL(/\/borrowers\/loans$/),
    );
    // The overview, the owner's calendar and digest choice shown on it included.
    expect(toLending).toEqual(['/api/v1/lending']);

    await page.goto(`/collection/${shelf.id}`);
    await expect(page.getByRole('link', { name: 'Middlemarch' }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const toItem = await requestsOf(
      page,
      () => page.getByRole('link', { name: 'Middlemarch' }).first().click(),
      () => expect(page.getByRole('heading', { name: 'Middlemarch' })).toBeVisible(),
    );
    // The owner's own view of the item, their media ticket included, in the same answer.
    expect(toItem).toEqual([`/api/v1/screen?path=/collection/${shelf.id}/item/${item!.id}`]);
  });
}
