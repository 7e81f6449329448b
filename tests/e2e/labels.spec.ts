// QR labels: the sheet renders for the owner from the collection's settings, each code decodes (with a
// QR decoder, from the rendered pixels) to its item's borrow address, and a selection prints only itself.
import { expect, test } from '../support/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { createCollectionViaApi, createItemsViaApi, createOwnerViaApi, signInViaApi, useLanguage } from '../support/e2e-helpers';

function decode(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

test('label sheets carry codes that decode to each item’s borrow page', async ({ page, request, baseURL }) => {
  const owner = await createOwnerViaApi(request);
  const shelf = await createCollectionViaApi(request, owner.token, { type: 'books', name: 'Labelled', borrowable: 0 });
  const items = await createItemsViaApi(request, owner.token, shelf.id, [
    { values: { title: 'Dune', isbn: '9780441013593' } },
    { values: { title: 'Emma' } },
    { values: { title: 'Kim' } },
  ]);
  await useLanguage(page, 'fr_FR');
  await signInViaApi(page, owner.username, owner.password);
  await page.goto(`/collection/${shelf.id}/manage`);
  await page.getByRole('link', { name: 'Imprimer des étiquettes QR' }).click();
  await expect(page).toHaveURL(new RegExp(`/collection/${shelf.id}/labels$`));
  const labels = page.getByTestId('qr-label');
  await expect(labels).toHaveCount(3);
  await expect(labels.filter({ hasText: 'Dune' })).toContainText('9780441013593');
  await expect(page.getByText('3 étiquettes sur 1 feuille')).toBeVisible();

  // Larger labels make the codes easy to read from a screenshot; every one decodes to its borrow page.
  await page.getByLabel('Étiquettes par feuille').selectOption('2x5');
  // The items were created side by side, so the sheet's order (by creation) is read from the titles, not assumed.
  for (const item of items) {
    const code = labels.filter({ hasText: item.title! }).locator('.qr-label__code svg');
    await expect(code).toBeVisible();
    // Read again until the sheet has taken its new layout: a screenshot taken mid-change may not decode.
    await expect.poll(async () => decode(await code.screenshot())).toBe(`${baseURL}/collection/${shelf.id}/item/${item.id}/borrow`);
  }
  // The paper sets the sheet's size (US Letter is wider and shorter than A4).
  const sheet = page.locator('.label-sheet').first();
  await page.getByLabel('Papier').selectOption('a4');
  const a4 = (await sheet.boundingBox())!;
  await page.getByLabel('Papier').selectOption('letter');
  await expect.poll(async () => (await sheet.boundingBox())!.width).toBeGreaterThan(a4.width);
  expect((await sheet.boundingBox())!.height).toBeLessThan(a4.height);

  // A selection: only the items named.
  const emma = items.find((item) => item.title === 'Emma')!;
  await page.goto(`/collection/${shelf.id}/labels?items=${emma.id}`);
  await expect(labels).toHaveCount(1);
  await expect(labels.first()).toContainText('Emma');
});
