// GET /collections/:id/filters?…: the facets of the filters panel, for the same search and filters.
import useSWR from 'swr';
import type { FilterFacet } from '../../../../../shared/schemas/items';
import { apiRequest } from '../../../lib/api-client';
import { collectionPath, withQuery } from './keys';

export function getFilters(key: string): Promise<{ filters: FilterFacet[] }> {
  return apiRequest<{ filters: FilterFacet[] }>(key);
}

export function useFilters(collectionId: number, query: string) {
  return useSWR<{ filters: FilterFacet[] }>(withQuery(`${collectionPath(collectionId)}/filters`, query), getFilters, {
    keepPreviousData: true,
  });
}
