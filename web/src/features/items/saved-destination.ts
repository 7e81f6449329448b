// Where saving an item leads. An item set to "Nobody" (level 4) is never shown while browsing, not
// even to its owner (docs/product.md), so its own page would answer "not found": the owner goes to the
// collection's manage screen instead, which lists such items, with a notice saying why.
import type { Collection } from '@shared/schemas/collections';
import type { Item } from '@shared/schemas/items';
import type { Flash } from '@web/lib/flash';
import { paths } from '@web/lib/paths';

export const HIDDEN_ITEMS_ANCHOR = 'hidden-items';

export function savedItemDestination(collection: Collection, item: Pick<Item, 'id' | 'visibility'>): { to: string; flash: Flash } {
  if (item.visibility === 4) return { to: `${paths.collectionManage(collection.id)}#${HIDDEN_ITEMS_ANCHOR}`, flash: 'savedAsNobody' };
  if (collection.visibility === 4) return { to: paths.collectionManage(collection.id), flash: 'operationSucceeded' };
  return { to: paths.item(collection.id, item.id), flash: 'operationSucceeded' };
}
