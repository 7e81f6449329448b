// A collection from the Books template, its properties, and items through the forms: every content type
// shown as it should be, then duplicated, edited and deleted.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import {
  addPropertyViaApi,
  createCollectionViaApi,
  createOwnerViaApi,
  createUserViaApi,
  signInThroughUi,
  signInViaApi,
  stubVideoPlayers,
  useLanguage,
} from '../support/e2e-helpers';
import { TINY_PNG } from '../support/tiny-png';

const BOOK_TEMPLATE = [
  'Title',
  'Subtitle',
  'Cover',
  'Authors',
  'Series',
  'Number in series',
  'Publisher',
  'Year',
  'Pages',
  'ISBN',
  'Language',
  'Genre',
  'Format',
  'Summary',
  'Read',
  'Signed',
  'Rating',
];

test.beforeEach(async ({ page }) => useLanguage(page, 'en_US'));

/** The value shown for a property on an item's page. */
function detail(page: Page, label: string) {
  return page
    .locator('.item-body .item-values__row')
    .filter({ has: page.getByRole('term').getByText(label, { exact: true }) })
    .getByRole('definition');
}

function propertyRows(page: Page) {
  return page.getByRole('table', { name: 'Properties' }).getByRole('rowheader');
}

test('a books collection from its template: properties, a new one moved into place, and an item', async ({ page, request }) => {
  const user = await createUserViaApi(request);
  await signInThroughUi(page, user.username, user.password);
  const name = `Science fiction shelf ${user.username}`;

  await page.getByRole('link', { name: 'New collection' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New collection' })).toBeVisible();
  await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Books' });
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Description').fill('Novels from the golden age and after.');
  await page.getByLabel('Tags').fill('classics, novels , classics');
  await page.getByLabel('Visibility').selectOption({ label: 'Everyone' });
  await page.getByRole('button', { name: 'Create the collection' }).click();

  await expect(page).toHaveURL(/\/collection\/\d+$/);
  const collectionId = Number(/\/collection\/(\d+)$/.exec(page.url())?.[1]);
  await expect(page.getByRole('status').filter({ hasText: 'Operation succeeded!' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Novels from the golden age and after.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['classics', 'novels']);
  await expect(page.getByText('No items yet.')).toBeVisible();
  // Everyone: readable without signing in.
  expect((await request.get(`/api/v1/collections/${collectionId}`)).status()).toBe(200);

  // The template's properties, in their order, with their roles.
  await page.getByRole('link', { name: 'Manage' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Manage ${name}` })).toBeVisible();
  await expect(propertyRows(page)).toHaveText(BOOK_TEMPLATE);
  const isbnRow = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'ISBN', exact: true }) });
  await expect(isbnRow.getByText('reference', { exact: true })).toBeVisible();
  await expect(isbnRow.getByText('isbn', { exact: true })).toBeVisible();

  // A new property through the form: it comes last.
  await page.getByRole('link', { name: 'New property' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New property' })).toBeVisible();
  await page.getByLabel('Label', { exact: true }).fill('Shelf location');
  await expect(page.getByLabel('Property ID')).toHaveValue('shelf_location');
  await page.getByLabel('Description').fill('Room and shelf');
  await page.getByLabel('Content type').selectOption({ label: 'Text' });
  await page.getByLabel('Show in item summary').check();
  await page.getByLabel('Filterable').check();
  await page.getByLabel('Searchable').check();
  await page.getByRole('button', { name: 'Create the property' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Operation succeeded!' })).toBeVisible();
  await expect(propertyRows(page)).toHaveText([...BOOK_TEMPLATE, 'Shelf location']);
  const shelfRow = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Shelf location' }) });
  for (const badge of ['summary', 'filter', 'search']) await expect(shelfRow.getByText(badge, { exact: true })).toBeVisible();

  // Move up / Move down, then the order survives a reload.
  await page.getByRole('button', { name: 'Move Shelf location up' }).click();
  const afterUp = [...BOOK_TEMPLATE.slice(0, -1), 'Shelf location', 'Rating'];
  await expect(propertyRows(page)).toHaveText(afterUp);
  await page.getByRole('button', { name: 'Move Title down' }).click();
  const expected = ['Subtitle', 'Title', ...afterUp.slice(2)];
  await expect(propertyRows(page)).toHaveText(expected);
  await expect(page.getByRole('button', { name: 'Move Subtitle up' })).toBeDisabled();
  await page.reload();
  await expect(propertyRows(page)).toHaveText(expected);

  // An item through the form: text, a list, numbers, long text, yes/no and a rating.
  await page.getByRole('link', { name, exact: true }).click();
  await page.getByRole('link', { name: 'New item' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New item' })).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill('The Left Hand of Darkness');
  await page.getByLabel('Subtitle', { exact: true }).fill('A Hainish novel');
  await page.getByLabel('Authors 1', { exact: true }).fill('Ursula K. Le Guin');
  await page.getByRole('button', { name: 'Add a value to Authors' }).click();
  await page.getByLabel('Authors 2', { exact: true }).fill('Second Hand');
  await page.getByLabel('Year', { exact: true }).fill('1969');
  await page.getByLabel('Pages', { exact: true }).fill('304');
  await page.getByLabel('ISBN', { exact: true }).fill('978-0-441-47812-5');
  await page.getByLabel('Genre 1', { exact: true }).fill('Science fiction');
  await page.getByLabel('Summary', { exact: true }).fill('An envoy on a winter planet.\nFriendship across a divide.');
  await page.getByLabel('Read', { exact: true }).check();
  await page.getByLabel('Shelf location', { exact: true }).fill('Study, B2');
  const rating = page.getByLabel('Rating', { exact: true });
  await rating.focus();
  for (let step = 0; step < 9; step += 1) await page.keyboard.press('ArrowRight');
  await expect(rating).toHaveAttribute('aria-valuetext', '4.5 out of 5');
  await page.getByRole('button', { name: 'Create the item' }).click();

  await expect(page).toHaveURL(new RegExp(`/collection/${collectionId}/item/\\d+$`));
  await expect(page.getByRole('status').filter({ hasText: 'Operation succeeded!' })).toBeVisible();
  await expect(page).toHaveTitle('The Left Hand of Darkness - Vitrine');
  await expect(page.getByRole('heading', { level: 1, name: 'The Left Hand of Darkness' })).toBeVisible();
  await expect(page.getByText('A Hainish novel')).toBeVisible();
  await expect(detail(page, 'ISBN')).toHaveText('978-0-441-47812-5');
  // The header's line: the authors and the year (a year, not a quantity: no thousands separator), and
  // the rating; the summary follows, whole when it is short.
  await expect(page.getByTestId('item-byline')).toHaveText('Ursula K. Le Guin, Second Hand · 1969');
  await expect(page.locator('.item-head').getByRole('img', { name: '4.5 out of 5' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Summary' }).locator('.clamped-text__text')).toHaveText(
    'An envoy on a winter planet.\nFriendship across a divide.',
  );
  await expect(page.getByRole('region', { name: 'Summary' }).getByRole('button')).toHaveCount(0);
  await expect(detail(page, 'Pages')).toHaveText('304 p.');
  await expect(detail(page, 'Genre')).toHaveText('Science fiction');
  await expect(detail(page, 'Read')).toHaveText('Yes');
  await expect(detail(page, 'Signed')).toHaveText('No');
  await expect(detail(page, 'Shelf location')).toHaveText('Study, B2');
  // Properties left empty are not shown.
  await expect(page.getByRole('term').getByText('Series', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('term').getByText('Publisher', { exact: true })).toHaveCount(0);

  // The list shows it with its summary values.
  await page.getByRole('link', { name, exact: true }).click();
  const card = page.getByRole('list', { name: 'Items' }).getByRole('listitem');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('link', { name: 'The Left Hand of Darkness' })).toBeVisible();
  await expect(card).toContainText('Ursula K. Le Guin');
  await expect(card).toContainText('Study, B2');
  await expect(card).toContainText('1969');
});

test('an item with every content type: shown fittingly, duplicated, edited and deleted', async ({ page, request }) => {
  const owner = await createOwnerViaApi(request);
  const collection = await createCollectionViaApi(request, owner.token, { type: 'gadgets', name: 'Gadget drawer' });
  const properties: Record<string, unknown>[] = [
    { label: 'Name', type: 'text', isTitle: true, required: true, searchable: true },
    { label: 'Notes', type: 'longtext' },
    { label: 'Weight', type: 'number', suffix: 'g' },
    { label: 'Bought on', type: 'date' },
    { label: 'Last used', type: 'datetime' },
    { label: 'Score', type: 'rating' },
    { label: 'Working', type: 'yesno' },
    { label: 'Website', type: 'url' },
    { label: 'Colour', type: 'color' },
    { label: 'Specs', type: 'json' },
    { label: 'Photo', type: 'image' },
    { label: 'Demo video', type: 'video' },
    { label: 'Manual', type: 'file' },
  ];
  for (const property of properties) await addPropertyViaApi(request, owner.token, collection.id, property);

  await stubVideoPlayers(page);
  await signInViaApi(page, owner.username, owner.password);
  await page.goto(`/collection/${collection.id}`);
  await expect(page.getByText('gadgets', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'New item' }).click();

  await page.getByLabel('Name', { exact: true }).fill('Pocket radio');
  await page.getByLabel('Notes', { exact: true }).fill('Runs on two AA batteries.\nKeep it dry.');
  await page.getByLabel('Weight', { exact: true }).fill('250.5');
  await page.getByLabel('Bought on', { exact: true }).fill('2021-03-14');
  await page.getByLabel('Last used', { exact: true }).fill('2024-05-01T18:30');
  const score = page.getByLabel('Score', { exact: true });
  await score.focus();
  for (let step = 0; step < 7; step += 1) await page.keyboard.press('ArrowRight');
  await expect(score).toHaveAttribute('aria-valuetext', '3.5 out of 5');
  await page.getByLabel('Working', { exact: true }).check();
  await page.getByLabel('Website', { exact: true }).fill('https://example.org/radio');
  await page.getByLabel('Colour', { exact: true }).fill('#1E90FF');
  await expect(page.getByLabel('Colour: colour picker')).toHaveValue('#1e90ff');
  await page.getByLabel('Specs', { exact: true }).fill('{"bands": ["AM", "FM"], "stereo": false}');

  await page.getByLabel('Photo', { exact: true }).setInputFiles({ name: 'radio.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(page.getByRole('img', { name: 'Photo' })).toHaveAttribute('src', /^\/media\/collections\//);
  await page.getByLabel('Demo video: YouTube, Vimeo or Dailymotion address').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await page
    .getByLabel('Manual', { exact: true })
    .setInputFiles({ name: 'manual.txt', mimeType: 'text/plain', buffer: Buffer.from('Turn the knob.\n') });
  await expect(page.getByText('Your file has been uploaded')).toHaveCount(2);
  await page.getByRole('button', { name: 'Create the item' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Operation succeeded!' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Pocket radio' })).toBeVisible();
  const originalUrl = page.url();

  async function expectEveryValue() {
    await expect(page.getByRole('region', { name: 'Notes' }).locator('.clamped-text__text')).toHaveText(
      'Runs on two AA batteries.\nKeep it dry.',
    );
    await expect(detail(page, 'Weight')).toHaveText('250.5 g');
    await expect(detail(page, 'Bought on')).toHaveText('March 14, 2021');
    await expect(detail(page, 'Last used')).toHaveText(/^May 1, 2024,? (at )?6:30\sPM$/);
    await expect(page.locator('.item-head').getByRole('img', { name: '3.5 out of 5' })).toBeVisible();
    await expect(detail(page, 'Working')).toHaveText('Yes');
    const link = detail(page, 'Website').getByRole('link', { name: 'https://example.org/radio' });
    await expect(link).toHaveAttribute('href', 'https://example.org/radio');
    await expect(link).toHaveAttribute('rel', /noopener/);
    await expect(detail(page, 'Colour')).toHaveText('#1e90ff');
    await expect(detail(page, 'Colour').locator('.color-swatch')).toHaveCSS('background-color', 'rgb(30, 144, 255)');
    const specs = detail(page, 'Specs');
    await expect(specs.getByText('{2 keys}')).toBeVisible();
    await expect(specs.getByText('[2 entries]')).toBeVisible();
    await expect(specs.getByRole('listitem').filter({ hasText: /^0: "AM"$/ })).toBeVisible();
    await expect(specs.getByRole('listitem').filter({ hasText: /^stereo: false$/ })).toBeVisible();
    const photo = page.getByRole('button', { name: 'Photo: full screen' }).locator('img');
    await expect(photo).toHaveAttribute('src', new RegExp(`^/media/collections/${collection.id}/[\\w-]+\\.png\\?size=thumb(&t=.+)?$`));
    await photo.scrollIntoViewIfNeeded();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await expect(detail(page, 'Demo video').locator('iframe')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    await expect(detail(page, 'Manual').getByRole('button', { name: /^Download the file/ })).toBeVisible();
  }
  await expectEveryValue();

  // The file comes back under its own name.
  const download = page.waitForEvent('download');
  await detail(page, 'Manual')
    .getByRole('button', { name: /^Download the file/ })
    .click();
  expect((await download).suggestedFilename()).toBe('manual.txt');

  // Duplicate: the copy opens, with the same values.
  await page.getByRole('group', { name: 'Item actions' }).getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  await expect(page).not.toHaveURL(originalUrl);
  await expect(page).toHaveURL(new RegExp(`/collection/${collection.id}/item/\\d+$`));
  await expect(page.getByRole('status').filter({ hasText: 'Operation succeeded!' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Pocket radio' })).toBeVisible();
  await expectEveryValue();

  // Edit the copy.
  await page.getByRole('group', { name: 'Item actions' }).getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Pocket radio' })).toBeVisible();
  await expect(page.getByLabel('Colour', { exact: true })).toHaveValue('#1e90ff');
  await page.getByLabel('Name', { exact: true }).fill('Spare pocket radio');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Operation succeeded!' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Spare pocket radio' })).toBeVisible();
  await expect(detail(page, 'Weight')).toHaveText('250.5 g');
  const copyUrl = page.url();

  // Delete it: a confirmation first, then it is gone from the list.
  await page.getByRole('group', { name: 'Item actions' }).getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Delete Spare pocket radio?' })).toBeVisible();
  await expect(page.getByText('This cannot be undone.')).toBeVisible();
  await page.getByRole('button', { name: 'Delete this item' }).click();
  await expect(page).toHaveURL(new RegExp(`/collection/${collection.id}$`));
  await expect(page.getByRole('status').filter({ hasText: 'Operation succeeded!' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Items' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('link', { name: 'Pocket radio' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Spare pocket radio' })).toHaveCount(0);
  await page.goto(copyUrl);
  await expect(page.getByText('This page does not exists.')).toBeVisible();
});
