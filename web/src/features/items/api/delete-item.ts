// DELETE /collections/:id/items/:iid.
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '../../../lib/api-client';
import { under, useForget, useRevalidate } from '../../../lib/revalidate';
import { itemPath } from './keys';
import { itemsTouched } from './touched';

export function deleteItem(collectionId: number, id: number): Promise<void> {
  return apiRequest<void>(itemPath(collectionId, id), { method: 'DELETE' });
}

export function useDeleteItem(collectionId: number, id: number) {
  const forget = useForget();
  const revalidate = useRevalidate();
  return useSWRMutation(`delete-item-${collectionId}-${id}`, () => deleteItem(collectionId, id), {
    onSuccess: async () => {
      await forget(under(itemPath(collectionId, id)));
      await revalidate(itemsTouched(collectionId));
    },
  });
}
