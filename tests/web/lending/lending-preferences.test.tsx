// The owner's calendar address and digest choice come with the lending overview (GET /lending): the
// screen asks one request, and a new digest choice shows at once without asking again.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { LendingOverview } from '@shared/schemas/lending';
import { apiError, apiInfo, json, mockFetch, renderRoute, signIn } from '../helpers';

const overview = (digest: 'off' | 'daily' | 'weekly', feedUrl: string | null): LendingOverview => ({
  overdue: [],
  requests: [],
  current: [],
  sharedCollectionIds: [],
  preferences: { digest, feedUrl },
});

afterEach(() => window.localStorage.clear());

describe('lending preferences', () => {
  it('are read from the overview and changed without another read', async () => {
    signIn('alice');
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/v1/') return json(apiInfo());
      if (call.url === '/api/v1/settings') return json({ loansEnabled: true });
      if (call.url === '/api/v1/lending') return json(overview('off', 'https://vitrine.test/api/v1/calendar/secret.ics'));
      if (call.url === '/api/v1/lending/preferences' && call.method === 'PATCH')
        return json({ digest: 'weekly', feedUrl: 'https://vitrine.test/api/v1/calendar/secret.ics' });
      return apiError(404, 'NOT_FOUND');
    });
    renderRoute('/borrowers/loans');
    const digest = await screen.findByRole('combobox', { name: 'Email me a digest of my loans' });
    expect(digest).toHaveValue('off');
    expect(screen.getByTestId('owner-feed-url')).toHaveTextContent('https://vitrine.test/api/v1/calendar/secret.ics');
    await userEvent.selectOptions(digest, 'weekly');
    await waitFor(() => expect(digest).toHaveValue('weekly'));
    expect(calls.filter((call) => call.url.startsWith('/api/v1/lending')).map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /api/v1/lending',
      'PATCH /api/v1/lending/preferences',
    ]);
  });
});
