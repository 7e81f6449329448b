// The kept sort ranks (features/items/sort-ranks.ts) against the items as they are: each bucket's counts
// must be those of the items between its boundary and the next one, in an order made here from the rows
// (dates, the first value's sort key, or the sort gap), independently of the SQL that keeps them.
import { env } from 'cloudflare:test';
import { expect } from 'vitest';
import { RANGE_PROPERTY_TYPES, type PropertyType } from '@shared/catalogue';
import { buildOrderStatement, orderOf, type Bucket } from '@worker/features/items/sort-ranks';

type Place = [phase: number, key: string | number, id: number];

/** The rows a query reads straight from the database, under the API. */
export async function rows<T>(query: string, ...binds: unknown[]): Promise<T[]> {
  return (
    await env.DB.prepare(query)
      .bind(...binds)
      .all<T>()
  ).results;
}

function compare(a: Place, b: Place): number {
  for (let n = 0; n < 3; n += 1) {
    const x = a[n]!;
    const y = b[n]!;
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    if (typeof x !== typeof y) return typeof x === 'number' ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return 0;
}

/** The sort keys of each item's first value, by `${propertyId}:${itemId}`. */
export async function firstValueKeys(
  collectionId: number,
): Promise<Map<string, { sort_number: number | null; natural_key: string | null }>> {
  const firsts = await rows<{ pid: number; item: number; sort_number: number | null; natural_key: string | null }>(
    `SELECT v.property_id AS pid, v.item_id AS item, v.sort_number, v.natural_key FROM item_values v JOIN items i ON i.id = v.item_id
     WHERE i.collection_id = ? AND v.position = 0`,
    collectionId,
  );
  return new Map(firsts.map((f) => [`${f.pid}:${f.item}`, f]));
}

/** Every order a collection's items have now: created, updated, and one per sortable property. */
async function placesOf(collectionId: number): Promise<Map<string, { place: Place; level: number }[]>> {
  const items = await rows<{ id: number; created_at: string; updated_at: string; level: number }>(
    'SELECT id, created_at, updated_at, level FROM items WHERE collection_id = ?',
    collectionId,
  );
  const props = await rows<{ id: number; type: PropertyType }>(
    'SELECT id, type FROM properties WHERE collection_id = ? AND sortable = 1',
    collectionId,
  );
  const first = await firstValueKeys(collectionId);
  const orders = new Map<string, { place: Place; level: number }[]>([
    ['c', items.map((i) => ({ place: [0, i.created_at, i.id] as Place, level: i.level }))],
    ['u', items.map((i) => ({ place: [0, i.updated_at, i.id] as Place, level: i.level }))],
  ]);
  for (const prop of props) {
    orders.set(
      `p${prop.id}`,
      items.map((i) => {
        const value = first.get(`${prop.id}:${i.id}`);
        const key = value ? (RANGE_PROPERTY_TYPES.includes(prop.type) ? value.sort_number : value.natural_key) : null;
        return { place: (key === null ? [1, i.created_at, i.id] : [0, key, i.id]) as Place, level: i.level };
      }),
    );
  }
  return orders;
}

/** The collection's kept orders, by key. */
export async function keptOrders(collectionId: number): Promise<Record<string, Bucket[]>> {
  const [row] = await rows<{ data: string }>('SELECT data FROM sort_ranks WHERE collection_id = ?', collectionId);
  return row ? (JSON.parse(row.data) as Record<string, Bucket[]>) : {};
}

/** Each kept bucket counts exactly the items between its boundary and the next, for each level. */
export async function checkRanks(collectionId: number, step: string): Promise<void> {
  const orders = await placesOf(collectionId);
  for (const [key, buckets] of Object.entries(await keptOrders(collectionId))) {
    const items = orders.get(key);
    expect(items, `${step}: kept order ${key} is an order of the collection`).toBeDefined();
    const counted = buckets.map((bucket, j) => {
      const lo = bucket[0] === null ? null : ([bucket[0], bucket[1], bucket[2]] as Place);
      const next = buckets[j + 1];
      const hi = next ? ([next[0], next[1], next[2]] as Place) : null;
      const inside = items!.filter(({ place }) => (!lo || compare(place, lo) > 0) && (!hi || compare(place, hi) <= 0));
      return [
        ...bucket.slice(0, 3),
        inside.filter((i) => i.level === 0).length,
        inside.filter((i) => i.level <= 1).length,
        inside.filter((i) => i.level <= 3).length,
        inside.length,
        inside.filter((i) => i.level <= 2).length,
      ];
    });
    expect(buckets, `${step}: buckets of order ${key}`).toEqual(counted);
    for (let j = 1; j < buckets.length; j += 1) {
      const a = buckets[j - 1]!;
      const b = buckets[j]!;
      if (a[0] !== null)
        expect(compare([a[0], a[1]!, a[2]!], [b[0]!, b[1]!, b[2]!]), `${step}: order ${key} boundaries rise`).toBeLessThan(0);
    }
  }
}

/** Builds every order the collection has now (or those it keeps no ranks for), `size` items a bucket, as a deep page would. */
export async function buildOrders(collectionId: number, size: number, onlyMissing = false): Promise<void> {
  const props = await rows<{ id: number; type: PropertyType }>(
    'SELECT id, type FROM properties WHERE collection_id = ? AND sortable = 1',
    collectionId,
  );
  const kept = await keptOrders(collectionId);
  for (const sort of ['created', 'updated', ...props] as const) {
    const order = orderOf(sort);
    if (!onlyMissing || !kept[order.key]) await buildOrderStatement(env.DB, collectionId, order, size).run();
  }
}
