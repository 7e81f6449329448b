// POST /password-reset/check: whether the emailed link still works, asked before its form is shown.
// The link is not spent; a POST keeps the token out of addresses and logs.
import useSWR from 'swr';
import type { OkResponse } from '@shared/schemas/common';
import { apiRequest } from '@web/lib/api-client';

export function checkPasswordReset(token: string): Promise<OkResponse> {
  return apiRequest<OkResponse>('/password-reset/check', { method: 'POST', body: { token } });
}

export function useCheckPasswordReset(token: string) {
  return useSWR(token ? ['/password-reset/check', token] : null, ([, value]: [string, string]) => checkPasswordReset(value), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
  });
}
