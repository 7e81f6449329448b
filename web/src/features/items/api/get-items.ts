// GET /collections/:id/items?…: one page of item summaries. "Unlimited" (perPage=all) still arrives in
// pages of 200, loaded one after the other as the list scrolls (useSWRInfinite).
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import type { ItemPage } from '@shared/schemas/items';
import { apiRequest } from '@web/lib/api-client';
import { itemsPath, withQuery } from './keys';

export function getItems(key: string): Promise<ItemPage> {
  return apiRequest<ItemPage>(key);
}

/** One page; `query` is the list's query string (search, sort, filters, page, perPage). */
export function useItems(collectionId: number, query: string, enabled = true) {
  return useSWR<ItemPage>(enabled ? withQuery(itemsPath(collectionId), query) : null, getItems, {
    keepPreviousData: true,
  });
}

/** Every page in turn; `query` carries no page number. */
export function useAllItems(collectionId: number, query: string, enabled = true) {
  return useSWRInfinite<ItemPage>(
    (index, previous: ItemPage | null) => {
      if (!enabled || (previous && previous.items.length === 0)) return null;
      const params = new URLSearchParams(query);
      params.set('page', String(index + 1));
      // Where the previous page ended: the server starts there instead of counting its way down.
      if (previous?.next) params.set('after', previous.next);
      return withQuery(itemsPath(collectionId), params.toString());
    },
    getItems,
    { revalidateFirstPage: false },
  );
}
