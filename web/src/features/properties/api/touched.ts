// What a change to properties touches: the list itself, and the collection's items, filters and recent
// changes (titles, summaries and values come from properties).
import { anyOf, under } from '@web/lib/revalidate';
import { propertiesKey } from './get-properties';

export function propertiesTouched(collectionId: number) {
  const base = `/collections/${collectionId}`;
  return anyOf(under(propertiesKey(collectionId)), under(`${base}/items`, `${base}/filters`, `${base}/recent`));
}
