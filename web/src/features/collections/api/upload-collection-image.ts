// PUT /collections/:id/image (multipart: "file" and its "thumbnail"): answers the updated collection.
import useSWRMutation from 'swr/mutation';
import type { Collection } from '@shared/schemas/collections';
import { apiRequest } from '@web/lib/api-client';
import { uploadForm } from '@web/lib/thumbnail';
import { exactly, useRevalidate } from '@web/lib/revalidate';
import { collectionKey } from './get-collection';
import { COLLECTIONS_KEY } from './get-collections';

export async function uploadCollectionImage(id: number, file: File): Promise<Collection> {
  return apiRequest<Collection>(`${collectionKey(id)}/image`, { method: 'PUT', formData: await uploadForm(file) });
}

export function useUploadCollectionImage(id: number) {
  const revalidate = useRevalidate();
  return useSWRMutation(collectionKey(id), (_key: string, { arg }: { arg: File }) => uploadCollectionImage(id, arg), {
    populateCache: true,
    revalidate: false,
    onSuccess: () => void revalidate(exactly(COLLECTIONS_KEY)),
  });
}
