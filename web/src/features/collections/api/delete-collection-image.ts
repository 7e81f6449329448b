// DELETE /collections/:id/image: answers the updated collection.
import useSWRMutation from 'swr/mutation';
import type { Collection } from '@shared/schemas/collections';
import { apiRequest } from '@web/lib/api-client';
import { exactly, useRevalidate } from '@web/lib/revalidate';
import { collectionKey } from './get-collection';
import { COLLECTIONS_KEY } from './get-collections';

export function deleteCollectionImage(id: number): Promise<Collection> {
  return apiRequest<Collection>(`${collectionKey(id)}/image`, { method: 'DELETE' });
}

export function useDeleteCollectionImage(id: number) {
  const revalidate = useRevalidate();
  return useSWRMutation(collectionKey(id), () => deleteCollectionImage(id), {
    populateCache: true,
    revalidate: false,
    onSuccess: () => void revalidate(exactly(COLLECTIONS_KEY)),
  });
}
