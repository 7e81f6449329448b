// What a change to items touches: the collection's lists, filters and recent changes, its item count
// (the collection itself and the collection lists).
import { anyOf, exactly, under } from '@web/lib/revalidate';
import { collectionPath, itemsPath } from './keys';

export function itemsTouched(collectionId: number) {
  const base = collectionPath(collectionId);
  return anyOf(exactly('/collections', base), under(itemsPath(collectionId), `${base}/filters`, `${base}/recent`));
}
