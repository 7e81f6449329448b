// GET /collections/:id/recent: the last items added and edited.
import useSWR from 'swr';
import type { RecentItems } from '@shared/schemas/items';
import { apiRequest } from '@web/lib/api-client';
import { collectionPath } from './keys';

export function getRecentItems(collectionId: number): Promise<RecentItems> {
  return apiRequest<RecentItems>(`${collectionPath(collectionId)}/recent`);
}

export function useRecentItems(collectionId: number) {
  return useSWR<RecentItems>(`${collectionPath(collectionId)}/recent`, () => getRecentItems(collectionId));
}
