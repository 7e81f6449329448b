// PUT /collections/:id/properties/order: every property id in the new order; answers the list.
import useSWRMutation from 'swr/mutation';
import type { PropertyList } from '@shared/schemas/properties';
import { apiRequest } from '@web/lib/api-client';
import { under, useRevalidate } from '@web/lib/revalidate';
import { propertiesKey } from './get-properties';

export function reorderProperties(collectionId: number, ids: number[]): Promise<PropertyList> {
  return apiRequest<PropertyList>(`${propertiesKey(collectionId)}/order`, {
    method: 'PUT',
    body: { ids },
  });
}

export function useReorderProperties(collectionId: number) {
  const revalidate = useRevalidate();
  const base = `/collections/${collectionId}`;
  return useSWRMutation(propertiesKey(collectionId), (_key: string, { arg }: { arg: number[] }) => reorderProperties(collectionId, arg), {
    populateCache: true,
    revalidate: false,
    // Item pages show values in display order.
    onSuccess: () => void revalidate(under(`${base}/items`)),
  });
}
