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
    // SWR does not wait for its callbacks: the cache is put right after the answer, in the background.
    onSuccess: () => {
      void forget(under(collectionKey(id))).then(() => revalidate(exactly(COLLECTIONS_KEY)));
    },
  });
}
