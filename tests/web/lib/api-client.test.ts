import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@shared/constants';
import { ApiError, apiRequest, pageErrorStatus } from '@web/lib/api-client';
import { apiError, json, mockFetch } from '../helpers';

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

describe('apiRequest headers', () => {
  it('prefixes /api/v1 and sends the default language without a token', async () => {
    const { calls } = mockFetch(() => json({ ok: true }));
    await apiRequest('/profile');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/v1/profile');
    expect(calls[0]?.headers.get('Content-Language')).toBe('en_US');
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
  });

  it('sends the stored language and the bearer token when one is stored', async () => {
    window.localStorage.setItem(STORAGE_KEYS.lang, 'fr_FR');
    window.localStorage.setItem(STORAGE_KEYS.token, 'secret-token');
    const { calls } = mockFetch(() => json({ ok: true }));
    await apiRequest('/');
    expect(calls[0]?.url).toBe('/api/v1/');
    expect(calls[0]?.headers.get('Content-Language')).toBe('fr_FR');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer secret-token');
  });

  it('sends JSON bodies with their content type and returns the parsed answer', async () => {
    const { calls } = mockFetch(() => json({ token: 't', user: { id: 1, username: 'a', readOnly: false } }));
    const result = await apiRequest<{ token: string }>('/token', { method: 'POST', body: { login: 'a', password: 'b' } });
    expect(result.token).toBe('t');
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.body).toEqual({ login: 'a', password: 'b' });
  });

  it('answers undefined for 204 No Content', async () => {
    mockFetch(() => new Response(null, { status: 204 }));
    await expect(apiRequest('/token', { method: 'DELETE' })).resolves.toBeUndefined();
  });
});

describe('apiRequest errors', () => {
  it('maps the error envelope, including field details', async () => {
    const fields = [{ path: 'email', reason: 'invalid_format', message: 'Invalid email address' }];
    mockFetch(() => apiError(400, 'VALIDATION_FAILED', { fields }));
    const error = await caught(apiRequest('/profile', { method: 'PATCH', body: {} }));
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields).toEqual(fields);
    expect(error.retryAfter).toBeNull();
  });

  it('reads Retry-After on 429', async () => {
    mockFetch(() => apiError(429, 'TOO_MANY_REQUESTS', null, { 'Retry-After': '120' }));
    const error = await caught(apiRequest('/token', { method: 'POST', body: {} }));
    expect(error.status).toBe(429);
    expect(error.code).toBe('TOO_MANY_REQUESTS');
    expect(error.retryAfter).toBe(120);
  });

  it('falls back to details.retryAfter without the header', async () => {
    mockFetch(() => apiError(429, 'TOO_MANY_REQUESTS', { retryAfter: 60 }));
    const error = await caught(apiRequest('/password-reset', { method: 'POST', body: {} }));
    expect(error.retryAfter).toBe(60);
  });

  it('classifies answers without an envelope by status', async () => {
    mockFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await caught(apiRequest('/'));
    expect(error.status).toBe(502);
    expect(error.code).toBe('INTERNAL');
  });

  it('turns a network failure into status 0 NETWORK', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await caught(apiRequest('/'));
    expect(error.status).toBe(0);
    expect(error.code).toBe('NETWORK');
  });
});

describe('pageErrorStatus (docs/product.md §8)', () => {
  it('gives 500 when no response arrived', () => {
    expect(pageErrorStatus(new ApiError({ status: 0, code: 'NETWORK' }))).toBe(500);
  });

  it('keeps 404', () => {
    expect(pageErrorStatus(new ApiError({ status: 404, code: 'NOT_FOUND' }))).toBe(404);
  });

  it.each([
    [401, 'UNAUTHENTICATED'],
    [403, 'FORBIDDEN'],
    [409, 'USERNAME_TAKEN'],
    [500, 'INTERNAL'],
  ] as const)('turns %i into 500', (status, code) => {
    expect(pageErrorStatus(new ApiError({ status, code }))).toBe(500);
  });

  it('turns anything that is not an API error into 500', () => {
    expect(pageErrorStatus(new Error('boom'))).toBe(500);
  });
});
