// The checks asking to borrow an item and joining its waiting list share: who may ask for it, and how
// often anyone may ask.
import type { AppEnv } from '@worker/env';
import type { Context } from 'hono';
import { ApiError } from '@worker/lib/api-error';
import { clientAddress, throttle } from '@worker/lib/rate-limit';
import { requireVisibleCollection } from '../collections/collections.queries';
import { effectiveBorrowLevel, loadItem } from '../items/items.queries';

const HOUR = 3600;
/** Asks from one address per hour, and to one item per day (borrowing and joining share them). */
export const BORROW_REQUESTS_PER_ADDRESS = 5;
export const BORROW_REQUESTS_PER_ITEM = 20;
/** Status look-ups and cancellations from one address per hour (a token is 256 random bits; this only stops floods). */
export const STATUS_LOOKUPS_PER_ADDRESS = 60;

/**
 * The item `iid` of collection `id` when the caller may ask for it: what browsing does not show is not
 * found, and an item its "who can borrow" closes to the caller is BORROW_NOT_ALLOWED.
 */
export async function requestableItem(c: Context<AppEnv>, id: number, iid: number) {
  const caller = c.get('caller');
  const found = await requireVisibleCollection(c.get('db'), caller, id);
  const item = await loadItem(c.get('d1'), found.collection.id, iid);
  if (!item || found.collection.visibility === 4 || item.level === 4 || item.level > found.level) throw new ApiError('NOT_FOUND');
  const level = effectiveBorrowLevel(item, found.collection);
  if (found.level === 3 || !(level === 0 || (level === 1 && caller !== null))) throw new ApiError('BORROW_NOT_ALLOWED');
  return { found, item };
}

/** Counts one ask from the caller's address to the item; 429 past either allowance. */
export function throttleAsks(c: Context<AppEnv>, itemId: number) {
  return throttle(c.get('db'), [
    { key: `borrow:address:${clientAddress(c.req.raw.headers)}`, max: BORROW_REQUESTS_PER_ADDRESS, windowSeconds: HOUR },
    { key: `borrow:item:${itemId}`, max: BORROW_REQUESTS_PER_ITEM, windowSeconds: 24 * HOUR },
  ]);
}

/** The limit of status look-ups (of a request or an offer) from the caller's address. */
export const statusLimit = (kind: string, headers: Headers) => ({
  key: `${kind}:${clientAddress(headers)}`,
  max: STATUS_LOOKUPS_PER_ADDRESS,
  windowSeconds: HOUR,
});
