// A shelf for the item page's browser tests: books (from the template) sorted by year, the first with a
// cover, a second picture, a long summary and a rating; lent to anyone, so visitors may ask to borrow.
import { expect, type APIRequestContext } from '@playwright/test';
import { addPropertyViaApi, bearer, createCollectionViaApi, createItemsViaApi, createOwnerViaApi } from './e2e-helpers';

import { TINY_PNG } from './tiny-png';

/** Long enough to be folded: its last sentence is hidden until the text is unfolded. */
export const LONG_SUMMARY = [
  'Genly Ai comes alone to the planet Gethen to invite its nations into an alliance of worlds.',
  'The winter there never ends, and its people are neither men nor women but both, in turn.',
  'At the court of Karhide, the prime minister Estraven seems to help him, then falls from grace.',
  'Ai goes on to Orgoreyn, where the welcome is warmer and the politics colder still.',
  'Sent to a labour farm, he is rescued by the one man he never trusted.',
  'Together they cross the great ice sheet on foot, pulling a sledge for eighty days.',
  'On the way, each learns what the other is, and what friendship asks of them both.',
  'The last sentence only shows once the summary is unfolded.',
].join('\n');

/** Uploads a tiny picture into a collection; resolves to its `media://` value. */
export async function uploadPicture(request: APIRequestContext, token: string, collectionId: number, name: string): Promise<string> {
  const res = await request.post(`/api/v1/collections/${collectionId}/media`, {
    headers: bearer(token),
    multipart: { file: { name, mimeType: 'image/png', buffer: TINY_PNG } },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { value: string }).value;
}

/** `count` books, years 2001 onwards in creation order; the first is the showcase. */
export async function seedItemPageShelf(request: APIRequestContext, count = 3) {
  const owner = await createOwnerViaApi(request);
  const shelf = await createCollectionViaApi(request, owner.token, { type: 'books', name: 'Hainish shelf', visibility: 0, borrowable: 0 });
  const back = await addPropertyViaApi(request, owner.token, shelf.id, { label: 'Back cover', type: 'image' });
  const cover = await uploadPicture(request, owner.token, shelf.id, 'cover.png');
  const backCover = await uploadPicture(request, owner.token, shelf.id, 'back.png');
  const bodies = Array.from({ length: count }, (_, index) =>
    index === 0
      ? {
          values: {
            title: 'The Left Hand of Darkness',
            subtitle: 'A Hainish novel',
            authors: ['Ursula K. Le Guin'],
            year: 2001,
            rating: 4.5,
            summary: LONG_SUMMARY,
            publisher: 'Ace Books',
            cover,
            [back.key]: backCover,
          },
        }
      : { values: { title: `Book ${String(index + 1).padStart(2, '0')}`, authors: ['Someone Else'], year: 2001 + index } },
  );
  const items = await createItemsViaApi(request, owner.token, shelf.id, bodies);
  return { owner, shelf, items };
}
