// GET /collections/:id/items/:iid/availability: an item's booked days, a month at a time.
import useSWR from 'swr';
import type { ItemCalendar } from '@shared/schemas/reservations';
import { apiRequest } from '@web/lib/api-client';

/** The prefix every month of an item's calendar is read under (refreshed after a loan action). */
export const itemCalendarPrefix = (collectionId: number, itemId: number) => `/collections/${collectionId}/items/${itemId}/availability`;

export function useItemCalendar(collectionId: number, itemId: number, month: string) {
  return useSWR<ItemCalendar>(`${itemCalendarPrefix(collectionId, itemId)}?from=${month}&months=1`, (key: string) =>
    apiRequest<ItemCalendar>(key),
  );
}
