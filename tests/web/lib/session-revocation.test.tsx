import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@shared/constants';
import { useCollection } from '@web/features/collections/api/get-collection';
import { useProfile } from '@web/features/profile/api/get-profile';
import { SignedOutNotice } from '@web/components/signed-out-notice';
import { markSignedOut } from '@web/lib/session';
import { apiError, json, mockFetch, renderWithApp, signIn } from '../helpers';

function ProfileProbe() {
  const { data, error } = useProfile();
  if (error) return <p>failed</p>;
  return <p>{data ? data.username : 'loading'}</p>;
}

describe('revoked session', () => {
  it('clears the session on 401 UNAUTHENTICATED while a token is stored, keeping the language', async () => {
    window.localStorage.setItem(STORAGE_KEYS.lang, 'fr_FR');
    signIn('alice');
    mockFetch(() => apiError(401, 'UNAUTHENTICATED'));
    renderWithApp(<ProfileProbe />, { route: '/profile/' });

    await waitFor(() => expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull());
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.username)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.lang)).toBe('fr_FR');
  });

  it('leaves the session alone for other errors', async () => {
    signIn('alice');
    mockFetch(() => apiError(403, 'FORBIDDEN'));
    renderWithApp(<ProfileProbe />, { route: '/profile/' });
    expect(await screen.findByText('failed')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('token-of-alice');
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/');
  });

  it('loads data normally with a valid session', async () => {
    signIn('alice');
    const { calls } = mockFetch(() =>
      json({
        id: 7,
        username: 'alice',
        email: null,
        firstName: null,
        lastName: null,
        avatar: null,
        isAdmin: false,
        enabled: true,
        builtinAdmin: false,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      }),
    );
    renderWithApp(<ProfileProbe />, { route: '/profile/' });
    expect(await screen.findByText('alice')).toBeInTheDocument();
    expect(calls[0]?.url).toBe('/api/v1/profile');
  });
});

function CollectionProbe() {
  const { data, error } = useCollection(5);
  if (error) return <p>failed</p>;
  return <p>{data ? data.name : 'loading'}</p>;
}

describe('revoked session on a public page', () => {
  it('shows the page as a visitor with a "signed out" notice instead of an error', async () => {
    markSignedOut(false);
    signIn('alice');
    const { calls } = mockFetch((call) =>
      call.headers.get('Authorization') ? apiError(401, 'UNAUTHENTICATED') : json({ id: 5, name: 'Public shelf' }),
    );
    renderWithApp(
      <>
        <SignedOutNotice />
        <CollectionProbe />
      </>,
      { route: '/collection/5' },
    );
    expect(await screen.findByText('Public shelf')).toBeInTheDocument();
    expect(screen.getByText(/^You were signed out/)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/collection/5');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(calls.filter((recorded) => recorded.url === '/api/v1/collections/5')).toHaveLength(2);
  });

  it('on a page that is not public, shows its refusal with the notice that offers to sign in again', async () => {
    markSignedOut(false);
    signIn('alice');
    mockFetch((call) => (call.headers.get('Authorization') ? apiError(401, 'UNAUTHENTICATED') : apiError(404, 'NOT_FOUND')));
    renderWithApp(
      <>
        <SignedOutNotice />
        <CollectionProbe />
      </>,
      { route: '/collection/5' },
    );
    expect(await screen.findByText('failed')).toBeInTheDocument();
    expect(screen.getByText(/^You were signed out/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in again' })).toHaveAttribute('href', '/login');
  });
});
