// GET /collections/:id/properties: in display order (the owner sees all, others only the visible ones).
import useSWR from 'swr';
import type { Property } from '../../../../../shared/schemas/properties';
import { apiRequest } from '../../../lib/api-client';

export function propertiesKey(collectionId: number | string): string {
  return `/collections/${collectionId}/properties`;
}

export function getProperties(collectionId: number | string): Promise<{ properties: Property[] }> {
  return apiRequest<{ properties: Property[] }>(propertiesKey(collectionId));
}

export function useProperties(collectionId: number | null) {
  return useSWR<{ properties: Property[] }>(collectionId === null ? null : propertiesKey(collectionId), () =>
    getProperties(collectionId as number),
  );
}
