// The collections home: cards, "Show only my collections", and New collection for visitors and users.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeCollection } from '../catalogue-fixtures';
import { apiInfo, json, mockFetch, renderRoute, signIn } from '../helpers';

const mineAndOthers = [
  makeCollection({ id: 3, name: 'My books', itemCount: 1234, image: 'media://collections/3/cover.png', pendingRequests: 2, visibility: 3 }),
  makeCollection({ id: 4, name: 'Vinyls of Bob', type: 'vinyls', isOwner: false, ownerName: 'bob', itemCount: 1 }),
  makeCollection({
    id: 5,
    name: 'Comics',
    type: 'comics',
    covers: ['media://collections/5/a.png', 'media://collections/5/b.png', 'media://collections/5/c.png'],
  }),
];

function setup({ demo = false } = {}) {
  return mockFetch((call) => {
    if (call.url === '/api/v1/collections') return json({ collections: mineAndOthers });
    if (call.url === '/api/v1/collections?mine=true') return json({ collections: mineAndOthers.slice(0, 1) });
    return json(apiInfo(demo));
  });
}

describe('home', () => {
  it('lists the collections shared with the caller under their own heading', async () => {
    const shared = makeCollection({ id: 8, name: 'Family shelf', isOwner: false, role: 'editor', ownerName: 'carol' });
    mockFetch((call) => {
      if (call.url === '/api/v1/collections') return json({ collections: [...mineAndOthers, shared] });
      return json(apiInfo(false));
    });
    signIn('dave', { id: 9 });
    renderRoute('/');
    const section = (await screen.findByRole('heading', { name: 'Shared with me' })).closest('section') as HTMLElement;
    expect(within(section).getByRole('link', { name: 'Family shelf' })).toHaveAttribute('href', '/collection/8');
    expect(within(section).queryByRole('link', { name: 'My books' })).toBeNull();
    expect(within(section).queryByRole('link', { name: 'Vinyls of Bob' })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Family shelf' })).toHaveLength(1);
  });

  it('lists collections as cards with picture, count and type', async () => {
    setup();
    renderRoute('/');
    const link = await screen.findByRole('link', { name: 'My books' });
    expect(link).toHaveAttribute('href', '/collection/3');
    const card = link.closest('li') as HTMLElement;
    expect(within(card).getByText('1,234 items')).toBeInTheDocument();
    expect(within(card).getByText('Books')).toBeInTheDocument();
    // Cards load the thumbnail made at upload.
    expect(card.querySelector('img')).toHaveAttribute('src', '/media/collections/3/cover.png?size=thumb');
    expect(card.querySelector('img')).toHaveAttribute(
      'srcset',
      '/media/collections/3/cover.png?size=small 128w, /media/collections/3/cover.png?size=thumb 320w',
    );
    expect(card.querySelector('img')).toHaveAttribute('loading', 'lazy');
    // Who may see it, and the requests waiting for the owner.
    expect(within(card).getByText('Private')).toBeInTheDocument();
    expect(within(card).getByText('2 requests to answer')).toBeInTheDocument();
    const other = screen.getByRole('link', { name: 'Vinyls of Bob' }).closest('li') as HTMLElement;
    expect(within(other).getByText('vinyls')).toBeInTheDocument();
    expect(within(other).queryByText('Private')).toBeNull();
    expect(within(other).queryByText(/requests? to answer/)).toBeNull();
    expect(within(other).getByText('1 item')).toBeInTheDocument();
    expect(within(other).getByText('by bob')).toBeInTheDocument();
  });

  it('shows the picture, else a mosaic of the first covers, else the type’s icon on a colour', async () => {
    setup();
    renderRoute('/');
    const pictured = (await screen.findByRole('link', { name: 'My books' })).closest('li') as HTMLElement;
    expect(within(pictured).queryByTestId('collection-mosaic')).toBeNull();
    const mosaic = within(screen.getByRole('link', { name: 'Comics' }).closest('li') as HTMLElement).getByTestId('collection-mosaic');
    expect(Array.from(mosaic.querySelectorAll('img')).map((img) => img.getAttribute('src'))).toEqual([
      '/media/collections/5/a.png?size=thumb',
      '/media/collections/5/b.png?size=thumb',
      '/media/collections/5/c.png?size=thumb',
    ]);
    expect(mosaic).toHaveClass('collection-mosaic--3');
    const bare = within(screen.getByRole('link', { name: 'Vinyls of Bob' }).closest('li') as HTMLElement).getByTestId(
      'collection-placeholder',
    );
    expect(bare.querySelector('svg')).not.toBeNull();
    expect(bare.className).toMatch(/\bplaceholder-colour-\d\b/);
    // Decorative: the card's link names the collection.
    expect(bare.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('asks for mine=true when "Show only my collections" is ticked', async () => {
    signIn('alice');
    const { calls } = setup();
    const { router } = renderRoute('/');
    await screen.findByRole('link', { name: 'Vinyls of Bob' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show only my collections' }));
    await waitFor(() => expect(router.state.location.search).toBe('?mine=true'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Vinyls of Bob' })).not.toBeInTheDocument());
    expect(calls.map((call) => call.url)).toContain('/api/v1/collections?mine=true');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show only my collections' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('reads the option from the URL', async () => {
    signIn('alice');
    const { calls } = setup();
    renderRoute('/?mine=true');
    expect(await screen.findByRole('checkbox', { name: 'Show only my collections' })).toBeChecked();
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/v1/collections?mine=true'));
    expect(calls.map((call) => call.url)).not.toContain('/api/v1/collections');
  });

  it('sends an anonymous visitor who wants a new collection to sign in, and back afterwards', async () => {
    setup();
    const { router } = renderRoute('/');
    await screen.findByRole('link', { name: 'My books' });
    expect(screen.queryByRole('checkbox', { name: 'Show only my collections' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'New collection' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/collection/new' });
  });

  it('sends a signed-in user to the new collection form', async () => {
    signIn('alice');
    setup();
    renderRoute('/');
    expect(await screen.findByRole('link', { name: 'New collection' })).toHaveAttribute('href', '/collection/new');
  });

  it('keeps the demo credentials and disables New collection in demo mode', async () => {
    signIn('demo', { readOnly: true });
    setup({ demo: true });
    renderRoute('/');
    expect(await screen.findByRole('complementary', { name: 'Demo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New collection' })).toBeDisabled();
  });

  it('has a friendly empty state', async () => {
    mockFetch((call) => (call.url === '/api/v1/collections' ? json({ collections: [] }) : json(apiInfo())));
    renderRoute('/');
    expect(await screen.findByText('There are no public collections yet. Sign in to create the first one.')).toBeInTheDocument();
  });
});

describe('new collection', () => {
  it('sends a visitor to sign in', async () => {
    setup();
    const { router } = renderRoute('/collection/new');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('creates a custom-type collection with tags, then opens it', async () => {
    signIn('alice');
    const { calls } = mockFetch((call) => {
      if (call.method === 'POST' && call.url === '/api/v1/collections') {
        return json(makeCollection({ id: 8, name: 'Vinyls', type: 'vinyls' }), { status: 201 });
      }
      if (call.url === '/api/v1/collections/8') return json(makeCollection({ id: 8, name: 'Vinyls', type: 'vinyls' }));
      if (call.url.startsWith('/api/v1/collections/8/'))
        return json({ properties: [], filters: [], added: [], edited: [], items: [], total: 0, page: 1, perPage: 50 });
      return json(apiInfo());
    });
    const { router } = renderRoute('/collection/new');
    const user = userEvent.setup();
    expect(
      within(await screen.findByLabelText('Type'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Books', 'Comics', 'Movies', 'Board games', 'Other']);
    await user.selectOptions(screen.getByLabelText('Type'), 'Other');
    await user.type(screen.getByLabelText('Custom type'), 'vinyls');
    await user.type(screen.getByLabelText('Name'), 'Vinyls');
    await user.type(screen.getByLabelText('Tags'), 'jazz, rock , ,jazz');
    await user.selectOptions(screen.getByLabelText('Visibility'), 'Logged in');
    await user.selectOptions(screen.getByLabelText('Who can borrow'), 'Nobody');
    expect(screen.getByLabelText('Loan period (days)')).toHaveValue(21);
    await user.clear(screen.getByLabelText('Remind borrowers (days before)'));
    await user.type(screen.getByLabelText('Remind borrowers (days before)'), '5');
    await user.click(screen.getByRole('button', { name: 'Create the collection' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/collection/8'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      type: 'vinyls',
      name: 'Vinyls',
      description: null,
      tags: ['jazz', 'rock'],
      visibility: 1,
      borrowable: 4,
      loanPeriodDays: 21,
      reminderDays: 5,
      offerDays: 3,
    });
  });
});
