// GET /collections/:id/properties/:pid/deletion: what deleting the property takes with it.
import useSWR from 'swr';
import type { PropertyDeletionInfo } from '@shared/schemas/properties';
import { apiRequest } from '@web/lib/api-client';
import { propertyKey } from './update-property';

export function propertyDeletionKey(collectionId: number, id: number): string {
  return `${propertyKey(collectionId, id)}/deletion`;
}

export function getPropertyDeletion(collectionId: number, id: number): Promise<PropertyDeletionInfo> {
  return apiRequest<PropertyDeletionInfo>(propertyDeletionKey(collectionId, id));
}

export function usePropertyDeletion(collectionId: number, id: number) {
  return useSWR<PropertyDeletionInfo>(propertyDeletionKey(collectionId, id), () => getPropertyDeletion(collectionId, id));
}
