// Without network the app says so: a banner on every screen, the offline screen instead of the error
// screen when a page's data cannot come, and "you are offline" in messages of failed requests.
import { act, screen } from '@testing-library/react';
import { createIntl } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '@web/i18n/en.json';
import { ApiError } from '@web/lib/api-client';
import { describeError } from '@web/lib/error-messages';
import { apiInfo, json, mockFetch, renderRoute, signIn } from '../helpers';

function goOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  window.dispatchEvent(new Event('offline'));
}

function comeBackOnline() {
  vi.restoreAllMocks();
  window.dispatchEvent(new Event('online'));
}

// SWR keeps whether the browser is online for the whole worker (other files poll through it): each test
// ends online.
afterEach(comeBackOnline);

describe('offline', () => {
  it('shows the offline screen, not the error screen, when a page cannot load its data', async () => {
    signIn('alice');
    goOffline();
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderRoute('/collection/3');
    expect(await screen.findByRole('heading', { name: 'You are offline' })).toBeInTheDocument();
    expect(screen.getByTestId('offline-banner')).toHaveTextContent('You are offline.');
    expect(screen.queryByText('Oops, an error occured!')).not.toBeInTheDocument();
  });

  it('shows the offline screen when no answer came although the browser thinks it is online', async () => {
    mockFetch((call) => (call.url.startsWith('/api/v1/collections/') ? Promise.reject(new TypeError('Failed to fetch')) : json(apiInfo())));
    renderRoute('/collection/3');
    expect(await screen.findByRole('heading', { name: 'You are offline' })).toBeInTheDocument();
    expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument();
  });

  it('shows the banner while the network is gone and removes it when it comes back', async () => {
    mockFetch(() => json(apiInfo()));
    renderRoute('/login');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument();
    act(() => goOffline());
    expect(screen.getByTestId('offline-banner')).toHaveTextContent(
      'You are offline. Collections will show again once you are back online.',
    );
    act(() => comeBackOnline());
    expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument();
  });

  it('words a failed request as offline only when the device is offline', () => {
    const intl = createIntl({ locale: 'en-US', messages: en });
    const network = new ApiError({ status: 0, code: 'NETWORK' });
    expect(describeError(intl, network)).toBe('The server could not be reached. Please retry.');
    goOffline();
    expect(describeError(intl, network)).toBe('You are offline. Try again once you are back online.');
    expect(describeError(intl, new ApiError({ status: 500, code: 'INTERNAL' }))).toBe('Oops, an error occured!');
  });
});
