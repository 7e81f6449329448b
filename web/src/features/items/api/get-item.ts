// GET /collections/:id/items/:iid: one item, its values keyed by property key. With edit=true the owner
// also gets what browsing never shows (items and properties visible to nobody), for the edit screens.
import useSWR from 'swr';
import type { Item } from '@shared/schemas/items';
import { apiRequest } from '@web/lib/api-client';
import { itemPath } from './keys';

export function itemKey(collectionId: number, id: number, { edit = false } = {}): string {
  return edit ? `${itemPath(collectionId, id)}?edit=true` : itemPath(collectionId, id);
}

export function getItem(key: string): Promise<Item> {
  return apiRequest<Item>(key);
}

export function useItem(collectionId: number | null, id: number | null, { edit = false } = {}) {
  return useSWR<Item>(collectionId === null || id === null ? null : itemKey(collectionId, id, { edit }), getItem);
}
