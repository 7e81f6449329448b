// GET /collections[?mine=true]: the collections the caller may see, or only their own.
import useSWR from 'swr';
import type { CollectionList } from '@shared/schemas/collections';
import { apiRequest } from '@web/lib/api-client';

export const COLLECTIONS_KEY = '/collections';

export function collectionsKey(mine: boolean): string {
  return mine ? `${COLLECTIONS_KEY}?mine=true` : COLLECTIONS_KEY;
}

export function getCollections(key: string): Promise<CollectionList> {
  return apiRequest<CollectionList>(key);
}

export function useCollections(mine: boolean) {
  return useSWR<CollectionList>(collectionsKey(mine), getCollections);
}
