// GET /collections/:id: one collection (404 when missing or not visible to the caller).
import useSWR from 'swr';
import type { Collection } from '@shared/schemas/collections';
import { apiRequest } from '@web/lib/api-client';

export function collectionKey(id: number | string): string {
  return `/collections/${id}`;
}

export function getCollection(id: number | string): Promise<Collection> {
  return apiRequest<Collection>(collectionKey(id));
}

export function useCollection(id: number | null) {
  return useSWR<Collection>(id === null ? null : collectionKey(id), () => getCollection(id as number));
}
