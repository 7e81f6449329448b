// Waiting lists: joining one (POST /collections/:id/items/:iid/holds), the offer link's
// POST /holds/offer[/accept|/decline], the owner's queues (GET .../holds, /lending/holds, move, remove)
// and the borrower page's places (GET /borrower-page/:secret/holds, leave).
import useSWR from 'swr';
import type { HoldMove } from '@shared/lending';
import type { BorrowerHolds, HoldInput, HoldOffer, ItemHolds } from '@shared/schemas/holds';
import { apiRequest } from '@web/lib/api-client';

export const itemHoldsKey = (collectionId: number, itemId: number) => `/collections/${collectionId}/items/${itemId}/holds`;
export const OWNER_HOLDS_KEY = '/lending/holds';
const borrowerHoldsKey = (secret: string) => `/borrower-page/${secret}/holds`;

export function joinHold(collectionId: number, itemId: number, input: HoldInput): Promise<void> {
  return apiRequest<void>(itemHoldsKey(collectionId, itemId), { method: 'POST', body: input });
}

export function useItemHolds(collectionId: number, itemId: number) {
  return useSWR<ItemHolds>(itemHoldsKey(collectionId, itemId), (key: string) => apiRequest<ItemHolds>(key));
}

export function useOwnerHolds() {
  return useSWR<ItemHolds>(OWNER_HOLDS_KEY, (key: string) => apiRequest<ItemHolds>(key));
}

export function moveHold(id: number, direction: HoldMove): Promise<ItemHolds> {
  return apiRequest<ItemHolds>(`/holds/${id}/move/${direction}`, { method: 'POST' });
}

export function removeHold(id: number): Promise<ItemHolds> {
  return apiRequest<ItemHolds>(`/holds/${id}`, { method: 'DELETE' });
}

export function useHoldOffer(token: string | null) {
  return useSWR<HoldOffer>(token ? ['hold-offer', token] : null, ([, value]: [string, string]) =>
    apiRequest<HoldOffer>('/holds/offer', { method: 'POST', body: { token: value } }),
  );
}

export function answerHoldOffer(token: string, answer: 'accept' | 'decline'): Promise<HoldOffer> {
  return apiRequest<HoldOffer>(`/holds/offer/${answer}`, { method: 'POST', body: { token } });
}

export function useBorrowerHolds(secret: string) {
  return useSWR<BorrowerHolds>(borrowerHoldsKey(secret), (key: string) => apiRequest<BorrowerHolds>(key));
}

export function leaveHold(secret: string, id: number): Promise<void> {
  return apiRequest<void>(`${borrowerHoldsKey(secret)}/${id}/leave`, { method: 'POST' });
}
