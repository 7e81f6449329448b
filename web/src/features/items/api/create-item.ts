// POST /collections/:id/items: a new item.
import useSWRMutation from 'swr/mutation';
import type { CreateItemInput, Item } from '@shared/schemas/items';
import { apiRequest } from '@web/lib/api-client';
import { useRevalidate } from '@web/lib/revalidate';
import { itemsPath } from './keys';
import { itemsTouched } from './touched';

export function createItem(collectionId: number, input: CreateItemInput): Promise<Item> {
  return apiRequest<Item>(itemsPath(collectionId), { method: 'POST', body: input });
}

export function useCreateItem(collectionId: number) {
  const revalidate = useRevalidate();
  return useSWRMutation(`create-item-${collectionId}`, (_key: string, { arg }: { arg: CreateItemInput }) => createItem(collectionId, arg), {
    onSuccess: () => void revalidate(itemsTouched(collectionId)),
  });
}
