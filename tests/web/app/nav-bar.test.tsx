import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@shared/constants';
import { NavBar } from '@web/app/nav-bar';
import { apiInfo, json, mockFetch, renderWithApp, signIn } from '../helpers';

function renderNav(route = '/', demo = false, loansEnabled = true) {
  const fetch = mockFetch((call) => {
    if (call.url === '/api/v1/') return json(apiInfo(demo));
    if (call.url === '/api/v1/settings') return json({ loansEnabled });
    if (call.url === '/api/v1/token' && call.method === 'DELETE') return new Response(null, { status: 204 });
    return json({ error: { code: 'NOT_FOUND', message: 'Not found', details: null } }, { status: 404 });
  });
  renderWithApp(<NavBar />, { route });
  return fetch;
}

const nav = () => screen.getByRole('navigation', { name: 'Main' });

describe('navigation for a visitor', () => {
  it('shows Collections, About and Sign in only', () => {
    renderNav();
    const links = within(nav());
    expect(links.getByRole('link', { name: 'Collections' })).toHaveAttribute('href', '/');
    expect(links.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    expect(links.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(links.getByRole('combobox', { name: 'Language' })).toBeInTheDocument();
    expect(links.queryByRole('link', { name: 'Borrowers' })).not.toBeInTheDocument();
    expect(links.queryByRole('link', { name: 'My profile' })).not.toBeInTheDocument();
    expect(links.queryByRole('link', { name: 'Configuration' })).not.toBeInTheDocument();
    expect(links.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });
});

describe('navigation for a signed-in user', () => {
  it('shows Borrowers while lending is on, leading to the lending overview, and not when it is off', async () => {
    signIn('alice');
    renderNav();
    expect(await within(nav()).findByRole('link', { name: 'Borrowers' })).toHaveAttribute('href', '/borrowers/loans');
  });

  it('hides Borrowers while lending is off', async () => {
    signIn('alice');
    const fetch = renderNav('/', false, false);
    await waitFor(() => expect(fetch.calls.some((c) => c.url === '/api/v1/settings')).toBe(true));
    expect(within(nav()).queryByRole('link', { name: 'Borrowers' })).not.toBeInTheDocument();
  });

  it('shows My profile and Sign out, but not Configuration', () => {
    signIn('alice');
    renderNav();
    const links = within(nav());
    expect(links.getByRole('link', { name: 'My profile' })).toHaveAttribute('href', '/profile/');
    expect(links.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(links.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(links.queryByRole('link', { name: 'Configuration' })).not.toBeInTheDocument();
  });

  it('shows Configuration to the built-in administrator only', () => {
    signIn('admin', { id: 1 });
    renderNav();
    expect(within(nav()).getByRole('link', { name: 'Configuration' })).toHaveAttribute('href', '/config/');
  });

  it('signs out: revokes the token, clears the session but not the language, and goes home', async () => {
    window.localStorage.setItem(STORAGE_KEYS.lang, 'en_US');
    signIn('alice');
    const { calls } = renderNav('/profile/');
    await userEvent.click(within(nav()).getByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    const revoke = calls.find((call) => call.url === '/api/v1/token');
    expect(revoke?.method).toBe('DELETE');
    expect(revoke?.headers.get('Authorization')).toBe('Bearer token-of-alice');
    for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.userId, STORAGE_KEYS.username, STORAGE_KEYS.readOnly]) {
      expect(window.localStorage.getItem(key)).toBeNull();
    }
    expect(window.localStorage.getItem(STORAGE_KEYS.lang)).toBe('en_US');
    expect(within(nav()).getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('signs out locally even when the server cannot be reached', async () => {
    signIn('alice');
    mockFetch((call) => {
      if (call.url === '/api/v1/') return json(apiInfo());
      throw new TypeError('Failed to fetch');
    });
    renderWithApp(<NavBar />, { route: '/profile/' });
    await userEvent.click(within(nav()).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull());
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});

describe('active entry', () => {
  it('marks Collections active on /', () => {
    renderNav('/');
    expect(within(nav()).getByRole('link', { name: 'Collections' })).toHaveAttribute('aria-current', 'page');
  });

  it('keeps Collections active on the catalogue’s pages', () => {
    renderNav('/collection/3/item/4/borrow');
    expect(within(nav()).getByRole('link', { name: 'Collections' })).toHaveAttribute('aria-current', 'page');
  });

  it.each([
    ['/about', 'About'],
    ['/login', 'Sign in'],
  ])('marks one entry at most as the current page: %s is %s alone', (route, name) => {
    renderNav(route);
    const current = within(nav())
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual([name]);
  });

  it('marks Configuration alone for the administrator', () => {
    signIn('admin');
    renderNav('/config/users');
    const currentOf = () =>
      within(nav())
        .getAllByRole('link')
        .filter((link) => link.getAttribute('aria-current') === 'page')
        .map((link) => link.textContent);
    expect(currentOf()).toEqual(['Configuration']);
  });

  it('marks nothing on a page that is no entry’s (a 404)', () => {
    renderNav('/no/such/page');
    expect(
      within(nav())
        .getAllByRole('link')
        .filter((link) => link.getAttribute('aria-current') === 'page'),
    ).toEqual([]);
  });

  it('does not mark Collections active under /borrowers', () => {
    signIn('alice');
    renderNav('/borrowers/12');
    const links = within(nav());
    expect(links.getByRole('link', { name: 'Collections' })).not.toHaveAttribute('aria-current');
    // The lending screens do not exist yet, so their link stays hidden even there.
    expect(links.queryByRole('link', { name: 'Borrowers' })).not.toBeInTheDocument();
  });
});

describe('demo mode', () => {
  it('shows the demo badge when the API says so', async () => {
    renderNav('/', true);
    expect(await screen.findByText('Demo')).toBeInTheDocument();
  });

  it('shows the demo badge for a read-only session', () => {
    signIn('demo', { readOnly: true });
    renderNav('/', false);
    expect(screen.getByText('Demo')).toBeInTheDocument();
  });

  it('shows no badge otherwise', async () => {
    const { calls } = renderNav('/', false);
    await waitFor(() => expect(calls.some((call) => call.url === '/api/v1/')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(screen.queryByText('Demo')).not.toBeInTheDocument();
  });
});

describe('small screens', () => {
  it('folds the links behind an accessible menu button', async () => {
    renderNav();
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveAttribute('aria-controls', nav().id);
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(nav()).toHaveClass('is-open');
    await userEvent.click(within(nav()).getByRole('link', { name: 'About' }));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the menu on Escape, giving the focus back to its button', async () => {
    renderNav();
    const button = screen.getByRole('button', { name: 'Menu' });
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('closes the menu on a tap outside it, and after a link followed by the keyboard', async () => {
    renderNav();
    const button = screen.getByRole('button', { name: 'Menu' });
    await userEvent.click(button);
    await userEvent.click(document.body);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    within(nav()).getByRole('link', { name: 'About' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/about'));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});
