// GET /collections/:id/properties: in display order (the owner sees all, others only the visible ones).
import useSWR from 'swr';
import type { PropertyList } from '@shared/schemas/properties';
import { apiRequest } from '@web/lib/api-client';

export function propertiesKey(collectionId: number | string): string {
  return `/collections/${collectionId}/properties`;
}

export function getProperties(collectionId: number | string): Promise<PropertyList> {
  return apiRequest<PropertyList>(propertiesKey(collectionId));
}

export function useProperties(collectionId: number | null) {
  return useSWR<PropertyList>(collectionId === null ? null : propertiesKey(collectionId), () => getProperties(collectionId as number));
}
