import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@shared/constants';
import { SignInForm } from '@web/features/auth/components/sign-in-form';
import { apiError, json, mockFetch, renderWithApp } from '../helpers';

async function submit(login = 'alice', password = 'correct horse') {
  await userEvent.type(screen.getByLabelText('Username or email'), login);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in form', () => {
  it("shows 'Login failed!' on 401 and stores nothing", async () => {
    mockFetch(() => apiError(401, 'LOGIN_FAILED'));
    renderWithApp(<SignInForm />, { route: '/login', path: '/login' });
    await submit('alice', 'wrong password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed!');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('stores the session keys on success and goes home', async () => {
    const { calls } = mockFetch(() => json({ token: 'issued-token', user: { id: 42, username: 'alice', readOnly: false } }));
    renderWithApp(<SignInForm />, { route: '/login', path: '/login' });
    await submit('alice', 'correct horse');

    await waitFor(() => expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('issued-token'));
    expect(window.localStorage.getItem(STORAGE_KEYS.userId)).toBe('42');
    expect(window.localStorage.getItem(STORAGE_KEYS.username)).toBe('alice');
    expect(window.localStorage.getItem(STORAGE_KEYS.readOnly)).toBe('false');
    expect(calls[0]?.url).toBe('/api/v1/token');
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.body).toEqual({ login: 'alice', password: 'correct horse' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('stores the read-only flag of a demo session', async () => {
    mockFetch(() => json({ token: 'demo-token', user: { id: 2, username: 'demo', readOnly: true } }));
    renderWithApp(<SignInForm />, { route: '/login', path: '/login' });
    await submit('demo', 'demo');
    await waitFor(() => expect(window.localStorage.getItem(STORAGE_KEYS.readOnly)).toBe('true'));
  });

  it('says how long to wait when rate limited', async () => {
    mockFetch(() => apiError(429, 'TOO_MANY_REQUESTS', null, { 'Retry-After': '300' }));
    renderWithApp(<SignInForm />, { route: '/login', path: '/login' });
    await submit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many attempts. Please retry in 5 minutes.');
    // Someone else's guesses may be the cause: the way in that does not wait is named.
    expect(alert).toHaveTextContent('Resetting your password by email (“Forgot password?” below) lets this device in at once.');
  });

  it('names the way in when rate limited, in French too', async () => {
    mockFetch(() => apiError(429, 'TOO_MANY_REQUESTS', null, { 'Retry-After': '60' }));
    renderWithApp(<SignInForm />, { route: '/login', path: '/login', locale: 'fr_FR' });
    await userEvent.type(screen.getByLabelText('Nom d’utilisateur ou e-mail'), 'alice');
    await userEvent.type(screen.getByLabelText('Mot de passe'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('« Mot de passe oublié ? » ci-dessous');
  });

  it('says that a disabled account fails too, since the server answers every failure alike', async () => {
    mockFetch(() => apiError(401, 'LOGIN_FAILED'));
    renderWithApp(<SignInForm />, { route: '/login', path: '/login' });
    await submit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Login failed!');
    expect(alert).toHaveTextContent('A disabled account cannot sign in either: ask the administrator.');
  });
});
