// PATCH /collections/:id/items/:iid: `values` replaces every value of the item.
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { Item, UpdateItemInput } from '@shared/schemas/items';
import { apiRequest } from '@web/lib/api-client';
import { useRevalidate } from '@web/lib/revalidate';
import { itemKey } from './get-item';
import { itemPath } from './keys';
import { itemsTouched } from './touched';

export function updateItem(collectionId: number, id: number, input: UpdateItemInput): Promise<Item> {
  return apiRequest<Item>(itemPath(collectionId, id), { method: 'PATCH', body: input });
}

export function useUpdateItem(collectionId: number, id: number) {
  const { mutate } = useSWRConfig();
  const revalidate = useRevalidate();
  return useSWRMutation(
    `update-item-${collectionId}-${id}`,
    (_key: string, { arg }: { arg: UpdateItemInput }) => updateItem(collectionId, id, arg),
    {
      // SWR does not wait for its callbacks: the cache is put right after the answer, in the background.
      onSuccess: (item) => {
        void (async () => {
          await revalidate(itemsTouched(collectionId));
          await mutate(itemKey(collectionId, id), item, { revalidate: false });
          await mutate(itemKey(collectionId, id, { edit: true }), item, { revalidate: false });
        })();
      },
    },
  );
}
