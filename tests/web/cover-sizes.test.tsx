// Pictures are loaded at the size they are shown: lists take thumbnails, the item page's cover offers
// both sizes to the browser and is fetched first.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogueApi, itemPage, makeItem, makeProperty, makeSummary } from './catalogue-fixtures';
import { mockFetch, renderRoute } from './helpers';

const properties = [
  makeProperty({ key: 'title', label: 'Title', type: 'text', isTitle: true }),
  makeProperty({ key: 'scan', label: 'Scan', type: 'image', inSummary: true }),
];
const cover = 'media://collections/3/cover.jpg';

describe('cover sizes', () => {
  it('gives the item page cover its thumbnail and original, fetched first', async () => {
    mockFetch(catalogueApi({ properties, item: makeItem({ id: 9, title: 'Dune', cover, values: { title: 'Dune' } }) }));
    renderRoute('/collection/3/item/9');
    await screen.findByRole('heading', { level: 1, name: 'Dune' });
    const img = document.querySelector('.item-head__cover img');
    expect(img).toHaveAttribute('src', '/media/collections/3/cover.jpg');
    expect(img).toHaveAttribute('srcset', '/media/collections/3/cover.jpg?size=thumb 320w, /media/collections/3/cover.jpg 1200w');
    expect(img).toHaveAttribute('sizes', '(min-width: 48rem) 18rem, 7rem');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).toHaveAttribute('loading', 'eager');
  });

  it('loads thumbnails, lazily, for the covers and pictures of a list', async () => {
    mockFetch(
      catalogueApi({
        properties,
        items: () => itemPage([makeSummary(1, 'Dune', { cover, summary: { scan: 'media://collections/3/scan.png' } })]),
      }),
    );
    renderRoute('/collection/3');
    await screen.findByRole('link', { name: 'Dune' });
    await waitFor(() => expect(document.querySelector('.item-card__cover img')).not.toBeNull());
    const coverImg = document.querySelector('.item-card__cover img');
    expect(coverImg).toHaveAttribute('src', '/media/collections/3/cover.jpg?size=thumb');
    expect(coverImg).toHaveAttribute('loading', 'lazy');
    const scan = screen.getByRole('img', { name: 'Scan' });
    expect(scan).toHaveAttribute('src', '/media/collections/3/scan.png?size=thumb');
    expect(scan).toHaveAttribute('loading', 'lazy');
  });
});
