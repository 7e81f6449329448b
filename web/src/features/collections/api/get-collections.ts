// GET /collections[?mine=true]: the collections the caller may see, or only their own.
import useSWR from 'swr';
import type { Collection } from '../../../../../shared/schemas/collections';
import { apiRequest } from '../../../lib/api-client';

export const COLLECTIONS_KEY = '/collections';

export function collectionsKey(mine: boolean): string {
  return mine ? `${COLLECTIONS_KEY}?mine=true` : COLLECTIONS_KEY;
}

export function getCollections(key: string): Promise<{ collections: Collection[] }> {
  return apiRequest<{ collections: Collection[] }>(key);
}

export function useCollections(mine: boolean) {
  return useSWR<{ collections: Collection[] }>(collectionsKey(mine), getCollections);
}
