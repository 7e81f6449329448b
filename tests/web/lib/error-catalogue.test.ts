// The error texts come in their own chunk after a page's first paint: an answer's error waits for them,
// and before they have come a message still says something true in the page's language.
import { createIntl } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockFetch } from '../helpers';

const intl = createIntl({ locale: 'en-US', defaultLocale: 'en-US', messages: {}, onError: () => undefined });

/** Fresh modules: no catalogue provided yet, as in the browser before the chunk has come. */
async function freshModules() {
  vi.resetModules();
  const client = await import('@web/lib/api-client');
  const errors = await import('@web/lib/error-messages');
  return { ...client, ...errors };
}

afterEach(async () => {
  (await import('@web/lib/api-client')).prepareErrorsWith(null);
});

describe('error texts loaded after the first paint', () => {
  it('says something general before the texts have come, then the specific text', async () => {
    const { ApiError, describeError, describeFieldIssue, loadErrorCatalogue } = await freshModules();
    const forbidden = new ApiError({ status: 403, code: 'FORBIDDEN' });
    const issue = { path: 'name', reason: 'required' as const, message: '' };
    expect(describeError(intl, forbidden)).toBe('Failed');
    expect(describeFieldIssue(intl, issue)).toBe('Failed');
    await loadErrorCatalogue();
    expect(describeError(intl, forbidden)).toBe('You are not allowed to do this.');
    expect(describeFieldIssue(intl, issue)).toBe('Enter a name.');
  });

  it('keeps the network messages at hand: offline, the texts may not come at all', async () => {
    const { ApiError, describeError } = await freshModules();
    expect(describeError(intl, new ApiError({ status: 0, code: 'NETWORK' }))).toBe('The server could not be reached. Please retry.');
  });

  it('throws an answer’s error only once its text can be shown', async () => {
    const { apiRequest, describeError, loadErrorCatalogue, prepareErrorsWith } = await freshModules();
    mockFetch(() => apiError(403, 'FORBIDDEN'));
    prepareErrorsWith(loadErrorCatalogue);
    const error = await apiRequest('/collections/1').catch((caught: unknown) => caught);
    expect(describeError(intl, error)).toBe('You are not allowed to do this.');
  });

  it('does not wait for the texts when a request succeeds', async () => {
    const { apiRequest, prepareErrorsWith } = await freshModules();
    const prepare = vi.fn(() => Promise.resolve());
    prepareErrorsWith(prepare);
    mockFetch(() => json({ ok: true }));
    await apiRequest('/');
    expect(prepare).not.toHaveBeenCalled();
  });
});
