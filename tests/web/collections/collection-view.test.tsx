// The collection view keeps its whole state in the URL, and the API query follows the URL.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FilterFacet } from '@shared/schemas/items';
import { catalogueApi, itemPage, makeCollection, makeProperty, makeSummary } from '../catalogue-fixtures';
import { mockFetch, renderRoute, signIn } from '../helpers';
import type { RecordedCall } from '../helpers';

const properties = [
  makeProperty({ key: 'title', label: 'Title', type: 'text', isTitle: true, sortable: true }),
  makeProperty({ key: 'author', label: 'Author', type: 'text', inSummary: true, filterable: true }),
  makeProperty({ key: 'year', label: 'Year', type: 'number', sortable: true, filterable: true }),
];

const facets: FilterFacet[] = [
  {
    key: 'author',
    label: 'Author',
    type: 'text',
    kind: 'values',
    values: [
      { value: 'Frank Herbert', count: 6 },
      { value: 'Ursula K. Le Guin', count: 4 },
    ],
    min: null,
    max: null,
  },
  { key: 'year', label: 'Year', type: 'number', kind: 'range', values: [], min: 1950, max: 2020 },
];

const itemCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.url.startsWith('/api/v1/collections/3/items')).map((call) => call.url);
const filterCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.url.startsWith('/api/v1/collections/3/filters')).map((call) => call.url);

/**
 * `estimate`: the total the server reports as an estimate (the items are still `total`). `cursors`: full
 * pages say where they ended (`next`), as walked pages do.
 */
function setup(options: { demo?: boolean; total?: number; estimate?: number; cursors?: boolean; placed?: boolean } = {}) {
  const total = options.total ?? 120;
  return mockFetch(
    catalogueApi({
      demo: options.demo,
      properties,
      filters: facets,
      items: (_call, url) => {
        const page = Number(url.searchParams.get('page') ?? '1');
        const perPage = url.searchParams.get('perPage') ?? '50';
        const size = perPage === 'all' ? 200 : Number(perPage);
        const first = (page - 1) * size;
        const count = Math.max(0, Math.min(size, total - first));
        const items = Array.from({ length: count }, (_, index) =>
          makeSummary(first + index + 1, `Book ${first + index + 1}`, { summary: { author: 'Frank Herbert' } }),
        );
        const reported =
          options.estimate === undefined
            ? { total }
            : { total: options.estimate, totalEstimated: true, ...(options.placed && page > 1 && { pageEstimated: true }) };
        const next = options.cursors && count === size ? { next: `ended-at-${first + count}` } : {};
        if (options.cursors && page > 1 && count > 0) Object.assign(next, { prev: `starts-at-${first + 1}` });
        return itemPage(items, { ...reported, ...next, page, perPage: perPage === 'all' ? 'all' : size });
      },
    }),
  );
}

describe('collection view: URL state', () => {
  // These read the facets: the side panel starts unfolded, as a visitor who opened it last time.
  beforeEach(() => window.localStorage.setItem('vitrine_filtersPanel', 'open'));

  it('sends the query of a shared link to the API as it is', async () => {
    const { calls } = setup();
    renderRoute('/collection/3?q=dune&sort=title&dir=asc&page=2&perPage=20&f.author=Frank+Herbert&min.year=1960&display=mosaic');
    expect(await screen.findByRole('link', { name: 'Book 21' })).toBeInTheDocument();
    expect(itemCalls(calls)).toEqual([
      '/api/v1/collections/3/items?q=dune&sort=title&dir=asc&page=2&perPage=20&f.author=Frank+Herbert&min.year=1960',
    ]);
    expect(filterCalls(calls)).toEqual(['/api/v1/collections/3/filters?q=dune&f.author=Frank+Herbert&min.year=1960']);
    // The controls show the same state.
    expect(screen.getByRole('searchbox', { name: 'Search the items' })).toHaveValue('dune');
    expect(screen.getByLabelText('Sort by')).toHaveValue('title');
    expect(screen.getByLabelText('Order')).toHaveValue('asc');
    expect(screen.getByLabelText('Items per page')).toHaveValue('20');
    // The side panel's code comes when it is shown.
    expect(await screen.findByRole('checkbox', { name: /Frank Herbert/ })).toBeChecked();
    expect(screen.getByRole('spinbutton', { name: 'Year: from' })).toHaveValue(1960);
    expect(screen.getByRole('button', { name: 'Mosaic' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('writes sort, direction, items per page and search to the URL, and queries with them', async () => {
    const { calls } = setup();
    const { router } = renderRoute('/collection/3?page=3');
    await screen.findByRole('link', { name: 'Book 101' });

    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'year' } });
    await waitFor(() => expect(router.state.location.search).toBe('?sort=year&dir=asc'));
    fireEvent.change(screen.getByLabelText('Order'), { target: { value: 'desc' } });
    await waitFor(() => expect(router.state.location.search).toBe('?sort=year&dir=desc'));
    fireEvent.change(screen.getByLabelText('Items per page'), { target: { value: '100' } });
    await waitFor(() => expect(router.state.location.search).toBe('?sort=year&dir=desc&perPage=100'));

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search the items' }), 'dune');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=year&dir=desc&perPage=100&q=dune'));

    await waitFor(() => expect(itemCalls(calls)).toContain('/api/v1/collections/3/items?sort=year&dir=desc&perPage=100&q=dune'));
    expect(itemCalls(calls)).toContain('/api/v1/collections/3/items?sort=year&dir=asc');
  });

  it('ticks filters into the URL, goes back to page 1, and Back undoes the change', async () => {
    const { calls } = setup();
    const { router } = renderRoute('/collection/3?page=2');
    await screen.findByRole('link', { name: 'Book 51' });

    await userEvent.click(screen.getByRole('checkbox', { name: /Ursula K. Le Guin/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?f.author=Ursula+K.+Le+Guin'));
    await userEvent.click(screen.getByRole('checkbox', { name: /Frank Herbert/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?f.author=Ursula+K.+Le+Guin&f.author=Frank+Herbert'));

    const from = screen.getByRole('spinbutton', { name: 'Year: from' });
    await userEvent.type(from, '1960');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(router.state.location.search).toBe('?f.author=Ursula+K.+Le+Guin&f.author=Frank+Herbert&min.year=1960'));
    await waitFor(() =>
      expect(filterCalls(calls)).toContain('/api/v1/collections/3/filters?f.author=Ursula+K.+Le+Guin&f.author=Frank+Herbert&min.year=1960'),
    );

    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.search).toBe('?f.author=Ursula+K.+Le+Guin&f.author=Frank+Herbert'));
    expect(screen.getByRole('spinbutton', { name: 'Year: from' })).toHaveValue(null);

    await userEvent.click(screen.getByRole('button', { name: 'Clear all filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('carries where a page ends or starts in its links up to two pages away, and drops it on any other change', async () => {
    const { calls } = setup({ cursors: true });
    const { router } = renderRoute('/collection/3?sort=title&dir=asc&perPage=20');
    await screen.findByRole('link', { name: 'Book 1' });
    const pages = () => screen.getByRole('navigation', { name: 'Pages' });
    await userEvent.click(within(pages()).getByRole('link', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=title&dir=asc&perPage=20&page=2&after=ended-at-20'));
    expect(await screen.findByRole('link', { name: 'Book 21' })).toBeInTheDocument();
    await userEvent.click(within(pages()).getByRole('link', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=title&dir=asc&perPage=20&page=3&after=ended-at-40'));
    expect(await screen.findByRole('link', { name: 'Book 41' })).toBeInTheDocument();
    // Two pages on starts from where this page ends; three pages on, and page 1, from the start.
    const href = (name: string) => within(pages()).getByRole('link', { name }).getAttribute('href');
    expect(href('Page 5')).toBe('/collection/3?sort=title&dir=asc&perPage=20&page=5&after=ended-at-60');
    expect(href('Page 6')).toBe('/collection/3?sort=title&dir=asc&perPage=20&page=6');
    expect(href('Page 1')).toBe('/collection/3?sort=title&dir=asc&perPage=20');
    await userEvent.click(within(pages()).getByRole('link', { name: 'Page 5' }));
    expect(await screen.findByRole('link', { name: 'Book 81' })).toBeInTheDocument();
    expect(href('Page 3')).toBe('/collection/3?sort=title&dir=asc&perPage=20&page=3&before=starts-at-81');
    await userEvent.click(within(pages()).getByRole('link', { name: 'Page 3' }));
    expect(await screen.findByRole('link', { name: 'Book 41' })).toBeInTheDocument();
    await userEvent.click(within(pages()).getByRole('link', { name: 'Previous' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=title&dir=asc&perPage=20&page=2&before=starts-at-41'));
    expect(itemCalls(calls)).toContain('/api/v1/collections/3/items?sort=title&dir=asc&perPage=20&page=2&before=starts-at-41');
    expect(within(pages()).getByRole('link', { name: 'Page 4' })).toHaveAttribute(
      'href',
      '/collection/3?sort=title&dir=asc&perPage=20&page=4&after=ended-at-40',
    );
    await userEvent.click(within(pages()).getByRole('link', { name: 'Previous' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=title&dir=asc&perPage=20'));
    await userEvent.click(within(pages()).getByRole('link', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toContain('after=ended-at-20'));
    await userEvent.click(screen.getByRole('checkbox', { name: /Frank Herbert/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=title&dir=asc&perPage=20&f.author=Frank+Herbert'));
  });

  it('pages with links that keep the rest of the state', async () => {
    const { calls } = setup();
    const { router } = renderRoute('/collection/3?sort=title&dir=asc&perPage=20');
    await screen.findByRole('link', { name: 'Book 1' });
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('link', { name: 'Page 6' })).toBeInTheDocument();
    await userEvent.click(within(pages).getByRole('link', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=title&dir=asc&perPage=20&page=2'));
    expect(await screen.findByRole('link', { name: 'Book 21' })).toBeInTheDocument();
    expect(itemCalls(calls)).toContain('/api/v1/collections/3/items?sort=title&dir=asc&perPage=20&page=2');
  });

  it('loads further pages of 200 for Unlimited', async () => {
    const { calls } = setup({ total: 450 });
    renderRoute('/collection/3?perPage=all');
    expect(await screen.findByText('200 of 450 items shown')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show more items' }));
    expect(await screen.findByText('400 of 450 items shown')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show more items' }));
    expect(await screen.findByText('450 items')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more items' })).not.toBeInTheDocument();
    expect(itemCalls(calls)).toEqual([
      '/api/v1/collections/3/items?perPage=all&page=1',
      '/api/v1/collections/3/items?perPage=all&page=2',
      '/api/v1/collections/3/items?perPage=all&page=3',
    ]);
    expect(screen.getAllByRole('listitem').filter((li) => li.classList.contains('item-card'))).toHaveLength(450);
    // Rows come in blocks the browser can skip while off screen.
    expect(document.querySelectorAll('.item-results__block')).toHaveLength(5);
  });

  it('asks each further page of Unlimited to start where the previous one ended', async () => {
    const { calls } = setup({ total: 450, cursors: true });
    renderRoute('/collection/3?perPage=all&sort=title&dir=asc');
    expect(await screen.findByText('200 of 450 items shown')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show more items' }));
    expect(await screen.findByText('400 of 450 items shown')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show more items' }));
    expect(await screen.findByText('450 items')).toBeInTheDocument();
    expect(itemCalls(calls)).toEqual([
      '/api/v1/collections/3/items?perPage=all&sort=title&dir=asc&page=1',
      '/api/v1/collections/3/items?perPage=all&sort=title&dir=asc&page=2&after=ended-at-200',
      '/api/v1/collections/3/items?perPage=all&sort=title&dir=asc&page=3&after=ended-at-400',
    ]);
  });

  it('says "about" for an estimated total and scrolls on until a page comes back empty', async () => {
    const { calls } = setup({ total: 450, estimate: 400 });
    renderRoute('/collection/3?perPage=all');
    expect(await screen.findByText('200 of about 400 items shown')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show more items' }));
    expect(await screen.findByText('400 of about 400 items shown')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show more items' }));
    expect(await screen.findByText('450 of about 450 items shown')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show more items' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show more items' })).not.toBeInTheDocument());
    expect(itemCalls(calls)).toHaveLength(4);
    expect(screen.getAllByRole('listitem').filter((li) => li.classList.contains('item-card'))).toHaveLength(450);
  });

  it('says "about" on a page whose total is estimated', async () => {
    setup({ total: 120, estimate: 33000 });
    renderRoute('/collection/3?q=story');
    expect(await screen.findByText('about 33,000 items')).toBeInTheDocument();
  });

  it('asks for the last page of an estimated count as the end of the list', async () => {
    setup({ total: 120, estimate: 1000 });
    renderRoute('/collection/3?q=story&perPage=20');
    expect(await screen.findByRole('link', { name: 'Book 1' })).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('link', { name: 'Page 50' })).toHaveAttribute(
      'href',
      '/collection/3?q=story&perPage=20&page=50&before=end',
    );
    expect(within(pages).getByRole('link', { name: 'Page 2' })).toHaveAttribute('href', '/collection/3?q=story&perPage=20&page=2');
  });

  it('shows a page placed by an estimate as "about" that page, and the others as they are', async () => {
    setup({ total: 2000, estimate: 2000, placed: true });
    renderRoute('/collection/3?q=story&perPage=20&page=40');
    expect(await screen.findByRole('link', { name: 'Book 781' })).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    const current = within(pages).getByRole('link', { name: 'About page 40: placed by an estimate' });
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(current.textContent).toBe('≈\u200940');
    expect(within(pages).getByRole('link', { name: 'Page 41' })).toHaveTextContent(/^41$/);
  });

  it('offers the next page after a full page even when the estimate says it was the last', async () => {
    setup({ total: 120, estimate: 40 });
    renderRoute('/collection/3?q=story&perPage=20&page=2');
    expect(await screen.findByRole('link', { name: 'Book 21' })).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('link', { name: 'Next' })).toHaveAttribute('href', expect.stringContaining('page=3'));
  });

  it('loads the next pages by itself while the end of the list is in view', async () => {
    // An observer that always sees the end of the list: each page that arrives leaves it in view.
    class SeeingObserver {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe(target: Element) {
        this.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], this as never);
      }
      disconnect() {}
      unobserve() {}
    }
    vi.stubGlobal('IntersectionObserver', SeeingObserver);
    const { calls } = setup({ total: 650 });
    renderRoute('/collection/3?perPage=all&display=mosaic');
    expect(await screen.findByText('650 items')).toBeInTheDocument();
    expect(itemCalls(calls)).toHaveLength(4);
    // Mosaic blocks hold 420 tiles (a multiple of every column count).
    expect(document.querySelectorAll('.item-results__block')).toHaveLength(2);
  });
});

describe('collection view: estimated filter counts', () => {
  // These read the facets: the side panel starts unfolded, as a visitor who opened it last time.
  beforeEach(() => window.localStorage.setItem('vitrine_filtersPanel', 'open'));

  it('says "about" next to counts the server estimated, and not next to exact ones', async () => {
    mockFetch(
      catalogueApi({
        properties,
        filters: [{ ...facets[0]!, values: [{ value: 'Frank Herbert', count: 1200 }], estimated: true }, facets[1]!],
        items: () => itemPage([makeSummary(1, 'Dune')]),
      }),
    );
    renderRoute('/collection/3?q=story');
    expect(await screen.findByText('(about 1,200)')).toBeInTheDocument();
    expect(screen.queryByText('(1,200)')).toBeNull();
  });
});

describe('collection view: display mode', () => {
  it('remembers the display mode in the browser and the URL', async () => {
    setup();
    const first = renderRoute('/collection/3');
    await screen.findByRole('link', { name: 'Book 1' });
    expect(screen.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Shop' }));
    await waitFor(() => expect(first.router.state.location.search).toBe('?display=shop'));
    expect(window.localStorage.getItem('vitrine_display:3')).toBe('shop');
    expect(screen.getByRole('list', { name: 'Items' })).toHaveClass('item-results--shop');
    expect(screen.getAllByText('1 copy').length).toBeGreaterThan(0);
    first.unmount();

    renderRoute('/collection/3');
    await screen.findByRole('link', { name: 'Book 1' });
    expect(screen.getByRole('button', { name: 'Shop' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('list', { name: 'Items' })).toHaveClass('item-results--shop');
  });

  it('lets a link choose the display mode over the remembered one', async () => {
    window.localStorage.setItem('vitrine_display:3', 'shop');
    setup();
    renderRoute('/collection/3?display=mosaic');
    await screen.findByRole('link', { name: 'Book 1' });
    expect(screen.getByRole('list', { name: 'Items' })).toHaveClass('item-results--mosaic');
  });

  it('remembers the display mode per collection: another collection keeps its own', async () => {
    window.localStorage.setItem('vitrine_display:4', 'shop');
    setup();
    renderRoute('/collection/3');
    await screen.findByRole('link', { name: 'Book 1' });
    expect(screen.getByRole('list', { name: 'Items' })).toHaveClass('item-results--list');
  });
});

describe('collection view: header and permissions', () => {
  it('shows the owner New item and Manage, and the collection title', async () => {
    signIn('alice');
    setup();
    renderRoute('/collection/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'My books' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New item' })).toHaveAttribute('href', '/collection/3/item/new');
    expect(screen.getByRole('link', { name: 'Manage' })).toHaveAttribute('href', '/collection/3/manage');
    await waitFor(() => expect(document.title).toBe('My books - Vitrine'));
  });

  it('folds the filters away until the Filters button unfolds them, and remembers the choice', async () => {
    setup();
    renderRoute('/collection/3?f.author=Frank+Herbert');
    await screen.findByRole('link', { name: 'Book 1' });
    expect(screen.queryByRole('complementary', { name: 'Filters' })).toBeNull();
    const button = screen.getByRole('button', { name: 'Filters, 1 active' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('checkbox', { name: /Frank Herbert/ })).toBeChecked();
    expect(window.localStorage.getItem('vitrine_filtersPanel')).toBe('open');
  });

  it('copies the public link on Share, and gives none for a private collection', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    mockFetch(catalogueApi({ collection: makeCollection({ isOwner: false }), properties }));
    const { unmount } = renderRoute('/collection/3?q=dune');
    await userEvent.click(await screen.findByRole('button', { name: 'Share' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/collection/3`);
    expect(await screen.findByText(/Link copied/)).toBeInTheDocument();
    unmount();
    writeText.mockClear();
    signIn('alice');
    mockFetch(catalogueApi({ collection: makeCollection({ visibility: 3 }), properties }));
    renderRoute('/collection/3');
    await userEvent.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByText(/This collection is private/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change who may see it' })).toHaveAttribute('href', '/collection/3/manage/edit');
    expect(writeText).not.toHaveBeenCalled();
  });

  it('hides owner actions from visitors', async () => {
    mockFetch(catalogueApi({ collection: makeCollection({ isOwner: false }), properties }));
    renderRoute('/collection/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'My books' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New item' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Manage' })).not.toBeInTheDocument();
  });

  it('disables search and New item in demo mode', async () => {
    signIn('demo', { readOnly: true });
    setup({ demo: true });
    renderRoute('/collection/3');
    await screen.findByRole('link', { name: 'Book 1' });
    expect(screen.getByRole('searchbox', { name: 'Search the items' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'New item' })).toBeDisabled();
  });

  it('does not browse a collection visible to nobody, even for its owner', async () => {
    signIn('alice');
    const { calls } = mockFetch(catalogueApi({ collection: makeCollection({ visibility: 4 }), properties }));
    renderRoute('/collection/3');
    expect(await screen.findByText(/This collection is visible to nobody/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage' })).toBeInTheDocument();
    expect(itemCalls(calls)).toEqual([]);
  });

  it('shows the not-found screen for a collection the API does not show', async () => {
    const { calls } = mockFetch(catalogueApi({ properties }));
    renderRoute('/collection/4');
    expect(await screen.findByText('This page does not exists.')).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/v1/collections/4')).toBe(true);
  });

  it('shows the not-found screen for an id that is not a number, without asking the API', async () => {
    const { calls } = mockFetch(catalogueApi({ properties }));
    renderRoute('/collection/abc');
    expect(await screen.findByText('This page does not exists.')).toBeInTheDocument();
    expect(calls.some((call) => call.url.startsWith('/api/v1/collections'))).toBe(false);
  });
});

describe('collection view: generated covers', () => {
  it('gives an item without a cover a placeholder with its title', async () => {
    setup();
    renderRoute('/collection/3');
    await screen.findByRole('link', { name: 'Book 1' });
    const card = screen.getByRole('link', { name: 'Book 1' }).closest('[role="listitem"]') as HTMLElement;
    const placeholder = card.querySelector('.cover-placeholder');
    expect(placeholder).not.toBeNull();
    expect(placeholder).toHaveTextContent('Book 1');
    expect(placeholder?.querySelector('svg')).not.toBeNull();
  });
});

describe('collection view: lending', () => {
  // These read the facets: the side panel starts unfolded, as a visitor who opened it last time.
  beforeEach(() => window.localStorage.setItem('vitrine_filtersPanel', 'open'));

  function lendingSetup(loansEnabled: boolean) {
    return mockFetch(
      catalogueApi({
        properties,
        filters: facets,
        other: (_call, url) =>
          url.pathname === '/api/v1/settings'
            ? new Response(JSON.stringify({ loansEnabled }), { headers: { 'Content-Type': 'application/json' } })
            : undefined,
        items: (_call, url) =>
          itemPage(
            [
              makeSummary(1, 'Dune', { quantity: 1, lent: 1 }),
              makeSummary(2, 'Emma', { quantity: 3, lent: 1 }),
              makeSummary(3, 'Kim', { quantity: 1, lent: 0 }),
            ].filter((item) => url.searchParams.get('availability') !== 'lent' || item.lent > 0),
          ),
      }),
    );
  }

  it('marks lent copies on cards and filters by availability through the URL and the API', async () => {
    const { calls } = lendingSetup(true);
    const { router } = renderRoute('/collection/3');
    const dune = (await screen.findByRole('link', { name: 'Dune' })).closest('[role="listitem"]') as HTMLElement;
    expect(within(dune).getByText('On loan')).toBeInTheDocument();
    expect(
      within(screen.getByRole('link', { name: 'Emma' }).closest('[role="listitem"]') as HTMLElement).getByText('1 of 3 lent'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('link', { name: 'Kim' }).closest('[role="listitem"]') as HTMLElement).queryByText(/lent|On loan/),
    ).toBeNull();
    await userEvent.click(await screen.findByRole('radio', { name: 'Lent' }));
    await waitFor(() => expect(router.state.location.search).toBe('?availability=lent'));
    await waitFor(() => expect(itemCalls(calls).at(-1)).toBe('/api/v1/collections/3/items?availability=lent'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Kim' })).toBeNull());
  });

  it('offers no availability filter while lending is off', async () => {
    const { calls } = lendingSetup(false);
    renderRoute('/collection/3');
    await screen.findByRole('link', { name: 'Dune' });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/settings')).toBe(true));
    expect(screen.queryByRole('radio', { name: 'Lent' })).toBeNull();
  });
});
