// The real route table: lazy screens, page titles, the not-found screen and the admin guard.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, apiInfo, json, makeUser, mockFetch, renderRoute, signIn } from '../helpers';

/** Configuration's settings as a fresh instance has them. */
const freshSettings = () => ({
  loansEnabled: true,
  instanceName: 'Vitrine',
  publicUrl: null as string | null,
  defaultLanguage: 'browser',
  invitationsEnabled: false,
});

describe('routes', () => {
  it('uses the default title on the home screen', async () => {
    mockFetch((call) => (call.url === '/api/v1/collections' ? json({ collections: [] }) : json(apiInfo())));
    renderRoute('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Collections' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Vitrine - Collection Manager'));
  });

  it('shows the demo credentials on the sign-in screen in demo mode', async () => {
    mockFetch(() => json(apiInfo(true)));
    renderRoute('/login');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(await screen.findByRole('complementary', { name: 'Demo' })).toHaveTextContent('demo');
    await waitFor(() => expect(document.title).toBe('Sign in - Vitrine'));
  });

  it('toggles the reset request form and always gives the same answer', async () => {
    const { calls } = mockFetch((call) => (call.url === '/api/v1/password-reset' ? json({ ok: true }, { status: 202 }) : json(apiInfo())));
    renderRoute('/login');
    const toggle = await screen.findByRole('button', { name: 'Forgot password?' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.type(screen.getByLabelText('Your username or email address'), 'someone');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a reset link' }));
    // A loading indicator is a status too: wait for the one that carries the answer.
    expect(
      await screen.findByText(
        'If an account matches, a reset link has been sent. If nothing arrives within a few minutes, contact the administrator.',
      ),
    ).toHaveAttribute('role', 'status');
    expect(calls.find((call) => call.url === '/api/v1/password-reset')?.body).toEqual({ login: 'someone' });
  });

  it('shows the not-found screen for an unknown path', async () => {
    mockFetch(() => json(apiInfo()));
    renderRoute('/no/such/page');
    expect(await screen.findByText('This page does not exists.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page not found - Vitrine'));
  });

  it('shows the API version and the official website on About', async () => {
    mockFetch(() => json({ ...apiInfo(), version: '9.8.7' }));
    renderRoute('/about');
    expect(await screen.findByText('9.8.7')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Official website' })).toHaveAttribute('href', 'https://vitrine.app');
  });

  it('sends a signed-out visitor from the profile to the sign-in screen', async () => {
    mockFetch(() => json(apiInfo()));
    const { router } = renderRoute('/profile/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('hides the configuration area from other users', async () => {
    signIn('alice');
    mockFetch(() => json(apiInfo()));
    renderRoute('/config/users');
    expect(await screen.findByText('This page does not exists.')).toBeInTheDocument();
  });

  it('lists users for the built-in administrator', async () => {
    signIn('admin', { id: 1 });
    mockFetch((call) => {
      if (call.url === '/api/v1/users') {
        return json({ users: [makeUser({ id: 1, username: 'admin', builtinAdmin: true, isAdmin: true }), makeUser()] });
      }
      return json(apiInfo());
    });
    renderRoute('/config/users');
    expect(await screen.findByRole('link', { name: 'Edit alice' })).toHaveAttribute('href', '/config/users/7');
    expect(screen.getByRole('link', { name: 'Delete alice' })).toHaveAttribute('href', '/config/users/7/delete');
    expect(screen.getByRole('button', { name: 'Delete admin' })).toBeDisabled();
    expect(screen.getAllByText('Mar 14, 2026')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'New user' })).toHaveAttribute('href', '/config/users/new');
  });

  it('opens Configuration on its settings, where the administrator switches lending off and on', async () => {
    signIn('admin', { id: 1 });
    let stored = freshSettings();
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/v1/config/settings' && call.method === 'PATCH') {
        stored = { ...stored, ...(call.body as typeof stored) };
        return json(stored);
      }
      if (call.url === '/api/v1/config/settings' || call.url === '/api/v1/settings') return json(stored);
      if (call.url === '/api/v1/config/keys') return json({ keys: [] });
      return json(apiInfo());
    });
    renderRoute('/config/');
    const box = await screen.findByLabelText('Enable loans');
    expect(box).toBeChecked();
    await userEvent.click(box);
    const invitations = screen.getByLabelText('Allow invitations by email');
    expect(invitations).not.toBeChecked();
    await userEvent.click(invitations);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Operation succeeded!')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { instanceName: 'Vitrine', publicUrl: null, defaultLanguage: 'browser', loansEnabled: false, invitationsEnabled: true },
    ]);
    // The navigation follows at once: no Borrowers while lending is off.
    expect(screen.queryByRole('link', { name: 'Borrowers' })).not.toBeInTheDocument();
  });

  it('renames the instance, sets its address and first language: the bar and the title follow at once', async () => {
    signIn('admin', { id: 1 });
    let stored = freshSettings();
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/v1/config/settings' && call.method === 'PATCH') {
        const body = call.body as typeof stored;
        if (body.publicUrl === 'ftp://nope')
          return apiError(400, 'VALIDATION_FAILED', {
            fields: [{ path: 'publicUrl', reason: 'invalid_format', message: 'Invalid format.' }],
          });
        stored = { ...stored, ...body };
        return json(stored);
      }
      if (call.url === '/api/v1/config/settings') return json(stored);
      if (call.url === '/api/v1/settings')
        return json({ loansEnabled: stored.loansEnabled, instanceName: stored.instanceName, defaultLanguage: stored.defaultLanguage });
      if (call.url === '/api/v1/config/keys') return json({ keys: [] });
      return json(apiInfo());
    });
    renderRoute('/config/');
    const name = await screen.findByLabelText('Name of this instance');
    await userEvent.clear(name);
    await userEvent.type(name, 'Les livres de Léa');
    await userEvent.type(screen.getByLabelText('Public address'), 'ftp://nope');
    await userEvent.selectOptions(screen.getByLabelText('Language of a first visit'), 'Français');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The address is refused, said at its field; nothing else changed.
    expect(await screen.findByText('Invalid format.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Vitrine/ })).toBeInTheDocument();
    const address = screen.getByLabelText('Public address');
    await userEvent.clear(address);
    await userEvent.type(address, 'https://livres.example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Operation succeeded!')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)[1]).toEqual({
      instanceName: 'Les livres de Léa',
      publicUrl: 'https://livres.example.org',
      defaultLanguage: 'fr_FR',
      loansEnabled: true,
      invitationsEnabled: false,
    });
    expect(await screen.findByRole('link', { name: /Les livres de Léa/ })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Settings - Les livres de Léa'));
  });

  it('adds, edits and deletes custom configuration keys, with a bad name refused at its field', async () => {
    signIn('admin', { id: 1 });
    let keys: { name: string; value: string; updatedAt: string }[] = [];
    const { calls } = mockFetch((call) => {
      const named = /^\/api\/v1\/config\/keys\/(.+)$/.exec(call.url);
      if (named && call.method === 'PUT') {
        const name = decodeURIComponent(named[1]!);
        if (name !== name.toLowerCase())
          return apiError(400, 'VALIDATION_FAILED', { fields: [{ path: 'name', reason: 'invalid_format', message: 'Invalid format.' }] });
        const key = { name, value: (call.body as { value: string }).value, updatedAt: '2026-11-24T10:00:00.000Z' };
        keys = [...keys.filter((k) => k.name !== name), key].sort((a, b) => a.name.localeCompare(b.name));
        return json(key);
      }
      if (named && call.method === 'DELETE') {
        keys = keys.filter((k) => k.name !== decodeURIComponent(named[1]!));
        return new Response(null, { status: 204 });
      }
      if (call.url === '/api/v1/config/keys') return json({ keys });
      if (call.url === '/api/v1/config/settings' || call.url === '/api/v1/settings')
        return json({ loansEnabled: true, instanceName: 'Vitrine', publicUrl: null, defaultLanguage: 'browser' });
      return json(apiInfo());
    });
    renderRoute('/config/');
    expect(await screen.findByText('No custom keys yet.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Name'), 'Timeout');
    await userEvent.type(screen.getByLabelText('Value'), '15');
    await userEvent.click(screen.getByRole('button', { name: 'Add the key' }));
    expect(await screen.findByText('Invalid format.')).toBeInTheDocument();
    const nameField = screen.getByLabelText('Name');
    await userEvent.clear(nameField);
    await userEvent.type(nameField, 'isbn.timeout');
    await userEvent.click(screen.getByRole('button', { name: 'Add the key' }));
    expect(await screen.findByText('Key isbn.timeout saved.')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: '15' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Edit isbn.timeout' }));
    expect(screen.getByLabelText('Name')).toHaveValue('isbn.timeout');
    const value = screen.getByLabelText('Value');
    await userEvent.clear(value);
    await userEvent.type(value, '20');
    await userEvent.click(screen.getByRole('button', { name: 'Save the value' }));
    expect(await screen.findByRole('cell', { name: '20' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete isbn.timeout' }));
    await userEvent.click(screen.getByRole('button', { name: 'Really delete isbn.timeout' }));
    expect(await screen.findByText('Key isbn.timeout deleted.')).toBeInTheDocument();
    expect(await screen.findByText('No custom keys yet.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`)).toEqual([
      'PUT /api/v1/config/keys/Timeout',
      'PUT /api/v1/config/keys/isbn.timeout',
      'PUT /api/v1/config/keys/isbn.timeout',
      'DELETE /api/v1/config/keys/isbn.timeout',
    ]);
  });

  it('locks username, enabled and delete on the built-in administrator record', async () => {
    signIn('admin', { id: 1 });
    mockFetch((call) => {
      if (call.url === '/api/v1/users/1') return json(makeUser({ id: 1, username: 'admin', builtinAdmin: true }));
      return json(apiInfo());
    });
    renderRoute('/config/users/1');
    expect(await screen.findByLabelText('Username')).toBeDisabled();
    expect(screen.getByLabelText('Enabled')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete this user' })).toBeDisabled();
    expect(screen.getByLabelText('First name')).toBeEnabled();
  });

  it('warns about the collections deleted with a user, then deletes and reports success', async () => {
    signIn('admin', { id: 1 });
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/v1/users/7/deletion') return json({ collectionCount: 3 });
      if (call.url === '/api/v1/users/7' && call.method === 'DELETE') return new Response(null, { status: 204 });
      if (call.url === '/api/v1/users/7') return json(makeUser());
      if (call.url === '/api/v1/users') return json({ users: [] });
      return json(apiInfo());
    });
    const { router } = renderRoute('/config/users/7/delete');
    expect(await screen.findByText("All of this user's collections (3) will be deleted too. This cannot be undone.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete this account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/config/users'));
    expect(await screen.findByText('Operation succeeded!')).toHaveAttribute('role', 'status');
    expect(calls.some((call) => call.url === '/api/v1/users/7' && call.method === 'DELETE')).toBe(true);
  });

  it('disables profile changes in demo mode', async () => {
    signIn('demo', { id: 2, readOnly: true });
    mockFetch((call) => {
      if (call.url === '/api/v1/profile') return json(makeUser({ id: 2, username: 'demo' }));
      if (call.url === '/api/v1/profile/archives') return json({ archives: [] });
      return json(apiInfo(true));
    });
    renderRoute('/profile/');
    expect(await screen.findByLabelText('Email address')).toBeDisabled();
    expect(screen.getByLabelText('Current password')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
    // The backup of one's collections shows, read-only.
    expect(await screen.findByText('No backup made yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back up my collections' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Restore these collections' })).toBeDisabled();
    expect(screen.getAllByText('Demo mode: changes are disabled').length).toBeGreaterThan(0);
  });

  it('checks the confirmation before asking the server to reset a password', async () => {
    const { calls } = mockFetch(() => json(apiInfo()));
    renderRoute('/resetpassword?token=abcdefghijklmnopqrstuvwxyz');
    await userEvent.type(await screen.findByLabelText('New password'), 'a-long-password');
    await userEvent.type(screen.getByLabelText('Confirm the new password'), 'another-password');
    await userEvent.click(screen.getByRole('button', { name: 'Change my password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords are not equals!');
    expect(calls.some((call) => call.url.startsWith('/api/v1/password-reset/confirm'))).toBe(false);
  });

  it('says an expired or used reset link no longer works, without showing the form', async () => {
    const { calls } = mockFetch((call) =>
      call.url === '/api/v1/password-reset/check' ? apiError(400, 'RESET_TOKEN_INVALID') : json(apiInfo()),
    );
    renderRoute('/resetpassword?token=abcdefghijklmnopqrstuvwxyz');
    expect(await screen.findByRole('heading', { name: 'This link no longer works' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This password reset link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/v1/password-reset/check')?.body).toEqual({ token: 'abcdefghijklmnopqrstuvwxyz' });
  });

  it('shows the server verdict on an expired reset link', async () => {
    mockFetch((call) => (call.url === '/api/v1/password-reset/confirm' ? apiError(400, 'RESET_TOKEN_INVALID') : json(apiInfo())));
    renderRoute('/resetpassword?token=abcdefghijklmnopqrstuvwxyz');
    await userEvent.type(await screen.findByLabelText('New password'), 'a-long-password');
    await userEvent.type(screen.getByLabelText('Confirm the new password'), 'a-long-password');
    await userEvent.click(screen.getByRole('button', { name: 'Change my password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link is invalid or has expired.');
  });
});
