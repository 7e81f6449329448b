// PATCH /collections/:id: the answer replaces the cached collection; the lists are revalidated.
import useSWRMutation from 'swr/mutation';
import type { Collection, UpdateCollectionInput } from '@shared/schemas/collections';
import { apiRequest } from '@web/lib/api-client';
import { exactly, useRevalidate } from '@web/lib/revalidate';
import { collectionKey } from './get-collection';
import { COLLECTIONS_KEY } from './get-collections';

export function updateCollection(id: number, input: UpdateCollectionInput): Promise<Collection> {
  return apiRequest<Collection>(collectionKey(id), { method: 'PATCH', body: input });
}

export function useUpdateCollection(id: number) {
  const revalidate = useRevalidate();
  return useSWRMutation(collectionKey(id), (_key: string, { arg }: { arg: UpdateCollectionInput }) => updateCollection(id, arg), {
    populateCache: true,
    revalidate: false,
    onSuccess: () => void revalidate(exactly(COLLECTIONS_KEY)),
  });
}
