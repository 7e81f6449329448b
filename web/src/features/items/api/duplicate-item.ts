// POST /collections/:id/items/:iid/duplicate: answers the copy.
import useSWRMutation from 'swr/mutation';
import type { Item } from '@shared/schemas/items';
import { apiRequest } from '@web/lib/api-client';
import { useRevalidate } from '@web/lib/revalidate';
import { itemPath } from './keys';
import { itemsTouched } from './touched';

export function duplicateItem(collectionId: number, id: number): Promise<Item> {
  return apiRequest<Item>(`${itemPath(collectionId, id)}/duplicate`, { method: 'POST' });
}

export function useDuplicateItem(collectionId: number, id: number) {
  const revalidate = useRevalidate();
  return useSWRMutation(`duplicate-item-${collectionId}-${id}`, () => duplicateItem(collectionId, id), {
    onSuccess: () => void revalidate(itemsTouched(collectionId)),
  });
}
