// DELETE /collections/:id/items/:iid.
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '@web/lib/api-client';
import { under, useForget, useRevalidate } from '@web/lib/revalidate';
import { itemPath } from './keys';
import { itemsTouched } from './touched';

export function deleteItem(collectionId: number, id: number): Promise<void> {
  return apiRequest<void>(itemPath(collectionId, id), { method: 'DELETE' });
}

export function useDeleteItem(collectionId: number, id: number) {
  const forget = useForget();
  const revalidate = useRevalidate();
  return useSWRMutation(`delete-item-${collectionId}-${id}`, () => deleteItem(collectionId, id), {
    // SWR does not wait for its callbacks: the cache is put right after the answer, in the background.
    onSuccess: () => {
      // The deleted item's own answers are forgotten, never asked again: its screen is still mounted
      // until the navigation that follows, and would ask for it (404).
      const gone = under(itemPath(collectionId, id));
      const touched = itemsTouched(collectionId);
      void forget(gone).then(() => revalidate((key) => touched(key) && !gone(key)));
    },
  });
}
