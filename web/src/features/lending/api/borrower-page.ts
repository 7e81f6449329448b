// A borrower's own page (GET /borrower-page/{secret}), its actions, and "send me my link".
import useSWR from 'swr';
import type { BorrowerPage } from '@shared/schemas/borrower-page';
import { apiRequest } from '@web/lib/api-client';

export function useBorrowerPage(secret: string) {
  return useSWR<BorrowerPage>(['borrower-page', secret], () => apiRequest<BorrowerPage>(`/borrower-page/${encodeURIComponent(secret)}`));
}

export const askRenewal = (secret: string, loanId: number) =>
  apiRequest<void>(`/borrower-page/${encodeURIComponent(secret)}/loans/${loanId}/renew`, { method: 'POST' });

export const subscribeToFeed = (secret: string, reset: boolean) =>
  apiRequest<{ url: string }>(`/borrower-page/${encodeURIComponent(secret)}/feed`, { method: 'POST', body: { reset } });

export const resetPageLink = (secret: string) =>
  apiRequest<{ secret: string }>(`/borrower-page/${encodeURIComponent(secret)}/reset`, { method: 'POST' });

export const askForLink = (email: string) => apiRequest<void>('/borrower-page/link', { method: 'POST', body: { email } });
