// Pictures are loaded at the size they are shown: lists offer the small thumbnail and the thumbnail, the item page's cover offers
// both sizes to the browser and is fetched first.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogueApi, itemPage, makeCollection, makeItem, makeProperty, makeSummary } from '../catalogue-fixtures';
import { mockFetch, renderRoute } from '../helpers';

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

  it('loads thumbnails for the covers and pictures of a list, lazily past the first cards', async () => {
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
    expect(coverImg).toHaveAttribute(
      'srcset',
      '/media/collections/3/cover.jpg?size=small 128w, /media/collections/3/cover.jpg?size=thumb 320w',
    );
    // The first cards are on screen when the page opens: their covers load at once.
    expect(coverImg).toHaveAttribute('loading', 'eager');
    const scan = screen.getByRole('img', { name: 'Scan' });
    expect(scan).toHaveAttribute('src', '/media/collections/3/scan.png?size=thumb');
    expect(scan).toHaveAttribute('loading', 'lazy');
  });

  it.each([
    ['list', '3rem'],
    ['mosaic', '(max-width: 36rem) 50vw, 10rem'],
    ['shop', '(max-width: 36rem) 100vw, 16rem'],
  ])('tells the browser how wide a %s cover is shown, so a phone list takes the small thumbnail', async (display, sizes) => {
    mockFetch(catalogueApi({ properties, items: () => itemPage([makeSummary(1, 'Dune', { cover })]) }));
    renderRoute(`/collection/3?display=${display}`);
    await waitFor(() => expect(document.querySelector('.item-card__cover img')).not.toBeNull());
    const coverImg = document.querySelector('.item-card__cover img');
    expect(coverImg).toHaveAttribute('sizes', sizes);
    expect(coverImg?.getAttribute('srcset')).toContain('?size=small 128w');
  });

  it.each([
    ['list', null],
    ['mosaic', 'high'],
    ['shop', 'high'],
  ])('asks first for the largest pictures a %s page opens with: its header, and large covers', async (display, priority) => {
    const items = Array.from({ length: 6 }, (_, i) => makeSummary(i + 1, `Book ${i + 1}`, { cover: `media://collections/3/c${i}.jpg` }));
    const collection = makeCollection({ covers: Array.from({ length: 6 }, (_, i) => `media://collections/3/c${i}.jpg`) });
    mockFetch(catalogueApi({ properties, collection, items: () => itemPage(items) }));
    renderRoute(`/collection/3?display=${display}`);
    await waitFor(() => expect(document.querySelectorAll('.item-card__cover img')).toHaveLength(6));
    const covers = [...document.querySelectorAll('.item-card__cover img')].map((img) => img.getAttribute('fetchpriority'));
    // A phone's first two rows of two; a list's small covers come after the header's pictures.
    expect(covers).toEqual([priority, priority, priority, priority, null, null]);
    // The band begins with the jacket's four covers, all a phone shows of it.
    const band = [...document.querySelectorAll('[data-testid="collection-banner"] img')];
    expect(band.map((img) => img.getAttribute('fetchpriority'))).toEqual(Array(6).fill('high'));
    const jacket = [...document.querySelectorAll('.collection-mosaic img')].map((img) => img.getAttribute('src'));
    expect(band.slice(0, 4).map((img) => img.getAttribute('src'))).toEqual(jacket);
  });
});
