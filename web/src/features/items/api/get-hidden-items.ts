// GET /collections/:id/hidden-items: the owner's items set to "Nobody", for the manage screen.
import useSWR from 'swr';
import type { HiddenItems } from '@shared/schemas/items';
import { apiRequest } from '@web/lib/api-client';

export function hiddenItemsKey(collectionId: number): string {
  return `/collections/${collectionId}/hidden-items`;
}

export function useHiddenItems(collectionId: number) {
  // Always asked again on arrival: the item just saved as Nobody must be in the list.
  return useSWR<HiddenItems>(hiddenItemsKey(collectionId), () => apiRequest<HiddenItems>(hiddenItemsKey(collectionId)), {
    revalidateOnMount: true,
  });
}
