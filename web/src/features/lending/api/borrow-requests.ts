// A visitor's side: POST /collections/:id/items/:iid/borrow, and the private link's
// POST /borrow-requests/status and /borrow-requests/cancel (the token stays out of addresses sent to the API).
import useSWR from 'swr';
import type { BorrowRequestInput, BorrowRequestSent, BorrowRequestStatus } from '@shared/schemas/lending';
import { apiRequest } from '@web/lib/api-client';

export function sendBorrowRequest(collectionId: number, itemId: number, input: BorrowRequestInput): Promise<BorrowRequestSent> {
  return apiRequest<BorrowRequestSent>(`/collections/${collectionId}/items/${itemId}/borrow`, { method: 'POST', body: input });
}

export function useBorrowRequestStatus(token: string | null) {
  return useSWR<BorrowRequestStatus>(token ? ['borrow-status', token] : null, ([, value]: [string, string]) =>
    apiRequest<BorrowRequestStatus>('/borrow-requests/status', { method: 'POST', body: { token: value } }),
  );
}

export function cancelBorrowRequest(token: string): Promise<void> {
  return apiRequest<void>('/borrow-requests/cancel', { method: 'POST', body: { token } });
}
