// POST /collections: a new collection (the four known types come with a template of properties).
import useSWRMutation from 'swr/mutation';
import type { Collection, CreateCollectionInput } from '@shared/schemas/collections';
import { apiRequest } from '@web/lib/api-client';
import { exactly, useRevalidate } from '@web/lib/revalidate';
import { COLLECTIONS_KEY } from './get-collections';

export function createCollection(input: CreateCollectionInput): Promise<Collection> {
  return apiRequest<Collection>(COLLECTIONS_KEY, { method: 'POST', body: input });
}

export function useCreateCollection() {
  const revalidate = useRevalidate();
  return useSWRMutation('create-collection', (_key: string, { arg }: { arg: CreateCollectionInput }) => createCollection(arg), {
    onSuccess: () => void revalidate(exactly(COLLECTIONS_KEY)),
  });
}
