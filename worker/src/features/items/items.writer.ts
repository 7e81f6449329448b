// The one way items are written. Routes, and imports and restores after them, create, edit, copy and
// delete items through these functions, which keep every structure derived from values in step, in
// the same D1 batch (all or nothing). What is derived, and who keeps it:
//
// | structure                          | kept by                                                        |
// |------------------------------------|----------------------------------------------------------------|
// | items.data (values as cached JSON) | this module: dataOf() for item writes, rebuildData() for copies |
// |                                    | and property changes, in each write's batch                    |
// | items_search (search, facet tokens)| this module: refreshSearch(); trigger items_search_delete      |
// | collections.count_* (item counts)  | triggers items_count_* on items (migration 0002); an import    |
// |                                    | step counts its new items itself, once (counts_deferred, 0021) |
// | item_values.level (item's level)   | trigger item_values_level on items (migration 0004)            |
// | item_values.sortable (sort indexes)| this module from the property; properties.routes.ts on a change |
// | facet_counts (filter panel counts) | triggers facet_counts_* on item_values (migration 0004); an    |
// |                                    | import step counts its inserted values once per distinct value |
// | facet_counts.items, facet_item_    | the same triggers and import statement, with the counts        |
// | chunks (each value's items)        | (migration 0029); triggers facet_items_* close long lists      |
// | facet_spans (months and years of   | triggers facet_spans_* on item_values (migration 0031); an     |
// | dates, facet-spans.ts)             | import step adds its values' spans with their counts           |
// | facet_spans "n0/n1/n2" (spans of a | triggers facet_spans_number_* on item_values (migration 0034), |
// | number of many values)             | imports included; built by a range or an hourly job, once      |
// | item_sort_gaps (end of a sort)     | this module: sortGaps() in each write's batch; deleted with     |
// |                                    | their property (foreign key)                                   |
// | sort_ranks (where items stand in   | this module: rankWrite() for one item, ranks() for copies and   |
// | each order of a large collection)  | import steps, in their batch; sort-ranks.ts builds and forgets |
// | items.lent_copies (copies lent)    | triggers loans_lent_* on loans (migration 0030), whatever     |
// |                                    | writes a loan; a restore sets it to 0 and they count again     |
// | collections.unavailable_* (items   | triggers items_unavailable_* on items (migration 0033), as     |
// | with no copy left to lend)         | lent_copies, quantity and level change; recounted on restore   |
// | version (lost-update guard)        | this module sets it; triggers *_stale_write check it (0007)    |
// | media files in R2                  | this module: releaseMedia() after an edit or a delete; the     |
// |                                    | daily sweep for uploads never saved                            |
//
// Changes to a collection's properties re-derive the first two for the whole collection through
// refreshCollection(); a deleted property's values leave with forgetPropertyValues(), and a property that
// becomes sortable or stops moves its values in or out of the sort indexes with markSortable().
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { inlineId } from '@worker/db/inline-id';
import { NOW_SQL, sqlNow } from '@worker/db/now';
import { RANGE_PROPERTY_TYPES, TEXT_VALUE_MAX_LENGTH, type PropertyType } from '@shared/catalogue';
import type { FieldIssue } from '@shared/errors';
import { FACET_ITEMS_WHOLE, itemValues, items, properties } from '@worker/db/schema';
import type { Db } from '@worker/env';
import { runBatch } from '@worker/lib/batch';
import { ApiError } from '@worker/lib/api-error';
import { abortedWith } from '@worker/lib/error-handler';
import { releaseMedia } from '@worker/lib/media';
import { spanRowsInsert } from './facet-spans';
import { sortKeys, valuesToRows, type PropertyRow, type ValueRow } from '@worker/lib/values';
import type { ItemRow } from '@worker/db/raw-rows';
import type { RecordItem } from '@shared/import/records';
import { listPropertyRows } from '../properties/properties.queries';
import { mediaValuesOf } from './items.media';
import { storedValues } from './item-values';
import {
  forgetOrdersSql,
  RANK_SPLIT,
  rankChangeSql,
  rankMoves,
  readKeptOrders,
  splitIfNeeded,
  splitOversized,
  type KeptOrders,
  type RankedItem,
} from './sort-ranks';

// Import steps run their own batches; these place their items in the kept sort orders afterwards.
export { rankTuning, splitAfter } from './sort-ranks';

/** What a write needs besides the database: the media bucket and a way to finish work after answering. */
export interface WriteContext {
  db: Db;
  d1: D1Database;
  media: R2Bucket;
  /** Work that may finish after the response (a route's waitUntil; a Workflow step awaits it). */
  defer: (work: Promise<unknown>) => void;
  /** Items a sort-ranks bucket may hold before it is split (sort-ranks.ts; RANK_SPLIT when not given). */
  rankSplit?: number;
}

/** A new item as submitted: values keyed by property key. */
export interface ItemDraft {
  values: Record<string, unknown>;
  quantity: number;
  visibility: number | null;
  borrowable: number | null;
}

/** An edit: only what is given changes; `values`, when given, replaces every value. */
export interface ItemPatch {
  values?: Record<string, unknown>;
  quantity?: number;
  visibility?: number | null;
  borrowable?: number | null;
  /** The version the edit was made from (409 STALE_WRITE when the item has moved on). */
  version?: number;
}

/** item_values has 9 columns; D1 binds at most 100 parameters per statement. */
const VALUE_ROWS_PER_STATEMENT = Math.floor(100 / 9);

/**
 * Inside a write batch (one transaction, and D1 runs one writer at a time) the newest item is the one
 * the batch just inserted. max(id) of the whole table is a single step down the rowid b-tree; the
 * collection id only guards against misuse.
 */
function newestItemOf(collectionId: number): string {
  return `(SELECT max(id) FROM items WHERE collection_id = ${inlineId(collectionId)} AND id = (SELECT max(id) FROM items))`;
}

/**
 * Which items a derived structure is refreshed for: one item, the one the batch just inserted, a whole
 * collection, or the imported items whose references the statement's first parameter lists (a JSON array).
 */
type Target = { itemId: number } | { newestOf: number } | { collectionId: number } | { importedInto: number };

function targetSql(target: Target, alias: string): string {
  if ('itemId' in target) return `${alias}.id = ${inlineId(target.itemId)}`;
  if ('newestOf' in target) return `${alias}.id = ${newestItemOf(target.newestOf)}`;
  if ('importedInto' in target) {
    return `${alias}.collection_id = ${inlineId(target.importedInto)} AND ${alias}.import_ref IN (SELECT value FROM json_each(?1))`;
  }
  return `${alias}.collection_id = ${inlineId(target.collectionId)}`;
}

/** items.data from item_values: values by property id, arrays (in position order) for multiple properties. */
function rebuildData(db: Db, target: Target) {
  return db.run(
    sql.raw(`UPDATE items AS i SET data = coalesce((
      SELECT json_group_object(g.pid, json(g.v)) FROM (
        SELECT v.property_id AS pid,
          CASE WHEN p.multiple = 1
            THEN (SELECT json_group_array(json(x.value)) FROM (
              SELECT value FROM item_values x WHERE x.item_id = v.item_id AND x.property_id = v.property_id ORDER BY x.position) x)
            ELSE min(v.value) END AS v
        FROM item_values v JOIN properties p ON p.id = v.property_id
        WHERE v.item_id = i.id
        GROUP BY v.property_id) g), '{}')
    WHERE ${targetSql(target, 'i')}`),
  );
}

/** Searchable text of an item at one visibility level (searchable properties and the title). */
function textAt(level: number): string {
  return `coalesce((
    SELECT group_concat(json_extract(v.value, '$'), ' ')
    FROM item_values v JOIN properties p ON p.id = v.property_id
    WHERE v.item_id = i.id AND (p.searchable = 1 OR p.is_title = 1) AND p.visibility = ${level}
      AND p.type IN ('text', 'longtext', 'url', 'number')
  ), '')`;
}

/**
 * The item's collection ("c<collection id>", so a search reads only its collection's rows), then one
 * token per value of a filterable text or yes/no property: "f<property id>v<hex of the lower-cased
 * value>" (or v true / v false). The SQL below and items.search.ts (facetToken, inCollection) build the
 * same text.
 */
const FACETS = `'c' || i.collection_id || ' ' || coalesce((
    SELECT group_concat('f' || p.id || 'v' || CASE WHEN p.type = 'yesno'
        THEN CASE WHEN v.sort_number = 1 THEN 'true' ELSE 'false' END
        ELSE lower(hex(v.sort_text)) END, ' ')
    FROM item_values v JOIN properties p ON p.id = v.property_id
    WHERE v.item_id = i.id AND p.filterable = 1 AND p.type NOT IN ('number', 'rating', 'date', 'datetime')
  ), '')`;

/**
 * The item's search row: its text split into four columns by the properties' visibility, so a
 * caller's search only matches text that caller may see (level 4 properties are indexed nowhere).
 * The columns are those searchColumns() in lib/visibility.ts names for levels 0, 1, 2 and 3.
 */
function refreshSearchSql(target: Target): string {
  return `INSERT OR REPLACE INTO items_search (rowid, everyone, logged_in, shared, owner, facets)
    SELECT i.id, ${textAt(0)}, ${textAt(1)}, ${textAt(2)}, ${textAt(3)}, ${FACETS} FROM items i WHERE ${targetSql(target, 'i')}`;
}

function refreshSearch(db: Db, target: Target) {
  return db.run(sql.raw(refreshSearchSql(target)));
}

/**
 * The target's items take (+1) their places in the sort orders kept for their collection, found in SQL
 * (sort-ranks.ts, rankChangeSql): for a copy, whose values the Worker never reads. A collection without
 * kept orders writes nothing.
 */
function ranks(db: Db, collectionId: number, target: Target) {
  return db.run(sql.raw(rankChangeSql(collectionId, targetSql(target, 'i'), 1)));
}

/** Whether a batch's rank statement changed the kept orders (a bucket may then need splitting). */
function ranked(result: unknown): boolean {
  return ((result as { meta?: { changes?: number } } | undefined)?.meta?.changes ?? 0) > 0;
}

const isRangeType = (prop: PropertyRow) => (RANGE_PROPERTY_TYPES as readonly string[]).includes(prop.type);

/** An item as the sort orders see it, from the value rows it is written with (a new item: dates and id to come). */
function rankedFromRows(props: PropertyRow[], rows: ValueRow[], level: number, stored?: Pick<ItemRow, 'id' | 'created_at'>): RankedItem {
  const keys = new Map<number, string | number | null>();
  for (const prop of props.filter((p) => p.sortable)) {
    const first = rows.find((r) => r.propertyId === prop.id && r.position === 0);
    keys.set(prop.id, first ? (isRangeType(prop) ? first.sortNumber : first.naturalKey) : null);
  }
  return { id: stored?.id ?? null, createdAt: stored?.created_at ?? null, updatedAt: null, level, keys };
}

/** A stored item as the sort orders see it: its dates, and the sort keys of its first values, from its cached data. */
function rankedFromStored(props: PropertyRow[], item: Pick<ItemRow, 'id' | 'created_at' | 'updated_at' | 'level' | 'data'>): RankedItem {
  const stored = storedValues(props, item.data);
  const keys = new Map<number, string | number | null>();
  for (const prop of props.filter((p) => p.sortable)) {
    const first = stored.get(prop.id)?.[0];
    const sorted = first === undefined ? null : sortKeys(prop.type as PropertyType, JSON.parse(first) as unknown);
    keys.set(prop.id, sorted ? (isRangeType(prop) ? sorted.sortNumber : sorted.naturalKey) : null);
  }
  return { id: item.id, createdAt: item.created_at, updatedAt: item.updated_at, level: item.level, keys };
}

/**
 * The statement moving an item in the kept sort orders (one row written), and the cut of any bucket it
 * grows past the split size, deferred after the answer. Nothing when the collection keeps no orders.
 */
function rankWrite(
  ctx: WriteContext,
  collectionId: number,
  props: PropertyRow[],
  kept: KeptOrders | null,
  before: RankedItem | null,
  after: RankedItem | null,
  readAt?: number,
) {
  const moves = kept ? rankMoves(collectionId, kept, before, after, ctx.rankSplit ?? RANK_SPLIT, readAt) : null;
  if (!moves) return { statements: [], after: () => {} };
  return {
    statements: [ctx.db.run(sql.raw(moves.sql))],
    after: () => {
      if (moves.oversized.length > 0) ctx.defer(splitOversized(ctx.d1, collectionId, props, moves.oversized, ctx.rankSplit ?? RANK_SPLIT));
    },
  };
}

/**
 * Whether item i has something to sort by for property p: a first value holding the key its type sorts
 * by, as the sort walks require it (items/list/walk.ts, sortIndexed()).
 */
const SORT_VALUED = `EXISTS (SELECT 1 FROM item_values s WHERE s.item_id = i.id AND s.property_id = p.id AND s.position = 0 AND s.sortable = 1
  AND (CASE WHEN p.type IN (${RANGE_PROPERTY_TYPES.map((t) => `'${t}'`).join(', ')}) THEN s.sort_number ELSE s.natural_key END) IS NOT NULL)`;

/**
 * item_sort_gaps in step with the values of the target's items, for the sortable properties of their
 * collection that `which` selects (SQL on p; all by default): a gap a value now fills leaves, a value
 * gone leaves a gap. Each statement reads the target's items with those properties and writes only what
 * changes. A new item needs only the second.
 */
export function sortGaps(db: Db, target: Target, which = 'TRUE', only: 'fill' | 'both' = 'both'): BatchItem<'sqlite'>[] {
  return sortGapsSql(target, which, only).map((text) => db.run(sql.raw(text)));
}

function sortGapsSql(target: Target, which: string, only: 'fill' | 'both'): string[] {
  const pairs = `FROM items i JOIN properties p ON p.collection_id = i.collection_id WHERE ${targetSql(target, 'i')} AND (${which})`;
  const fill = `INSERT OR IGNORE INTO item_sort_gaps (property_id, created_at, item_id)
      SELECT p.id, i.created_at, i.id ${pairs} AND p.sortable = 1 AND NOT ${SORT_VALUED}`;
  if (only === 'fill') return [fill];
  return [
    `DELETE FROM item_sort_gaps WHERE (property_id, created_at, item_id) IN (SELECT p.id, i.created_at, i.id ${pairs} AND ${SORT_VALUED})`,
    fill,
  ];
}

function insertValues(db: Db, itemId: number | SQL, level: number, rows: ValueRow[]) {
  const statements = [];
  for (let start = 0; start < rows.length; start += VALUE_ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + VALUE_ROWS_PER_STATEMENT);
    statements.push(db.insert(itemValues).values(chunk.map((r) => ({ ...r, itemId, level }))));
  }
  return statements;
}

/**
 * items.data from the rows about to be stored, exactly as rebuildData() makes it from the stored rows:
 * keys in ascending property id, the stored JSON texts as they are, arrays in position order for
 * multiple properties. Writing it with the item saves the UPDATE that would rebuild it.
 */
export function dataOf(props: PropertyRow[], rows: ValueRow[]): string {
  const multiple = new Map(props.map((p) => [p.id, p.multiple]));
  const byProperty = new Map<number, string[]>();
  for (const row of [...rows].sort((a, b) => a.propertyId - b.propertyId || a.position - b.position)) {
    byProperty.set(row.propertyId, [...(byProperty.get(row.propertyId) ?? []), row.value]);
  }
  const entries = [...byProperty].map(([id, values]) => `"${id}":${multiple.get(id) ? `[${values.join(',')}]` : values[0]}`);
  return `{${entries.join(',')}}`;
}

/**
 * The properties whose values an edit changes. Each is rewritten whole (its rows deleted, its new rows
 * inserted), so an edit writes about what it changes and nothing else.
 */
function changedProperties(props: PropertyRow[], data: string, rows: ValueRow[]): Set<number> {
  const before = storedValues(props, data);
  const after = new Map<number, string[]>();
  for (const row of rows) after.set(row.propertyId, [...(after.get(row.propertyId) ?? []), row.value]);
  const changed = new Set<number>();
  for (const id of new Set([...before.keys(), ...after.keys()])) {
    const a = before.get(id) ?? [];
    const b = after.get(id) ?? [];
    if (a.length !== b.length || a.some((value, index) => value !== b[index])) changed.add(id);
  }
  return changed;
}

/** Defaults of properties the submitted values do not mention (new items only). */
function withDefaults(props: PropertyRow[], values: Record<string, unknown>): Record<string, unknown> {
  const out = { ...values };
  for (const p of props) if (!(p.key in out) && p.defaultValue !== null) out[p.key] = JSON.parse(p.defaultValue);
  return out;
}

/**
 * The statements that create one item in a collection: validated values (with defaults), the item with
 * its cached data, its values and its search row. Several items' statements can share one batch; the
 * first statement returns the new id.
 */
export function createItemStatements(
  db: Db,
  collectionId: number,
  props: PropertyRow[],
  draft: ItemDraft,
  rows = valuesToRows(props, withDefaults(props, draft.values), collectionId),
): BatchItem<'sqlite'>[] {
  const level = draft.visibility ?? 0;
  return [
    db
      .insert(items)
      .values({
        collectionId,
        quantity: draft.quantity,
        visibility: draft.visibility,
        level,
        borrowable: draft.borrowable,
        data: dataOf(props, rows),
      })
      .returning({ id: items.id }),
    ...insertValues(db, sql.raw(newestItemOf(collectionId)), level, rows),
    refreshSearch(db, { newestOf: collectionId }),
    ...sortGaps(db, { newestOf: collectionId }, 'TRUE', 'fill'),
  ];
}

/** Creates items in one batch (all or nothing) and answers their ids in order. */
export async function createItems(ctx: WriteContext, collectionId: number, props: PropertyRow[], drafts: ItemDraft[]): Promise<number[]> {
  const kept = await readKeptOrders(ctx.d1, collectionId);
  const rows = drafts.map((draft) => valuesToRows(props, withDefaults(props, draft.values), collectionId));
  const placed = drafts.map((draft, n) =>
    rankWrite(ctx, collectionId, props, kept, null, rankedFromRows(props, rows[n]!, draft.visibility ?? 0)),
  );
  const plans = drafts.map((draft, n) => [...createItemStatements(ctx.db, collectionId, props, draft, rows[n]), ...placed[n]!.statements]);
  const results = await runBatch(ctx.db, plans.flat());
  const ids: number[] = [];
  let index = 0;
  for (const plan of plans) {
    ids.push((results[index] as [{ id: number }])[0]!.id);
    index += plan.length;
  }
  // Each draft's cut was judged alone; several at once are judged again together.
  if (drafts.length > 1 && kept) ctx.defer(splitIfNeeded(ctx.d1, collectionId, props, ctx.rankSplit ?? RANK_SPLIT));
  else placed.forEach((p) => p.after());
  return ids;
}

/** How many times an edit that names no version is tried again when another edit lands first. */
const UNVERSIONED_EDIT_ATTEMPTS = 3;

/**
 * Edits an item in one batch. Only the properties whose values change are rewritten; the cached data is
 * written with the item, and the search row only when a changed property feeds it. The version check
 * comes first in the batch, so a stale edit changes nothing.
 * - With a version (the client's), another edit since is refused with 409 STALE_WRITE.
 * - Without one, the edit is still computed against the version it read, and tried again from a fresh
 *   read if another edit landed in between, so what changed is always measured against what is stored.
 * - A number of copies below the copies lent is refused by the database in the same statement
 *   (migration 0035), whatever lent meanwhile: 409 QUANTITY_BELOW_LENT naming how many are lent.
 * Media the item no longer uses are released after the answer.
 */
export async function updateItem(ctx: WriteContext, current: ItemRow, props: PropertyRow[], patch: ItemPatch): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await updateItemOnce(ctx, current, props, patch);
    } catch (err) {
      if (abortedWith(err, 'QUANTITY_BELOW_LENT')) throw await quantityBelowLent(ctx.d1, current.id);
      if (patch.version !== undefined || !patch.values || attempt >= UNVERSIONED_EDIT_ATTEMPTS || !abortedWith(err, 'STALE_WRITE'))
        throw err;
      const fresh = await ctx.d1.prepare('SELECT * FROM items WHERE id = ?').bind(current.id).first<ItemRow>();
      if (!fresh) throw err;
      current = fresh;
    }
  }
}

/** The refusal of a number of copies below the copies lent, with their count as it stands now. */
async function quantityBelowLent(d1: D1Database, itemId: number): Promise<ApiError> {
  const row = await d1.prepare('SELECT lent_copies AS lent FROM items WHERE id = ?').bind(itemId).first<{ lent: number }>();
  const lent = row?.lent ?? 0;
  return new ApiError('QUANTITY_BELOW_LENT', {
    fields: [{ path: 'quantity', reason: 'below_lent', message: '', minimum: lent }],
    values: { lent },
  });
}

async function updateItemOnce(ctx: WriteContext, current: ItemRow, props: PropertyRow[], patch: ItemPatch): Promise<void> {
  const { db } = ctx;
  const rows = patch.values ? valuesToRows(props, patch.values, current.collection_id) : null;
  const level = patch.visibility !== undefined ? (patch.visibility ?? 0) : current.level;
  const changed = rows ? changedProperties(props, current.data, rows) : new Set<number>();
  const data = rows ? dataOf(props, rows) : current.data;
  // An edit that rewrites values is measured against the version it read, named or not.
  const version = patch.version ?? (rows ? current.version : null);
  const feedsSearch = props.some((p) => changed.has(p.id) && (p.searchable || p.isTitle || p.filterable));
  // It leaves its places in the kept orders and takes its new ones (the newest by date changed).
  const orders = await readKeptOrders(ctx.d1, current.collection_id);
  const before = rankedFromStored(props, current);
  const moved = rankWrite(
    ctx,
    current.collection_id,
    props,
    orders,
    before,
    { ...(rows ? rankedFromRows(props, rows, level, current) : { ...before, level }), updatedAt: null },
    current.version,
  );
  await runBatch(db, [
    ...moved.statements,
    db
      .update(items)
      .set({
        ...(patch.quantity !== undefined && { quantity: patch.quantity }),
        ...(patch.visibility !== undefined && { visibility: patch.visibility, level }),
        ...(patch.borrowable !== undefined && { borrowable: patch.borrowable }),
        ...(rows && { data }),
        version: version !== null ? version + 1 : sql`${items.version} + 1`,
        updatedAt: sqlNow,
      })
      .where(eq(items.id, current.id)),
    ...(changed.size > 0
      ? [
          db.delete(itemValues).where(and(eq(itemValues.itemId, current.id), inArray(itemValues.propertyId, [...changed]))),
          ...insertValues(
            db,
            current.id,
            level,
            rows!.filter((r) => changed.has(r.propertyId)),
          ),
          // For every changed property, not only those this request believes sortable: the flag is read
          // inside the batch, so an edit racing a sortable toggle still leaves the gaps right.
          ...sortGaps(db, { itemId: current.id }, `p.id IN (${[...changed].map(inlineId).join(', ')})`),
        ]
      : []),
    ...(feedsSearch ? [refreshSearch(db, { itemId: current.id })] : []),
  ]);
  moved.after();
  if (!rows) return;
  const used = mediaValuesOf(data);
  const dropped = [...mediaValuesOf(current.data)].filter((value) => !used.has(value));
  if (dropped.length > 0) ctx.defer(releaseMedia(ctx.d1, ctx.media, current.collection_id, dropped));
}

/**
 * Copies an item with all its values (media are shared, not copied) and answers the copy's id. The
 * first value of a text title is renamed by `rename` (" (copy)" in the caller's language), cut so the
 * result stays within the text limit. That value is inserted already renamed, with sort keys from the
 * same functions as any write, so the facet count triggers only ever see the copy's final values.
 */
export async function duplicateItem(
  ctx: WriteContext,
  collectionId: number,
  itemId: number,
  rename: (title: string) => string,
): Promise<number> {
  const { db } = ctx;
  const source = inlineId(itemId);
  const [title] = await db
    .select({ propertyId: itemValues.propertyId, value: itemValues.value, level: itemValues.level, sortable: itemValues.sortable })
    .from(itemValues)
    .innerJoin(properties, eq(properties.id, itemValues.propertyId))
    .where(and(eq(itemValues.itemId, itemId), eq(itemValues.position, 0), eq(properties.isTitle, true), eq(properties.type, 'text')))
    .limit(1);
  let renamed: ValueRow | null = null;
  if (title) {
    const original = JSON.parse(title.value) as string;
    const room = Math.max(0, TEXT_VALUE_MAX_LENGTH - rename('').length);
    const text = rename(original.slice(0, room));
    renamed = {
      propertyId: title.propertyId,
      position: 0,
      value: JSON.stringify(text),
      ...sortKeys('text', text),
      sortable: title.sortable,
    };
  }
  const skipRenamed = renamed ? `AND NOT (property_id = ${inlineId(renamed.propertyId)} AND position = 0)` : '';
  const results = await runBatch(db, [
    db.run(
      sql.raw(`INSERT INTO items (collection_id, quantity, visibility, level, borrowable, data)
        SELECT collection_id, quantity, visibility, level, borrowable, data FROM items WHERE id = ${source}`),
    ),
    db.run(
      sql.raw(`INSERT INTO item_values (item_id, property_id, position, value, sort_text, natural_key, sort_number, level, sortable)
        SELECT ${newestItemOf(collectionId)}, property_id, position, value, sort_text, natural_key, sort_number, level, sortable
        FROM item_values WHERE item_id = ${source} ${skipRenamed}`),
    ),
    // The data was copied with the row; it changes only when the title was renamed.
    ...(renamed && title
      ? [...insertValues(db, sql.raw(newestItemOf(collectionId)), title.level, [renamed]), rebuildData(db, { newestOf: collectionId })]
      : []),
    refreshSearch(db, { newestOf: collectionId }),
    ...sortGaps(db, { newestOf: collectionId }, 'TRUE', 'fill'),
    ranks(db, collectionId, { newestOf: collectionId }),
    db
      .select({ id: sql<number>`max(${items.id})` })
      .from(items)
      .where(eq(items.collectionId, collectionId)),
  ]);
  const [{ id }] = results[results.length - 1] as [{ id: number }];
  if (ranked(results[results.length - 2])) {
    const props = await db
      .select({ id: properties.id, type: properties.type })
      .from(properties)
      .where(eq(properties.collectionId, collectionId));
    ctx.defer(splitIfNeeded(ctx.d1, collectionId, props, ctx.rankSplit ?? RANK_SPLIT));
  }
  return id;
}

/**
 * Deletes an item: values go by ON DELETE CASCADE, triggers drop the search row and move the counters,
 * and its sort gaps go in the same batch (through their primary key, property by property). With a
 * version (If-Match's), only that version is deleted: another, and nothing is (409 STALE_WRITE).
 */
export async function deleteItem(ctx: WriteContext, current: ItemRow, version?: number): Promise<void> {
  const kept = await readKeptOrders(ctx.d1, current.collection_id);
  // The properties say where it stood (read only when the collection keeps orders).
  const props = kept ? await listPropertyRows(ctx.db, current.collection_id) : [];
  const left = rankWrite(ctx, current.collection_id, props, kept, rankedFromStored(props, current), null, current.version);
  await runBatch(ctx.db, [
    // Deleting a given version only: moving it on first lets items_stale_write refuse the whole batch.
    ...(version !== undefined
      ? [
          ctx.db
            .update(items)
            .set({ version: version + 1 })
            .where(eq(items.id, current.id)),
        ]
      : []),
    ...left.statements,
    ctx.db.run(
      sql.raw(`DELETE FROM item_sort_gaps WHERE property_id IN (SELECT id FROM properties WHERE collection_id = ${inlineId(current.collection_id)})
        AND created_at = (SELECT created_at FROM items WHERE id = ${inlineId(current.id)}) AND item_id = ${inlineId(current.id)}`),
    ),
    ctx.db.delete(items).where(eq(items.id, current.id)),
  ]);
  const media = mediaValuesOf(current.data);
  if (media.size > 0) ctx.defer(releaseMedia(ctx.d1, ctx.media, current.collection_id, media));
}

/** A facet_counts or facet_spans row's upsert (a bulk insert's ON CONFLICT): the counts added, the list lengthened. */
const FACET_UPSERT = `ON CONFLICT (property_id, sort_key) DO UPDATE SET
  count_everyone = count_everyone + excluded.count_everyone,
  count_logged_in = count_logged_in + excluded.count_logged_in,
  count_shared = count_shared + excluded.count_shared,
  count_owner = count_owner + excluded.count_owner,
  items = items || substr(excluded.items, 2)`;

/**
 * The list of items of a value's facet_counts row (migration 0029), from its value rows grouped (named
 * `v`): the ids of those the owner may see, between spaces (a trigger closes a long list into a chunk).
 * NULL, a list not kept, past FACET_ITEMS_WHOLE: one text that long would pass D1's 2 MB a value.
 */
export function facetItemsSql(v: string): string {
  return `CASE WHEN count(*) <= ${FACET_ITEMS_WHOLE} THEN ' ' || coalesce(group_concat(CASE WHEN ${v}.level <= 3 THEN ${v}.item_id END, ' ') || ' ', '') END`;
}

/** The INSERT of the spans (months and years, facet-spans.ts) of a property's dates, when it becomes filterable. */
export function propertySpansInsert(collectionId: number, propertyId: number): string {
  return spanRowsInsert('v', 'item_values v', valuesOfProperty(collectionId, propertyId), facetItemsSql('v'));
}

/**
 * A property's values in a collection, as SQL over item_values. No index starts with property_id, so
 * they are reached through the collection's items and the primary key (item, property).
 */
export function valuesOfProperty(collectionId: number, propertyId: number): string {
  return `item_id IN (SELECT id FROM items WHERE collection_id = ${inlineId(collectionId)}) AND property_id = ${inlineId(propertyId)}`;
}

/**
 * When a property is deleted: its values go (facet count triggers see them leave) and its key leaves
 * the cached data of the items that had a value, and only those, so the data stays what rebuildData()
 * would make. Runs before the property's own row is deleted, in the same batch.
 */
export function forgetPropertyValues(db: Db, collectionId: number, propertyId: number): BatchItem<'sqlite'>[] {
  const path = `'$."${inlineId(propertyId)}"'`;
  return [
    db.run(sql.raw(forgetOrdersSql(collectionId, [propertyId]))),
    db.run(sql.raw(`DELETE FROM item_values WHERE ${valuesOfProperty(collectionId, propertyId)}`)),
    db.run(
      sql.raw(`UPDATE items SET data = json_remove(data, ${path})
      WHERE collection_id = ${inlineId(collectionId)} AND json_type(data, ${path}) IS NOT NULL`),
    ),
  ];
}

/**
 * A property became sortable or stopped (its row already says so, earlier in the batch): its values
 * enter or leave the sort indexes, and the items without one enter or leave its sort gaps (one row
 * written per such item, once).
 */
export function markSortable(db: Db, collectionId: number, propertyId: number, sortable: boolean): BatchItem<'sqlite'>[] {
  return [
    // Its order (if kept) is built again when a deep page needs it.
    db.run(sql.raw(forgetOrdersSql(collectionId, [propertyId]))),
    db.run(sql.raw(`UPDATE item_values SET sortable = ${sortable ? 1 : 0} WHERE ${valuesOfProperty(collectionId, propertyId)}`)),
    sortable
      ? sortGaps(db, { collectionId }, `p.id = ${inlineId(propertyId)}`, 'fill')[0]!
      : db.run(sql.raw(`DELETE FROM item_sort_gaps WHERE property_id = ${inlineId(propertyId)}`)),
  ];
}

/** How many values a property holds in its collection, counted from the cached data (one row per item). */
export async function countPropertyValues(
  d1: D1Database,
  collectionId: number,
  prop: Pick<PropertyRow, 'id' | 'multiple'>,
): Promise<number> {
  const path = `'$."${inlineId(prop.id)}"'`;
  const each = prop.multiple ? `json_array_length(data, ${path})` : '1';
  const row = await d1
    .prepare(`SELECT coalesce(sum(${each}), 0) AS n FROM items WHERE collection_id = ? AND json_type(data, ${path}) IS NOT NULL`)
    .bind(collectionId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/**
 * After a change to a collection's properties (flags, visibility, multiple, deletion): the cached data
 * and search rows of every item, or only the search rows when the data cannot have changed.
 */
export function refreshCollection(db: Db, collectionId: number, what: 'data-and-search' | 'search'): BatchItem<'sqlite'>[] {
  const target = { collectionId };
  return what === 'search' ? [refreshSearch(db, target)] : [rebuildData(db, target), refreshSearch(db, target)];
}

/** A record of an import as values of the collection's properties (by key), with its reference. */
export interface ImportedDraft {
  ref: string;
  values: Record<string, unknown>;
  /** A Vitrine export's own settings, dates and loans of the item: an item the import adds takes them. */
  item?: RecordItem;
}

/** An item an earlier run of the import made, found by its reference. */
export interface ImportedItem {
  id: number;
  version: number;
  data: string;
}

/** What an import step does with a record: a added, u updated, n unchanged (f: refused, with why). */
export type ImportedOutcome = { outcome: 'a' | 'u' | 'n' } | { outcome: 'f'; issues: FieldIssue[] };

/** The statements of an import step (one D1 batch with the step's own bookkeeping) and each record's outcome. */
export interface ImportWrite {
  statements: D1PreparedStatement[];
  outcomes: ImportedOutcome[];
  /** The statement placing the written items in the kept sort orders, if any (see splitAfter in sort-ranks.ts). */
  ranked: D1PreparedStatement | null;
}

/** A property's stored values (JSON texts in position order) as values again, by property key. */
function valuesByKey(props: PropertyRow[], data: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [id, texts] of storedValues(props, data)) {
    const prop = props.find((p) => p.id === id)!;
    const list = texts.map((t) => JSON.parse(t) as unknown);
    out[prop.key] = prop.multiple ? list : list[0];
  }
  return out;
}

/** A value row for the import statements: the item's reference, then item_values' columns. */
const importedValueRow = (ref: string, r: ValueRow) => [
  ref,
  r.propertyId,
  r.position,
  r.value,
  r.sortText,
  r.naturalKey,
  r.sortNumber,
  r.sortable ? 1 : 0,
];

/**
 * The writes of one import step, as the same derived structures as any write keep them: new items with
 * their cached data, values, search rows and sort gaps; items found by reference rewritten only in the
 * properties the import fills (`mapped`) and only where they changed, measured against the version read
 * (a stale one aborts the batch, and the step runs again from a fresh read). A record whose values the
 * properties refuse is not written and says why. Every statement takes its rows as one JSON parameter, so
 * a step of fifty records is about ten statements, whatever it holds.
 */
export function importWrites(
  d1: D1Database,
  collectionId: number,
  props: PropertyRow[],
  drafts: ImportedDraft[],
  existing: Map<string, ImportedItem>,
  mapped: ReadonlySet<string>,
  /** Whether the collection keeps sort ranks (read with the step's other reads; a statement less when not). */
  ranked = true,
): ImportWrite {
  const outcomes: ImportedOutcome[] = [];
  const created: [
    ref: string,
    data: string,
    quantity: number,
    visibility: number | null,
    borrowable: number | null,
    createdAt: string | null,
    updatedAt: string | null,
  ][] = [];
  const loaned: unknown[][] = [];
  const updated: [string, number, string][] = [];
  const cleared: [string, number][] = [];
  const valueRows: unknown[][] = [];
  const changedIds = new Set<number>();
  let updatesFeedSearch = false;
  for (const draft of drafts) {
    const found = existing.get(draft.ref);
    let rows: ValueRow[];
    try {
      const merged = found
        ? {
            ...valuesByKey(
              props.filter((p) => !mapped.has(p.key)),
              found.data,
            ),
            ...draft.values,
          }
        : withDefaults(props, draft.values);
      rows = valuesToRows(props, merged, collectionId);
    } catch (err) {
      if (!(err instanceof ApiError) || err.code !== 'VALIDATION_FAILED') throw err;
      outcomes.push({ outcome: 'f', issues: err.details?.fields ?? [] });
      continue;
    }
    if (!found) {
      const item = draft.item;
      created.push([
        draft.ref,
        dataOf(props, rows),
        item?.quantity ?? 1,
        item?.visibility ?? null,
        item?.borrowable ?? null,
        item?.createdAt ?? null,
        item?.updatedAt ?? null,
      ]);
      for (const l of item?.loans ?? []) {
        loaned.push([
          draft.ref,
          l.state,
          l.borrower.name,
          l.borrower.email,
          l.message,
          l.notes,
          l.wantedFrom,
          l.wantedUntil,
          l.lentOn,
          l.dueOn,
          l.returnedOn,
          l.createdAt,
        ]);
      }
      for (const row of rows) valueRows.push(importedValueRow(draft.ref, row));
      outcomes.push({ outcome: 'a' });
      continue;
    }
    const changed = changedProperties(props, found.data, rows);
    if (changed.size === 0) {
      outcomes.push({ outcome: 'n' });
      continue;
    }
    updated.push([draft.ref, found.version, dataOf(props, rows)]);
    for (const id of changed) {
      cleared.push([draft.ref, id]);
      changedIds.add(id);
    }
    for (const row of rows) if (changed.has(row.propertyId)) valueRows.push(importedValueRow(draft.ref, row));
    updatesFeedSearch ||= props.some((p) => changed.has(p.id) && (p.searchable || p.isTitle || p.filterable));
    outcomes.push({ outcome: 'u' });
  }
  const c = inlineId(collectionId);
  // CROSS JOIN keeps the JSON rows outside, so each finds its item through the (collection, ref) index;
  // left to itself SQLite walks the collection's imported items instead, and a step costs the collection.
  const byRef = (alias: string, ref: string) => `CROSS JOIN items i ON i.collection_id = ${c} AND i.import_ref = ${alias}.value ->> ${ref}`;
  const statement = (text: string, rows: unknown[]) => d1.prepare(text).bind(JSON.stringify(rows));
  const createdRefs = created.map(([ref]) => ref);
  const updatedRefs = updated.map(([ref]) => ref);
  const searched = [...createdRefs, ...(updatesFeedSearch ? updatedRefs : [])];
  const statements: D1PreparedStatement[] = [];
  // The triggers that count items and values one row at a time stand aside for this batch (migration
  // 0021): the step counts them itself below, once for the collection and once per distinct value.
  const counting = created.length > 0 || valueRows.length > 0;
  if (counting) statements.push(d1.prepare('INSERT INTO counts_deferred (id) VALUES (1)'));
  if (created.length > 0) {
    statements.push(
      statement(
        `INSERT INTO items (collection_id, data, import_ref, quantity, visibility, level, borrowable, created_at, updated_at)
        SELECT ${c}, j.value ->> 1, j.value ->> 0, j.value ->> 2, j.value ->> 3, coalesce(j.value ->> 3, 0), j.value ->> 4,
          coalesce(j.value ->> 5, ${NOW_SQL}), coalesce(j.value ->> 6, j.value ->> 5, ${NOW_SQL})
        FROM json_each(?1) j`,
        created,
      ),
      statement(
        `UPDATE collections SET (count_everyone, count_logged_in, count_shared, count_owner) = (
          SELECT collections.count_everyone + sum(i.level = 0), collections.count_logged_in + sum(i.level <= 1),
            collections.count_shared + sum(i.level <= 2), collections.count_owner + sum(i.level <= 3)
          FROM json_each(?1) j ${byRef('j', '0')})
        WHERE id = ${c}`,
        created.map(([ref]) => [ref]),
      ),
    );
  }
  if (updated.length > 0) {
    if (ranked) statements.push(statement(rankChangeSql(collectionId, targetSql({ importedInto: collectionId }, 'i'), -1), updatedRefs));
    statements.push(
      statement(
        // Not UPDATE … FROM, whose join SQLite may also walk from the collection's side (see byRef).
        `UPDATE items SET
          data = (SELECT j.value ->> 2 FROM json_each(?1) j WHERE j.value ->> 0 = items.import_ref),
          version = (SELECT j.value ->> 1 FROM json_each(?1) j WHERE j.value ->> 0 = items.import_ref) + 1,
          updated_at = (${NOW_SQL})
        WHERE items.collection_id = ${c} AND items.import_ref IN (SELECT j.value ->> 0 FROM json_each(?1) j)`,
        updated,
      ),
      statement(
        `DELETE FROM item_values WHERE (item_id, property_id) IN (SELECT i.id, j.value ->> 1 FROM json_each(?1) j ${byRef('j', '0')})`,
        cleared,
      ),
    );
  }
  if (valueRows.length > 0) {
    statements.push(
      statement(
        `INSERT INTO item_values (item_id, property_id, position, value, sort_text, natural_key, sort_number, level, sortable)
        SELECT i.id, v.value ->> 1, v.value ->> 2, v.value ->> 3, v.value ->> 4, v.value ->> 5, v.value ->> 6, i.level, v.value ->> 7
        FROM json_each(?1) v ${byRef('v', '0')}`,
        valueRows,
      ),
      // What facet_counts_insert would have added, read back from the rows just stored (their sort keys
      // as the columns typed them), grouped by value.
      statement(
        `INSERT INTO facet_counts (property_id, sort_key, value, sort_number, count_everyone, count_logged_in, count_shared, count_owner, items)
        SELECT s.property_id, coalesce(s.sort_text, CAST(s.sort_number AS TEXT)), min(s.value), min(s.sort_number),
          sum(s.level = 0), sum(s.level <= 1), sum(s.level <= 2), sum(s.level <= 3), ${facetItemsSql('s')}
        FROM json_each(?1) v ${byRef('v', '0')}
        CROSS JOIN item_values s ON s.item_id = i.id AND s.property_id = v.value ->> 1 AND s.position = v.value ->> 2
        WHERE (SELECT filterable FROM properties WHERE id = s.property_id) = 1
        GROUP BY s.property_id, coalesce(s.sort_text, CAST(s.sort_number AS TEXT))
        ${FACET_UPSERT}`,
        valueRows,
      ),
    );
    // And what facet_spans_insert would have added for the dates of filterable properties among them,
    // grouped by month and year (a statement only when there are some).
    const dated = new Set(props.filter((p) => p.filterable && p.type === 'date').map((p) => p.id));
    const dateRows = valueRows.filter((row) => dated.has(row[1] as number));
    if (dateRows.length > 0) {
      statements.push(
        statement(
          spanRowsInsert(
            's',
            `json_each(?1) v ${byRef('v', '0')} CROSS JOIN item_values s ON s.item_id = i.id AND s.property_id = v.value ->> 1 AND s.position = v.value ->> 2`,
            '(SELECT filterable FROM properties WHERE id = s.property_id) = 1',
            facetItemsSql('s'),
            FACET_UPSERT,
          ),
          dateRows,
        ),
      );
    }
  }
  if (counting) statements.push(d1.prepare('DELETE FROM counts_deferred'));
  if (loaned.length > 0) statements.push(...loanWrites(d1, c, loaned));
  const target = { importedInto: collectionId };
  if (searched.length > 0) statements.push(statement(refreshSearchSql(target), searched));
  if (created.length > 0) for (const text of sortGapsSql(target, 'TRUE', 'fill')) statements.push(statement(text, createdRefs));
  if (changedIds.size > 0) {
    for (const text of sortGapsSql(target, `p.id IN (${[...changedIds].map(inlineId).join(', ')})`, 'both'))
      statements.push(statement(text, updatedRefs));
  }
  const placed = [...createdRefs, ...updatedRefs];
  const rankStatement = ranked && placed.length > 0 ? statement(rankChangeSql(collectionId, targetSql(target, 'i'), 1), placed) : null;
  if (rankStatement) statements.push(rankStatement);
  return { statements, outcomes, ranked: rankStatement };
}

/**
 * The loans of the items an import adds (a Vitrine export's): each borrower found among the owner's by
 * email (by name when the export has none), or made; each loan as the export left it (a request dated as
 * asked when it was made).
 */
function loanWrites(d1: D1Database, c: string, loaned: unknown[][]): D1PreparedStatement[] {
  const owner = `(SELECT owner_id FROM collections WHERE id = ${c})`;
  const sameBorrower = (name: string, email: string) =>
    `b.owner_id = ${owner} AND CASE WHEN ${email} IS NOT NULL THEN b.email = ${email} ELSE lower(b.name) = lower(${name}) END`;
  const rows = JSON.stringify(loaned);
  return [
    d1
      .prepare(
        `INSERT INTO borrowers (owner_id, name, email)
        SELECT ${owner}, min(j.value ->> 2), j.value ->> 3 FROM json_each(?1) j
        WHERE NOT EXISTS (SELECT 1 FROM borrowers b WHERE ${sameBorrower('j.value ->> 2', 'j.value ->> 3')})
        GROUP BY coalesce('@' || (j.value ->> 3), '#' || lower(j.value ->> 2))
        ON CONFLICT (owner_id, email) DO NOTHING`,
      )
      .bind(rows),
    d1
      .prepare(
        `INSERT INTO loans (item_id, owner_id, borrower_id, state, message, notes, wanted_from, wanted_until, lent_on, due_on, returned_on,
          asked_at, created_at, updated_at)
        SELECT i.id, b.owner_id, b.id, j.value ->> 1, j.value ->> 4, j.value ->> 5, j.value ->> 6, j.value ->> 7, j.value ->> 8, j.value ->> 9,
          j.value ->> 10, CASE WHEN j.value ->> 1 IN ('asked', 'accepted', 'rejected') THEN j.value ->> 11 END,
          coalesce(j.value ->> 11, ${NOW_SQL}), ${NOW_SQL}
        FROM json_each(?1) j
        CROSS JOIN items i ON i.collection_id = ${c} AND i.import_ref = j.value ->> 0
        CROSS JOIN borrowers b ON b.id = (SELECT min(b.id) FROM borrowers b WHERE ${sameBorrower('j.value ->> 2', 'j.value ->> 3')})
        ORDER BY j.key`,
      )
      .bind(rows),
  ];
}

/** Each imported item of a collection that these references name, read in one statement. */
export async function findImported(d1: D1Database, collectionId: number, refs: string[]): Promise<Map<string, ImportedItem>> {
  if (refs.length === 0) return new Map();
  const { results } = await d1
    .prepare(
      `SELECT import_ref AS ref, id, version, data FROM items WHERE collection_id = ?1 AND import_ref IN (SELECT value FROM json_each(?2))`,
    )
    .bind(collectionId, JSON.stringify(refs))
    .all<ImportedItem & { ref: string }>();
  return new Map(results.map((r) => [r.ref, { id: r.id, version: r.version, data: r.data }]));
}
