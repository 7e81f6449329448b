// GET /collections/:id/filters?…: the facets of the filters panel, for the same search and filters.
import useSWR from 'swr';
import type { FilterFacets } from '@shared/schemas/items';
import { apiRequest } from '@web/lib/api-client';
import { collectionPath, withQuery } from './keys';

export function getFilters(key: string): Promise<FilterFacets> {
  return apiRequest<FilterFacets>(key);
}

export function useFilters(collectionId: number, query: string) {
  return useSWR<FilterFacets>(withQuery(`${collectionPath(collectionId)}/filters`, query), getFilters, {
    keepPreviousData: true,
  });
}
