// DELETE /collections/:id/properties/:pid: the property and all of its values in items.
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '@web/lib/api-client';
import { useRevalidate } from '@web/lib/revalidate';
import { propertiesTouched } from './touched';
import { propertyKey } from './update-property';

export function deleteProperty(collectionId: number, id: number): Promise<void> {
  return apiRequest<void>(propertyKey(collectionId, id), { method: 'DELETE' });
}

export function useDeleteProperty(collectionId: number, id: number) {
  const revalidate = useRevalidate();
  return useSWRMutation(`delete-property-${collectionId}-${id}`, () => deleteProperty(collectionId, id), {
    onSuccess: () => void revalidate(propertiesTouched(collectionId)),
  });
}
