// DELETE /collections/:id: the collection, its properties and items. Cached copies are dropped.
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '@web/lib/api-client';
import { exactly, under, useForget, useRevalidate } from '@web/lib/revalidate';
import { collectionKey } from './get-collection';
import { COLLECTIONS_KEY } from './get-collections';

export function deleteCollection(id: number): Promise<void> {
  return apiRequest<void>(collectionKey(id), { method: 'DELETE' });
}

export function useDeleteCollection(id: number) {
  const forget = useForget();
  const revalidate = useRevalidate();
  return useSWRMutation(`delete-collection-${id}`, () => deleteCollection(id), {
    onSuccess: async () => {
      await forget(under(collectionKey(id)));
      await revalidate(exactly(COLLECTIONS_KEY));
    },
  });
}
