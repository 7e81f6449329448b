// The design system on a 390×844 touch screen: stars set by a tap on a half, and manage and item form
// screens that stay inside the screen with an 80-character unbroken label.
import { expect, test } from '../support/test';
import {
  addPropertyViaApi,
  createCollectionViaApi,
  createOwnerViaApi,
  expectNoHorizontalOverflow,
  signInViaApi,
  useLanguage,
} from '../support/e2e-helpers';

const LONG_LABEL = 'A'.repeat(80);

test.beforeEach(async ({ page }) => useLanguage(page, 'en_US'));

test('on a phone, a tap on half a star rates a half, and long labels stay on screen', async ({ page, request }) => {
  const owner = await createOwnerViaApi(request);
  const collection = await createCollectionViaApi(request, owner.token, { type: 'gadgets', name: LONG_LABEL });
  await addPropertyViaApi(request, owner.token, collection.id, { label: 'Name', type: 'text', isTitle: true, required: true });
  await addPropertyViaApi(request, owner.token, collection.id, { label: LONG_LABEL, type: 'text', multiple: true });
  await addPropertyViaApi(request, owner.token, collection.id, { label: 'Score', type: 'rating' });
  await addPropertyViaApi(request, owner.token, collection.id, { label: 'Manual', type: 'file' });
  await signInViaApi(page, owner.username, owner.password);

  await page.goto(`/collection/${collection.id}/manage`);
  await expect(page.getByRole('rowheader', { name: LONG_LABEL })).toBeVisible();
  await expect(page.getByRole('button', { name: `Drag to reorder ${LONG_LABEL}` })).toBeVisible();
  await expectNoHorizontalOverflow(page, 390);

  await page.goto(`/collection/${collection.id}/item/new`);
  const stars = page.getByRole('slider', { name: 'Score' });
  const second = stars.locator('.rating-input__star').nth(1);
  await second.scrollIntoViewIfNeeded();
  const box = (await second.boundingBox())!;
  await second.tap({ position: { x: box.width * 0.2, y: box.height / 2 } });
  await expect(stars).toHaveAttribute('aria-valuetext', '1.5 out of 5');
  await second.tap({ position: { x: box.width * 0.8, y: box.height / 2 } });
  await expect(stars).toHaveAttribute('aria-valuetext', '2 out of 5');
  await page.getByRole('button', { name: 'Clear Score' }).tap();
  await expect(stars).toHaveAttribute('aria-valuetext', 'Not rated');

  await page.getByLabel('Manual', { exact: true }).setInputFiles({
    name: `${'manual'.repeat(14)}.txt`,
    mimeType: 'text/plain',
    buffer: Buffer.from('Turn the knob.\n'),
  });
  await expect(page.getByText('Your file has been uploaded')).toBeVisible();
  await expect(page.getByText('15 bytes')).toBeVisible();
  await expectNoHorizontalOverflow(page, 390);
});
