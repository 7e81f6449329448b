// External modules on a desktop: the administrator registers a module served by the fake on 127.0.0.1
// (allow-listed for the suite), sees its card, upgrades all after the module published a new version,
// and a collection's search shows the module's hits beside the built-in catalogues'; then it is removed,
// after a confirmation.
import { expect, test } from '../support/test';
import type { ExternalModule } from '../../shared/schemas/sources';
import { jsonAnswer, setAnswers } from '../support/fake-sources';
import { E2E } from '../support/e2e-settings.mjs';
import { ADMIN, apiToken, bearer, createCollectionViaApi, createOwnerViaApi, signInThroughUi, signInViaApi } from '../support/e2e-helpers';

const FAKE = `http://127.0.0.1:${E2E.sourcesPort}`;

test('the administrator registers and upgrades an external module, and a collection searches it', async ({ browser, page, request }) => {
  const stamp = Date.now();
  const name = `Shelf Finder ${stamp}`;
  const path = `/ext-e2e/${stamp}`;
  const manifest = { protocol: 1, name, version: '1.0.0', types: ['books'], barcodes: true, description: 'Books from a test shelf' };
  await setAnswers(FAKE, `${path}/manifest`, [jsonAnswer(manifest)]);
  const token = await apiToken(request, ADMIN.username, ADMIN.password);
  try {
    await signInViaApi(page, ADMIN.username, ADMIN.password);
    await page.goto('/config/modules');
    await expect(page.getByRole('heading', { name: 'External modules' })).toBeVisible();
    await page.getByLabel('Module address').fill(`${FAKE}${path}`);
    await page.getByRole('button', { name: 'Add the module' }).click();
    await expect(page.getByText(`${name} 1.0.0 is added.`)).toBeVisible();
    const card = page.getByRole('listitem', { name });
    await expect(card).toContainText('Ready');
    await expect(card).toContainText('Version 1.0.0');
    await expect(card).toContainText('For Books, and any custom collection. Looks up ISBNs and barcodes too.');
    await expect(card).toContainText('Books from a test shelf');

    // An address that is not a module says so.
    await page.getByLabel('Module address').fill(`${FAKE}/ext-e2e/nothing-${stamp}`);
    await page.getByRole('button', { name: 'Add the module' }).click();
    await expect(page.getByText('No module manifest was found at this address, or it is not one Vitrine can read.')).toBeVisible();

    // The module publishes a new version: "Upgrade all" finds it.
    await setAnswers(FAKE, `${path}/manifest`, [jsonAnswer({ ...manifest, version: '1.1.0', types: ['books', 'comics'] })]);
    await page.getByRole('button', { name: 'Upgrade all' }).click();
    const found = page.getByRole('status').filter({ hasText: 'What the upgrade found' });
    await expect(found).toContainText(`${name}: version 1.0.0 → 1.1.0.`);
    await expect(found).toContainText(`${name}: now for Books and Comics (it was for Books).`);
    await expect(card).toContainText('Version 1.1.0');

    // A collection of books searches it after the built-in catalogues.
    const owner = await createOwnerViaApi(request);
    const c = await createCollectionViaApi(request, owner.token, { name: 'Shelf', type: 'books' });
    const words = `left hand ${stamp}`;
    await setAnswers(FAKE, `${path}/search?q=${encodeURIComponent(words)}&lang=en`, [
      jsonAnswer({
        hits: [{ id: 'lhod', title: 'The Left Hand of Darkness', fields: { authors: ['Ursula K. Le Guin'], year: ['1969'] } }],
      }),
    ]);
    const ownerContext = await browser.newContext();
    const ownerPage = await ownerContext.newPage();
    await signInThroughUi(ownerPage, owner.username, owner.password);
    await ownerPage.goto(`/collection/${c.id}/import/item`);
    await ownerPage.getByLabel('Title, author, ISBN or barcode').fill(words);
    await ownerPage.getByLabel('Title, author, ISBN or barcode').press('Enter');
    const hit = ownerPage.getByRole('listitem').filter({ hasText: 'The Left Hand of Darkness' });
    await expect(hit).toContainText('Ursula K. Le Guin');
    await expect(hit).toContainText(`From ${name}`);
    await ownerContext.close();

    // Removed after a confirmation.
    await card.getByRole('button', { name: 'Remove' }).click();
    await card.getByRole('button', { name: `Really remove ${name}` }).click();
    await expect(page.getByText(`${name} is removed. Items made from its results stay.`)).toBeVisible();
    await expect(page.getByRole('listitem', { name })).toHaveCount(0);
  } finally {
    const listed = (await (await request.get('/api/v1/config/modules', { headers: bearer(token) })).json()) as {
      external: ExternalModule[];
    };
    for (const module of listed.external.filter((m) => m.name === name)) {
      await request.delete(`/api/v1/config/modules/external/${module.number}`, { headers: bearer(token) });
    }
  }
});
