// Where items stand in each sort order, so a page number typed deep into a large list starts close to
// its place instead of counting its way down from the start (which reads every item passed over).
//
// sort_ranks (migration 0028) holds one row per collection: for each sort order ("c" created, "u"
// updated, "p<id>" a sortable property) a list of buckets, in the order's own order. A bucket is
//   [phase, key, id, count_everyone, count_logged_in, count_owner, count_all, count_shared]
// where (phase, key, id) is its boundary: the last item of the bucket before it (null for the first
// bucket). An item belongs to the last bucket whose boundary is below it. Phase 0 holds the items with a
// value (dates, or the property's sort key); phase 1 the items without one (the sort gaps, oldest first),
// and its first bucket starts at the divider [1, '', 0], so no bucket holds both.
//
// Keeping them costs a write one row read and one written, none when the item stays in its buckets:
// creating, editing or deleting one item reads the row first, finds its old and new buckets here
// (rankMoves) and moves their counts in place with json_set, if the buckets' layout (the row's version)
// is still the one read; copies and import steps move theirs in SQL, which finds the buckets itself
// (rankChangeSql). A bucket that grows past the split size is cut in pieces after the write
// (splitOversized), and the empty buckets of its order go with it. A whole order is built in one
// statement (buildOrderStatement) by the hourly job (sort-ranks.job.ts) for every order a large
// collection lacks, or by the first deep page that finds none (after its answer); and built again when a
// change the writer does not follow (a property made sortable or not, values re-keyed by the
// natural-keys job) forgets it. A reader trusts an order only when its counts add up to the
// collection's counters (otherwise it walks, and the order is built again): a layout changed between a
// write's read and its batch leaves the counts short, and is caught there.
import { RANGE_PROPERTY_TYPES, type PropertyType } from '@shared/catalogue';
import { inlineId } from '@worker/db/inline-id';
import type { PropertyRow } from '@worker/lib/values';
import type { CallerLevel } from '@worker/lib/visibility';

/** Items per bucket when an order is built (a deep page passes over at most about one bucket). */
export const RANK_BUCKET = 500;
/** A bucket past this many items is cut in pieces of half as many after the write that grew it. */
export const RANK_SPLIT = 1_000;
/** Collections with fewer items are walked from the start (as cheap as a bucket); no ranks are built. */
export const RANKS_FROM = 2_000;

export interface RankTuning {
  bucket: number;
  split: number;
  from: number;
}

export const DEFAULT_RANK_TUNING: RankTuning = { bucket: RANK_BUCKET, split: RANK_SPLIT, from: RANKS_FROM };

/** The sizes, smaller where the environment says so (the test suite keeps its collections small). */
export function rankTuning(env: { LIST_RANK_BUCKET?: string; LIST_RANK_SPLIT?: string; LIST_RANKS_FROM?: string }): RankTuning {
  return {
    bucket: Number(env.LIST_RANK_BUCKET) || RANK_BUCKET,
    split: Number(env.LIST_RANK_SPLIT) || RANK_SPLIT,
    from: Number(env.LIST_RANKS_FROM) || RANKS_FROM,
  };
}

/** Paths one json_set moves (two arguments each, with the document: under SQLite's 100 a function). */
const JSON_SET_PAIRS = 40;

export type Bucket = [
  phase: 0 | 1 | null,
  key: string | number | null,
  id: number | null,
  c0: number,
  c1: number,
  c3: number,
  n: number,
  c2: number,
];

/** A place in an order: (phase, key, id), compared in that order. */
type Bound = [phase: 0 | 1, key: string | number, id: number];

/** The divider before the items without a value (no item has id 0, and every date sorts after ''). */
const DIVIDER: Bound = [1, '', 0];

/** What an order is: by a date column, or by a sortable property (values, then the items without one). */
export type Order = { key: 'c' | 'u' } | { key: `p${number}`; prop: Pick<PropertyRow, 'id' | 'type'> };

export function orderOf(sort: 'created' | 'updated' | Pick<PropertyRow, 'id' | 'type'>): Order {
  if (sort === 'created') return { key: 'c' };
  if (sort === 'updated') return { key: 'u' };
  return { key: `p${inlineId(sort.id)}` as `p${number}`, prop: sort };
}

const isRange = (prop: Pick<PropertyRow, 'type'>) => RANGE_PROPERTY_TYPES.includes(prop.type as PropertyType);

/** Row-value conditions keeping an arm of phase `phase` inside (lo, hi]; null when the arm is all outside. */
function within(phase: 0 | 1, cols: string, lo: Bound | null, hi: Bound | null, binds: unknown[]): string | null {
  const parts: string[] = [];
  if (lo && lo[0] > phase) return null;
  if (hi && hi[0] < phase) return null;
  if (lo && lo[0] === phase) {
    parts.push(`(${cols}) > (?, ?)`);
    binds.push(lo[1], lo[2]);
  }
  if (hi && hi[0] === phase) {
    parts.push(`(${cols}) <= (?, ?)`);
    binds.push(hi[1], hi[2]);
  }
  return parts.map((p) => ` AND ${p}`).join('');
}

/** One phase of an order as its index holds it: where its rows are, their key, id and level, and the key's kind. */
interface PhaseSource {
  phase: 0 | 1;
  from: string;
  k: string;
  id: string;
  lvl: string;
  numeric: boolean;
}

/**
 * The phases of an order, each through the index the page walks use: dates; or the property's first
 * values with a sort key, then its sort gaps (the level is the item's, copied onto its values by the
 * trigger item_values_level).
 */
function phaseSources(collectionId: number, order: Order): PhaseSource[] {
  const c = inlineId(collectionId);
  if (!('prop' in order)) {
    const column = order.key === 'c' ? 'created_at' : 'updated_at';
    return [
      {
        phase: 0,
        from: `items i INDEXED BY items_collection_${order.key === 'c' ? 'created' : 'updated'}_idx WHERE i.collection_id = ${c}`,
        k: `i.${column}`,
        id: 'i.id',
        lvl: 'i.level',
        numeric: false,
      },
    ];
  }
  const p = inlineId(order.prop.id);
  const key = isRange(order.prop) ? 's.sort_number' : 's.natural_key';
  return [
    {
      phase: 0,
      from: `item_values s WHERE s.property_id = ${p} AND s.position = 0 AND s.sortable = 1 AND ${key} IS NOT NULL`,
      k: key,
      id: 's.item_id',
      lvl: 's.level',
      numeric: isRange(order.prop),
    },
    {
      phase: 1,
      from: `item_sort_gaps g CROSS JOIN items i ON i.id = g.item_id WHERE g.property_id = ${p}`,
      k: 'g.created_at',
      id: 'g.item_id',
      lvl: 'i.level',
      numeric: false,
    },
  ];
}

/**
 * The order's items as (phase, k, id, lvl), each arm through the index the page walks use, kept inside
 * (lo, hi] when given.
 */
function orderRows(collectionId: number, order: Order, lo: Bound | null, hi: Bound | null): { sql: string; binds: unknown[] } {
  const binds: unknown[] = [];
  const arms: string[] = [];
  for (const src of phaseSources(collectionId, order)) {
    const cond = within(src.phase, `${src.k}, ${src.id}`, lo, hi, binds);
    if (cond !== null) arms.push(`SELECT ${src.phase} AS phase, ${src.k} AS k, ${src.id} AS id, ${src.lvl} AS lvl FROM ${src.from}${cond}`);
  }
  return { sql: arms.length > 0 ? arms.join(' UNION ALL ') : 'SELECT 0 AS phase, NULL AS k, NULL AS id, NULL AS lvl WHERE 0', binds };
}

/**
 * The buckets of the order's items in (lo, hi], `size` items each, as one JSON array (SQL). The first
 * bucket of phase 0 starts at `first0`, that of phase 1 at `first1`. `ensure` adds an empty first bucket
 * for a phase that has no item (a built order always has both phases' first buckets).
 */
function bucketsSql(
  rows: { sql: string; binds: unknown[] },
  size: number,
  first0: Bound | null,
  first1: Bound | null,
  ensure: (0 | 1)[],
): { sql: string; binds: unknown[] } {
  const empty = ensure
    .map((phase) => ` UNION ALL SELECT ${phase}, 0, 0, 0, 0, 0, 0 WHERE NOT EXISTS (SELECT 1 FROM g WHERE phase = ${phase})`)
    .join('');
  // One pass over the numbered rows: each bucket's counts and its last row (the bare columns of max(n)),
  // which is where the next bucket starts.
  const sql = `WITH o AS (SELECT phase, k, id, lvl, row_number() OVER (PARTITION BY phase ORDER BY k, id) AS n FROM (${rows.sql})),
    b AS (SELECT phase, (n - 1) / ${Math.floor(size)} AS j, sum(lvl = 0) AS c0, sum(lvl <= 1) AS c1, sum(lvl <= 3) AS c3, sum(lvl <= 2) AS c2, count(*) AS cn, max(n) AS last, k, id
      FROM o GROUP BY phase, j),
    g AS (SELECT phase, j, c0, c1, c3, cn AS n, c2 FROM b),
    h AS (SELECT * FROM g${empty}),
    e AS (SELECT phase, j + 1 AS j, k, id FROM b)
    SELECT json_group_array(json(x)) FROM (
      SELECT CASE WHEN h.j > 0 THEN json_array(e.phase, e.k, e.id, h.c0, h.c1, h.c3, h.n, h.c2)
        WHEN h.phase = 0 THEN json_array(?, ?, ?, h.c0, h.c1, h.c3, h.n, h.c2)
        ELSE json_array(?, ?, ?, h.c0, h.c1, h.c3, h.n, h.c2) END AS x
      FROM h LEFT JOIN e ON e.phase = h.phase AND e.j = h.j ORDER BY h.phase, h.j)`;
  return { sql, binds: [...rows.binds, ...(first0 ?? [null, null, null]), ...(first1 ?? [null, null, null])] };
}

/**
 * The buckets of a whole order, `size` items each, as one JSON array (SQL), without numbering its rows
 * (a window function writes and reads each row again): each phase's boundaries are found a step at a
 * time, the next one `size` rows past the last along the phase's index (a recursive CTE), then each
 * bucket is counted between its boundaries. About two rows an item. A phase without items keeps an
 * empty first bucket; phase 1's first bucket starts at DIVIDER.
 */
function wholeOrderSql(collectionId: number, order: Order, size: number): string {
  const n = Math.floor(size);
  const ctes: string[] = [];
  const selects: string[] = [];
  for (const src of phaseSources(collectionId, order)) {
    // Below and above every key of the phase: keys are numbers, or text (dates, natural keys).
    const low = src.numeric ? '-1e999' : `''`;
    const high = src.numeric ? '1e999' : 'char(1114111)';
    const after = (at: string) => `(${src.k}, ${src.id}) > (coalesce(${at} ->> 0, ${low}), coalesce(${at} ->> 1, 0))`;
    const upTo = (at: string) => `(${src.k}, ${src.id}) <= (coalesce(${at} ->> 0, ${high}), coalesce(${at} ->> 1, 9223372036854775807))`;
    const b = `b${src.phase}`;
    ctes.push(
      `${b}(j, at) AS (SELECT 0, NULL UNION ALL
        SELECT j + 1, (SELECT json_array(${src.k}, ${src.id}) FROM ${src.from} AND ${after('at')} ORDER BY ${src.k}, ${src.id} LIMIT 1 OFFSET ${n - 1})
        FROM ${b} WHERE j = 0 OR at IS NOT NULL)`,
    );
    const first = src.phase === 0 ? 'NULL, NULL, NULL' : `${DIVIDER[0]}, '${DIVIDER[1]}', ${DIVIDER[2]}`;
    selects.push(`SELECT ${src.phase} AS phase, j, CASE WHEN j = 0 THEN json_array(${first}) ELSE json_array(${src.phase}, at ->> 0, at ->> 1) END AS start, (
        SELECT json_array(coalesce(sum(${src.lvl} = 0), 0), coalesce(sum(${src.lvl} <= 1), 0), coalesce(sum(${src.lvl} <= 3), 0), count(*),
          coalesce(sum(${src.lvl} <= 2), 0)) FROM ${src.from} AND ${after('at')} AND ${upTo('stop')}) AS c
      FROM (SELECT j, at, lead(at) OVER (ORDER BY j) AS stop FROM ${b}) WHERE j = 0 OR at IS NOT NULL`);
  }
  // (A subquery with an OFFSET is not merged into the outer one: each bucket is counted once, not once
  // for each of its counts named below.)
  return `WITH RECURSIVE ${ctes.join(', ')}
    SELECT json_group_array(json(x)) FROM (
      SELECT json_array(start ->> 0, start ->> 1, start ->> 2, c ->> 0, c ->> 1, c ->> 2, c ->> 3, c ->> 4) AS x
      FROM (${selects.join(' UNION ALL ')} LIMIT -1 OFFSET 0) WHERE j = 0 OR c ->> 3 > 0 ORDER BY phase, j)`;
}

/**
 * Builds (or builds again) one order of a collection from its items: one statement, about two rows an
 * item (wholeOrderSql; 200,000-odd for an order of 100,000 items). Atomic, so writes before it are
 * counted and writes after it apply. It does nothing when the order is there and its counts add up to
 * the collection's counters, so deep pages asking at once while it is built cost one build.
 */
export function buildOrderStatement(d1: D1Database, collectionId: number, order: Order, size: number): D1PreparedStatement {
  const c = inlineId(collectionId);
  const sound = `SELECT 1 FROM sort_ranks r CROSS JOIN collections k ON k.id = r.collection_id
    WHERE r.collection_id = ${c} AND json_type(r.data, '$.${order.key}') = 'array' AND (
      SELECT sum(b.value ->> 3) = k.count_everyone AND sum(b.value ->> 4) = k.count_logged_in AND sum(b.value ->> 5) = k.count_owner
        AND sum(b.value ->> 7) = k.count_shared
      FROM json_each(r.data, '$.${order.key}') b)`;
  return d1.prepare(
    `INSERT INTO sort_ranks (collection_id, version, data) SELECT ${c}, 1, json_object('${order.key}', json((${wholeOrderSql(collectionId, order, size)})))
      WHERE NOT EXISTS (${sound})
      ON CONFLICT (collection_id) DO UPDATE SET version = version + 1, data = json_set(data, '$.${order.key}', json(excluded.data -> '$.${order.key}'))`,
  );
}

/**
 * The statement moving the target items' positions in every order kept for their collection by `sign`
 * (-1 before a write changes or deletes them, +1 after it added or changed them). One row written.
 * The positions are read as the page walks read them: dates, the first value's sort key of each
 * sortable property, or its sort gap.
 */
export function rankChangeSql(collectionId: number, target: string, sign: 1 | -1): string {
  const c = inlineId(collectionId);
  const range = RANGE_PROPERTY_TYPES.map((t) => `'${t}'`).join(', ');
  const positions = `SELECT 'c' AS ord, 0 AS phase, i.created_at AS k, i.id AS id, i.level AS lvl FROM items i WHERE ${target}
      UNION ALL SELECT 'u', 0, i.updated_at, i.id, i.level FROM items i WHERE ${target}
      UNION ALL SELECT 'p' || p.id, 0, CASE WHEN p.type IN (${range}) THEN s.sort_number ELSE s.natural_key END, i.id, i.level
        FROM items i CROSS JOIN properties p ON p.collection_id = i.collection_id AND p.sortable = 1
        CROSS JOIN item_values s ON s.item_id = i.id AND s.property_id = p.id AND s.position = 0 AND s.sortable = 1
        WHERE ${target} AND (CASE WHEN p.type IN (${range}) THEN s.sort_number ELSE s.natural_key END) IS NOT NULL
      UNION ALL SELECT 'p' || p.id, 1, g.created_at, i.id, i.level
        FROM items i CROSS JOIN properties p ON p.collection_id = i.collection_id AND p.sortable = 1
        CROSS JOIN item_sort_gaps g ON g.property_id = p.id AND g.created_at = i.created_at AND g.item_id = i.id
        WHERE ${target}`;
  // Each position's bucket is found once (h), then only the orders it touches are rebuilt with their counts moved.
  return `WITH d AS MATERIALIZED (${positions}),
    r AS MATERIALIZED (SELECT data FROM sort_ranks WHERE collection_id = ${c}),
    h AS MATERIALIZED (SELECT ord, j, sum(lvl = 0) AS c0, sum(lvl <= 1) AS c1, sum(lvl <= 3) AS c3, count(*) AS n, sum(lvl <= 2) AS c2 FROM (
      SELECT d.ord, d.lvl, (SELECT max(e.key) FROM r, json_each(r.data, '$.' || d.ord) e
        WHERE e.key = 0 OR (e.value ->> 0, e.value ->> 1, e.value ->> 2) < (d.phase, d.k, d.id)) AS j
      FROM d) WHERE j IS NOT NULL GROUP BY ord, j)
    UPDATE sort_ranks SET data = (
      SELECT json_group_object(o.key, json(CASE WHEN NOT EXISTS (SELECT 1 FROM h WHERE h.ord = o.key) THEN o.value ELSE (
        SELECT json_group_array(json(x)) FROM (
          SELECT json_array(b.value ->> 0, b.value ->> 1, b.value ->> 2, b.value ->> 3 + ${sign} * coalesce(h.c0, 0),
            b.value ->> 4 + ${sign} * coalesce(h.c1, 0), b.value ->> 5 + ${sign} * coalesce(h.c3, 0), b.value ->> 6 + ${sign} * coalesce(h.n, 0),
            b.value ->> 7 + ${sign} * coalesce(h.c2, 0)) AS x
          FROM json_each(o.value) b LEFT JOIN h ON h.ord = o.key AND h.j = b.key
          ORDER BY b.key)) END))
      FROM json_each(sort_ranks.data) o)
    WHERE collection_id = ${c} AND EXISTS (SELECT 1 FROM h)`;
}

/** The orders of a collection with a bucket past the split size. */
function oversizedSql(collectionId: number, split: number): string {
  return `SELECT DISTINCT o.key AS ord FROM sort_ranks r, json_each(r.data) o, json_each(o.value) b
    WHERE r.collection_id = ${inlineId(collectionId)} AND b.value ->> 6 > ${Math.floor(split)}`;
}

/** Forgets the orders of the properties named, so that the next deep page builds them again. */
export function forgetOrdersSql(collectionId: number, propertyIds: number[]): string {
  const paths = propertyIds.map((id) => `'$.p${inlineId(id)}'`).join(', ');
  return `UPDATE sort_ranks SET version = version + 1, data = json_remove(data, ${paths}) WHERE collection_id = ${inlineId(collectionId)}`;
}

/**
 * Forgets, in whichever collections they belong to, the orders of the properties whose values the JSON
 * array bound as ?1 names (each entry `[item, property, …]`): values given a natural key after they were
 * written (natural-keys.job.ts) move their items within those orders.
 */
export const FORGET_ORDERS_OF_VALUES_SQL = `UPDATE sort_ranks SET version = version + 1, data = (
    SELECT json_group_object(o.key, json(o.value)) FROM json_each(sort_ranks.data) o
    WHERE o.key NOT IN (SELECT 'p' || (k.value ->> 1) FROM json_each(?1) k))
  WHERE collection_id IN (SELECT p.collection_id FROM json_each(?1) k JOIN properties p ON p.id = k.value ->> 1)`;

/** The collection's counters (items each level may see), as an order's buckets must add up to. */
export interface Counters {
  c0: number;
  c1: number;
  c2: number;
  c3: number;
}

/**
 * Whether an order's buckets count the collection's items exactly, at every level: only then is it
 * trusted (a layout changed between a write's read and its batch leaves the counts short); otherwise it
 * is built again.
 */
export function countsAddUp(buckets: Bucket[] | null | undefined, counters: Counters): buckets is Bucket[] {
  if (!Array.isArray(buckets)) return false;
  const sum = (at: 3 | 4 | 5 | 7) => buckets.reduce((n, bucket) => n + bucket[at], 0);
  return sum(3) === counters.c0 && sum(4) === counters.c1 && sum(7) === counters.c2 && sum(5) === counters.c3;
}

/** A collection's kept orders, and the version of their layout (their boundaries). */
export interface KeptOrders {
  version: number;
  orders: Record<string, Bucket[]>;
}

/** The kept orders of a collection, read before a write (null: it keeps none). */
export async function readKeptOrders(d1: D1Database, collectionId: number): Promise<KeptOrders | null> {
  const row = await d1
    .prepare('SELECT version, data FROM sort_ranks WHERE collection_id = ?')
    .bind(collectionId)
    .first<{ version: number; data: string }>();
  return row ? { version: row.version, orders: JSON.parse(row.data) as Record<string, Bucket[]> } : null;
}

/**
 * An item as the orders see it. `null` dates and id: a write that stamps them now, so the item comes
 * after every other (the newest date, the largest id).
 */
export interface RankedItem {
  id: number | null;
  createdAt: string | null;
  updatedAt: string | null;
  level: number;
  /** Each sortable property's sort key of the first value (sort_number for numbers and dates, else natural_key). */
  keys: Map<number, string | number | null>;
}

const NEWEST = Symbol('newest');
type Key = string | number | typeof NEWEST;

/** SQLite compares text by its UTF-8 bytes, which is the order of code points (not of UTF-16 units). */
export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  const x = Array.from(a);
  const y = Array.from(b);
  for (let n = 0; n < Math.min(x.length, y.length); n += 1) {
    const d = x[n]!.codePointAt(0)! - y[n]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

/** SQLite's order of a sort key: numbers before text; NEWEST after everything. */
function compareKey(a: Key, b: Key): number {
  if (a === b) return 0;
  if (a === NEWEST || b === NEWEST) return a === NEWEST ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a !== typeof b) return typeof a === 'number' ? -1 : 1;
  return compareText(a as string, b as string);
}

/** The bucket of a place: the last one whose boundary is below it. */
function bucketOf(buckets: Bucket[], phase: 0 | 1, key: Key, id: number | null): number {
  for (let j = buckets.length - 1; j > 0; j -= 1) {
    const [bPhase, bKey, bId] = buckets[j]!;
    const d = bPhase! - phase || compareKey(bKey!, key) || (id === null ? -1 : bId! - id);
    if (d < 0) return j;
  }
  return 0;
}

/** Where an item stands in one kept order: its phase, key and id. */
function placeIn(order: string, item: RankedItem): [0 | 1, Key] | null {
  if (order === 'c') return [0, item.createdAt ?? NEWEST];
  if (order === 'u') return [0, item.updatedAt ?? NEWEST];
  if (!item.keys.has(Number(order.slice(1)))) return null;
  const key = item.keys.get(Number(order.slice(1)));
  return key === null || key === undefined ? [1, item.createdAt ?? NEWEST] : [0, key];
}

/**
 * The statement moving an item's counts in the kept orders from where it stood (`before`, null for a new
 * item) to where it stands (`after`, null once deleted): a few counts set in place, applied only if the
 * buckets' layout is still the one read (a split in between leaves the counts short, and the next deep
 * page, finding they no longer add up, builds the order again). Null when nothing moves. Also says
 * whether a bucket grows past `split` (to cut after the write).
 */
export function rankMoves(
  collectionId: number,
  kept: KeptOrders,
  before: RankedItem | null,
  after: RankedItem | null,
  split: number,
  readAt?: number,
): { sql: string; oversized: string[] } | null {
  const deltas = new Map<string, number[]>();
  const move = (order: string, buckets: Bucket[], item: RankedItem, sign: number) => {
    const place = placeIn(order, item);
    if (!place) return;
    const j = bucketOf(buckets, place[0], place[1], item.id);
    const at = `${order}[${j}]`;
    // The bucket's counts from its fourth entry: [c0, c1, c3, n, c2].
    const delta = deltas.get(at) ?? [0, 0, 0, 0, 0];
    delta[0]! += sign * Number(item.level === 0);
    delta[1]! += sign * Number(item.level <= 1);
    delta[2]! += sign * Number(item.level <= 3);
    delta[3]! += sign;
    delta[4]! += sign * Number(item.level <= 2);
    deltas.set(at, delta);
  };
  for (const [order, buckets] of Object.entries(kept.orders)) {
    if (before) move(order, buckets, before, -1);
    if (after) move(order, buckets, after, 1);
  }
  const sets: string[] = [];
  const oversized = new Set<string>();
  for (const [at, delta] of deltas) {
    const [order, index] = [at.slice(0, at.indexOf('[')), Number(at.slice(at.indexOf('[') + 1, -1))];
    delta.forEach((d, n) => {
      if (d !== 0) sets.push(`'$.${at}[${n + 3}]', json_extract(data, '$.${at}[${n + 3}]') + ${d}`);
    });
    if ((kept.orders[order]![index]![6] ?? 0) + delta[3]! > split) oversized.add(order);
  }
  if (sets.length === 0) return null;
  // json_set takes at most 100 arguments in D1: past JSON_SET_PAIRS paths, one json_set wraps another.
  let moved = 'data';
  for (let n = 0; n < sets.length; n += JSON_SET_PAIRS) moved = `json_set(${moved}, ${sets.slice(n, n + JSON_SET_PAIRS).join(', ')})`;
  // An item read at version `readAt` must still be there at it (the statement comes first in its batch):
  // otherwise where it stood is unknown, and the orders are forgotten, to be built again.
  const same =
    before?.id && readAt !== undefined ? `(SELECT version FROM items WHERE id = ${inlineId(before.id)}) = ${Math.floor(readAt)}` : null;
  return {
    sql: same
      ? `UPDATE sort_ranks SET data = CASE WHEN ${same} THEN ${moved} ELSE '{}' END, version = CASE WHEN ${same} THEN version ELSE version + 1 END
        WHERE collection_id = ${inlineId(collectionId)} AND version = ${Math.floor(kept.version)}`
      : `UPDATE sort_ranks SET data = ${moved} WHERE collection_id = ${inlineId(collectionId)} AND version = ${Math.floor(kept.version)}`,
    oversized: [...oversized],
  };
}

function orderFromKey(key: string, props: Pick<PropertyRow, 'id' | 'type'>[]): Order | null {
  if (key === 'c' || key === 'u') return { key };
  const prop = props.find((p) => `p${p.id}` === key);
  return prop ? orderOf(prop) : null;
}

/** How many cuts one call makes at most (a write grows a bucket past the split size about once per order). */
const CUTS_PER_CALL = 8;

/**
 * Cuts the oversized buckets of the orders named into buckets of half the split size (and drops the
 * empty ones of their order), each bucket in one statement that reads its items once and applies only if
 * nothing was written since the buckets were read (the row's version): a write in between leaves the cut
 * to the next write.
 */
export async function splitOversized(
  d1: D1Database,
  collectionId: number,
  props: Pick<PropertyRow, 'id' | 'type'>[],
  ords: string[],
  split: number,
): Promise<void> {
  let cuts = 0;
  for (const order of [...new Set(ords)].map((key) => orderFromKey(key, props))) {
    if (!order) continue;
    while (cuts < CUTS_PER_CALL) {
      const row = await d1
        .prepare(`SELECT version, data -> '$.${order.key}' AS buckets FROM sort_ranks WHERE collection_id = ?`)
        .bind(collectionId)
        .first<{ version: number; buckets: string | null }>();
      if (!row?.buckets) break;
      const buckets = JSON.parse(row.buckets) as Bucket[];
      const j = buckets.findLastIndex((bucket) => bucket[6] > split);
      if (j < 0) break;
      const bucket = buckets[j]!;
      const lo = bucket[0] === null ? null : ([bucket[0], bucket[1], bucket[2]] as Bound);
      const next = buckets[j + 1];
      const hi = next ? ([next[0], next[1], next[2]] as Bound) : null;
      const phase = lo ? lo[0] : 0;
      const pieces = bucketsSql(
        orderRows(collectionId, order, lo, hi),
        Math.max(1, Math.floor(split / 2)),
        phase === 0 ? lo : null,
        phase === 1 ? lo : null,
        [phase],
      );
      const result = await d1
        .prepare(
          `UPDATE sort_ranks SET version = version + 1, data = json_set(data, '$.${order.key}', json((
            SELECT json_group_array(json(x)) FROM (
              SELECT b.key AS pos, 0 AS sub, b.value AS x FROM json_each(sort_ranks.data, '$.${order.key}') b
              WHERE b.key <> ${j} AND (b.key = 0 OR b.value ->> 6 > 0 OR b.value ->> 2 = 0)
              UNION ALL SELECT ${j}, r.key, r.value FROM json_each((${pieces.sql})) r
              ORDER BY pos, sub))))
          WHERE collection_id = ${inlineId(collectionId)} AND version = ${row.version}`,
        )
        .bind(...pieces.binds)
        .run();
      cuts += 1;
      if (result.meta.changes !== 1) return;
    }
  }
}

/** After a write that moved kept ranks: splits the buckets it grew past `split` items, if any. */
export async function splitIfNeeded(
  d1: D1Database,
  collectionId: number,
  props: Pick<PropertyRow, 'id' | 'type'>[],
  split: number,
): Promise<void> {
  const { results } = await d1.prepare(oversizedSql(collectionId, split)).all<{ ord: string }>();
  if (results.length > 0)
    await splitOversized(
      d1,
      collectionId,
      props,
      results.map((r) => r.ord),
      split,
    );
}

/** splitIfNeeded() after a batch holding `ranked` (an import step's), when that statement moved kept ranks. */
export async function splitAfter(
  d1: D1Database,
  batch: D1PreparedStatement[],
  results: D1Result[],
  ranked: D1PreparedStatement | null,
  collectionId: number,
  props: Pick<PropertyRow, 'id' | 'type'>[],
  split: number,
): Promise<void> {
  const at = ranked ? batch.indexOf(ranked) : -1;
  if (at >= 0 && (results[at]?.meta.changes ?? 0) > 0) await splitIfNeeded(d1, collectionId, props, split);
}

/** A place to start a walk: strictly after `from` (or at the start), passing over `skip` items. */
export interface RankedStart {
  /** The walk's cursor kind and place ('d' dates, 'v' values, 'm' the items without one); null: the start. */
  from: ['d' | 'v' | 'm', string | number, number] | null;
  skip: number;
}

const countAt = (bucket: Bucket, level: CallerLevel) => bucket[([3, 4, 7, 5] as const)[level]];

/**
 * Where a walk in direction `dir` starts to reach the item at `position` (0-based, as the caller sees the
 * order): the nearest bucket boundary at or before it, and how many items to pass over from there.
 * - Ascending: a boundary starts the walk right after itself, where its bucket's items come.
 * - Descending by a date or by values: the walk goes down from the boundary, the boundary included (its
 *   id plus one, ids being whole numbers), so the items above it are the buckets from its own on.
 * - Descending by a property, the items without a value still come last, oldest first: those are walked
 *   up from the divider or their own boundaries.
 */
export function rankedStart(
  buckets: Bucket[],
  level: CallerLevel,
  dir: 'ASC' | 'DESC',
  byProperty: boolean,
  position: number,
): RankedStart {
  const kind = (phase: 0 | 1) => (byProperty ? (phase === 0 ? 'v' : 'm') : 'd');
  const anchors: { at: number; from: RankedStart['from'] }[] = [{ at: 0, from: null }];
  let before = 0;
  const valued = buckets.filter((b) => (b[0] ?? 0) === 0).reduce((sum, b) => sum + countAt(b, level), 0);
  for (const bucket of buckets) {
    const [phase, key, id] = bucket;
    if (phase !== null && key !== null && id !== null) {
      if (dir === 'ASC' || phase === 1) anchors.push({ at: before, from: [kind(phase), key, id] });
      else anchors.push({ at: valued - before, from: [kind(phase), key, id + 1] });
    }
    before += countAt(bucket, level);
  }
  let best = anchors[0]!;
  for (const anchor of anchors) if (anchor.at <= position && anchor.at >= best.at) best = anchor;
  return { from: best.from, skip: position - best.at };
}
