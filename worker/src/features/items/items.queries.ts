// Reading items: one item with its visible values, and pages of items with search, filters and sort
// done in SQL. Page reads use a fixed number of statements whatever the collection's size.
import type { PropertyType } from '../../../../shared/catalogue';
import { DEFAULT_PER_PAGE, PER_PAGE_ALL, RANGE_PROPERTY_TYPES } from '../../../../shared/catalogue';
import type { FieldIssue } from '../../../../shared/errors';
import type { FilterFacet, Item, ItemSummary } from '../../../../shared/schemas/items';
import { FILTER_PREFIX, MAX_PREFIX, MIN_PREFIX } from '../../../../shared/schemas/items';
import { normalizeValue } from '../../../../shared/values';
import type { Caller } from '../../env';
import { ApiError } from '../../lib/api-error';
import { searchColumns, type CallerLevel } from '../../lib/visibility';
import { inlineId } from '../../db/inline-id';
import type { ItemRow, ListedItemRow } from '../../db/raw-rows';
import { sortKeys, type PropertyRow } from '../../lib/values';
import { numberSpanRows, numberSpansBuild, spanRows, spanWidthFor } from './facet-spans';
import { facetsExpression, facetToken, inCollection, matchExpression } from './items.search';
import { searchRowTest } from './search-row-test';
import { buildOrderStatement, compareText, countsAddUp, DEFAULT_RANK_TUNING, orderOf, rankedStart, type Bucket, type RankedStart, type RankTuning } from './sort-ranks';

/** "Unlimited" is served in pages of this size; the client asks for the next ones as it scrolls. */
export const UNLIMITED_PAGE_SIZE = 200;


/** Values by property key, for the given (visible) properties only, from the item's cached data. */
export function valuesOf(row: Pick<ItemRow, 'data'>, props: PropertyRow[]): Record<string, unknown> {
  const byId = JSON.parse(row.data) as Record<string, unknown>;
  const values: Record<string, unknown> = {};
  for (const p of props) if (byId[p.id] !== undefined) values[p.key] = byId[p.id];
  return values;
}

/** Each property's stored values (JSON texts in position order), read back from items.data. */
export function storedValues(props: PropertyRow[], data: string): Map<number, string[]> {
  const parsed = JSON.parse(data) as Record<string, unknown>;
  const out = new Map<number, string[]>();
  for (const prop of props) {
    const value = parsed[String(prop.id)];
    if (value === undefined) continue;
    const list = prop.multiple && Array.isArray(value) ? value : [value];
    out.set(prop.id, list.map((entry) => JSON.stringify(entry)));
  }
  return out;
}

/** Between the values of a multiple title or subtitle ("Dune, Le Cycle de Dune"). */
const ROLE_VALUES_SEPARATOR = ', ';

/**
 * The text a role shows. A title or subtitle shows every value of a multiple property, in order, so
 * item pages, cards, lists and link previews (which all read these) never hide one; a cover or a
 * reference is one value, the first.
 */
function roleValue(values: Record<string, unknown>, props: PropertyRow[], role: 'isTitle' | 'isSubtitle' | 'isCover' | 'isReference'): string | null {
  const prop = props.find((p) => p[role]);
  if (!prop) return null;
  const value = values[prop.key];
  const list = (Array.isArray(value) && prop.multiple ? value : [value]).filter((v) => v !== undefined && v !== null && v !== '');
  if (list.length === 0) return null;
  const shown = role === 'isTitle' || role === 'isSubtitle' ? list : list.slice(0, 1);
  return shown.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(ROLE_VALUES_SEPARATOR);
}

export async function loadItem(d1: D1Database, collectionId: number, itemId: number): Promise<ItemRow | null> {
  return d1
    .prepare('SELECT * FROM items WHERE id = ? AND collection_id = ?')
    .bind(itemId, collectionId)
    .first<ItemRow>();
}

/** What an item page says about lending; null while loans are off (see features/lending). */
export interface ItemLending {
  availability: NonNullable<Item['availability']>;
  canBorrow: boolean;
}

export function toItem(
  row: ItemRow,
  props: PropertyRow[],
  caller: Caller | null,
  isOwner: boolean,
  lending: ItemLending | null = null,
): Item {
  const values = valuesOf(row, props);
  return {
    id: row.id,
    collectionId: row.collection_id,
    quantity: row.quantity,
    visibility: row.visibility as Item['visibility'],
    borrowable: row.borrowable as Item['borrowable'],
    values,
    title: roleValue(values, props, 'isTitle'),
    subtitle: roleValue(values, props, 'isSubtitle'),
    cover: roleValue(values, props, 'isCover'),
    reference: roleValue(values, props, 'isReference'),
    isOwner: isOwner && caller !== null,
    availability: lending?.availability ?? null,
    canBorrow: lending?.canBorrow ?? false,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The role values (title, subtitle, cover, reference) of an item's cached data, for lists outside items. */
export function itemRoles(data: string, props: PropertyRow[]) {
  const values = valuesOf({ data } as ItemRow, props);
  return {
    title: roleValue(values, props, 'isTitle'),
    cover: roleValue(values, props, 'isCover'),
    reference: roleValue(values, props, 'isReference'),
  };
}

/** Who may ask to borrow an item: its own level, else its collection's (docs/product.md "Who can borrow"). */
export function effectiveBorrowLevel(item: { borrowable: number | null }, collection: { borrowable: number }): number {
  return item.borrowable ?? collection.borrowable;
}

/** Copies lent and available; `nextDueOn` is the owner's alone (pass null for anyone else). */
export function availabilityOf(quantity: number, lent: number, nextDueOn: string | null): ItemLending['availability'] {
  return { quantity, lent, available: Math.max(0, quantity - lent), nextDueOn };
}

/**
 * An item page's lending facts: copies lent and available, the next due date for the owner only, and
 * whether this caller may ask to borrow (0 anyone, 1 signed in; never the owner, never at 3 or 4).
 */
export async function itemLending(
  d1: D1Database,
  row: ItemRow,
  collection: { borrowable: number },
  caller: Caller | null,
  isOwner: boolean,
): Promise<ItemLending | null> {
  const level = effectiveBorrowLevel(row, collection);
  if (level === 4) return null;
  const lent = await d1
    .prepare(`SELECT count(*) AS n, min(due_on) AS next FROM loans WHERE item_id = ? AND state = 'lent'`)
    .bind(row.id)
    .first<{ n: number; next: string | null }>();
  return {
    availability: availabilityOf(row.quantity, lent?.n ?? 0, isOwner ? (lent?.next ?? null) : null),
    canBorrow: !isOwner && (level === 0 || (level === 1 && caller !== null)),
  };
}

export interface ListRequest {
  q?: string;
  sort?: string;
  dir?: 'asc' | 'desc';
  page?: number;
  /** The previous page's `next` (a cursor; see PageCursor). */
  after?: string;
  /** The next page's `prev`: the page that ends right before it. */
  before?: string;
  perPage?: string;
  /** Every query parameter, for f.<key>, min.<key> and max.<key>. */
  raw: Record<string, string[]>;
  /** Only items with a copy available, or with a copy lent (only while loans are enabled). */
  availability?: 'available' | 'lent';
  /** "Enable loans": when off, items count no copy lent and the availability filter is ignored. */
  loansEnabled?: boolean;
}

/** Copies of item `i` in loans in state lent: kept on the item by triggers on loans (migration 0030). */
const LENT_COPIES = 'i.lent_copies';

/** The availability filter "lent": a copy of the item is lent. */
const LENT_CONDITION = `${LENT_COPIES} > 0`;

/** The availability filter "available": a copy of the item is not lent. */
const AVAILABLE_CONDITION = `i.quantity > ${LENT_COPIES}`;

/** The other side: every copy of the item is lent. */
const FULLY_LENT = `i.quantity <= ${LENT_COPIES}`;

/**
 * The collection's items the caller may see whose every copy is lent (SQL, one row each): through the
 * partial index of the items with no copy left (migration 0033), a few in most collections.
 */
const UNAVAILABLE_ITEMS = (collectionId: number, level: CallerLevel) =>
  `items i INDEXED BY items_unavailable_idx WHERE i.collection_id = ${inlineId(collectionId)} AND ${FULLY_LENT} AND i.level <= ${inlineId(level)}`;

/** What a list reads of its collection's row: its id and its counters. */
interface CountedCollection {
  id: number;
  countEveryone: number;
  countLoggedIn: number;
  countOwner: number;
  unavailableEveryone: number;
  unavailableLoggedIn: number;
  unavailableOwner: number;
}

/** How many of the collection's items the caller may see have every copy lent: kept by triggers (migration 0033). */
function unavailableOf(collection: CountedCollection, level: CallerLevel): number {
  return level === 3 ? collection.unavailableOwner : level === 1 ? collection.unavailableLoggedIn : collection.unavailableEveryone;
}

/** The columns a list reads: the item, and its copies lent while loans are enabled. */
function listColumns(loansEnabled: boolean | undefined): string {
  return loansEnabled ? `i.*, ${LENT_COPIES} AS lent` : 'i.*';
}

interface Conditions {
  /** An FTS5 expression: the search and the value filters, intersected inside the index. */
  match: string | null;
  /** Whether the match holds search words (not only value filters). */
  searched: boolean;
  /** The search words alone, as an FTS5 expression over the columns the caller may search. */
  search: string | null;
  /** The availability filter "available" (loans enabled): every item but those whose every copy is lent. */
  available: boolean;
  /** The text and yes/no value filters, as their kept counts name them (facet_counts.sort_key), and their facet tokens. */
  counted: { propertyId: number; keys: string[]; tokens: string[] }[];
  /**
   * Other conditions on `i` (ranges). Their ids and numbers are inline, so any number of filters and
   * values fits D1's 100 bound parameters per statement.
   */
  sql: string[];
  /** The number and date filters in `sql`, as the kept counts can count them. */
  ranges: Map<number, RangeFilter>;
  /**
   * One value filter alone (no search, no other condition): the kept counts of its values add up to its
   * matches, exactly on a single-valued property, and once for each wanted value an item holds otherwise.
   */
  alone: { prop: PropertyRow; keys: string[] } | null;
  /**
   * Every value filter named by its kept counts, and no "lent" filter: the kept lists of items
   * (facet_counts.items) may then give the matches (listedPlan). A search is then tested on the lists'
   * matches, and the items whose every copy is lent are taken out of them for "available".
   */
  listable: boolean;
}

/** One property's number or date conditions: its bounds and wanted values (numbers as SQL text). */
interface RangeFilter {
  prop: PropertyRow;
  min?: string;
  max?: string;
  values?: string[];
  /** Its conditions in Conditions.sql (left out when its own index already chose the items). */
  sql: string[];
}

function rangeBound(prop: PropertyRow, text: string, param: string): number {
  const type = prop.type as PropertyType;
  if (type === 'date' || type === 'datetime') {
    const result = normalizeValue(type === 'date' ? 'date' : 'datetime', text);
    if (!result.ok || result.value === null) throw badParam(param, result.ok ? 'invalid' : result.reason);
    return Date.parse(type === 'date' ? `${result.value as string}T00:00:00Z` : (result.value as string));
  }
  const n = Number(text);
  if (!Number.isFinite(n)) throw badParam(param, 'invalid_number');
  return n;
}

/** A checked number as an SQL literal (JavaScript's number text is valid SQL for every finite number). */
function sqlNumber(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`not a finite number: ${n}`);
  return String(n);
}

function badParam(path: string, reason: string): ApiError {
  const field: FieldIssue = { path, reason, message: '' };
  return new ApiError('VALIDATION_FAILED', { fields: [field] });
}

/** How a range's test names its item; a walk names the walked index's item id instead (`onItem`). */
const RANGE_ITEM = 'r.item_id = i.id';

/**
 * How the test of a kept list names its item (listedFilter). The unary plus keeps SQLite from reading the
 * list's items one by one through the primary key: the walk stays on the order's index.
 */
const LISTED_ID = '+i.id';

/** The most bytes a list's bitmap takes (listedFilter): D1's largest string or BLOB is 1,000,000. */
export const LISTED_BITMAP_MAX = 1_000_000;

/**
 * A walk's filter for the items of a kept list (`ids`, ascending) that pass `where`: the list is bound as a
 * bitmap, a byte for each id from its first to its last, one where the id is listed, and the test reads
 * the walked entry's byte. It reads no row, and the statement stays short however long the list (ids
 * inline take about 8 characters each, within D1's 100,000 a statement, and SQLite refuses an IN list of
 * some 8,000). Null when the list's ids spread over more than `most` (LISTED_BITMAP_MAX).
 */
function listedFilter(collectionId: number, level: CallerLevel, where: Conditions, ids: number[], most: number): Filter | null {
  const lo = ids[0];
  const hi = ids[ids.length - 1];
  if (lo === undefined || hi === undefined || hi - lo + 1 > most) return null;
  const bitmap = new Uint8Array(hi - lo + 1);
  for (const id of ids) bitmap[id - lo] = 1;
  // Tested before the other conditions (it reads no row), its parameter follows the caller's and level's:
  // no other condition binds one.
  const listed = `${LISTED_ID} BETWEEN ${inlineId(lo)} AND ${inlineId(hi)} AND substr(?, ${LISTED_ID} - ${inlineId(lo)} + 1, 1) = x'01'`;
  const filter = itemFilter(collectionId, level, { ...where, match: null, sql: [listed, ...where.sql] });
  return { ...filter, binds: [...filter.binds, bitmap.buffer] };
}

/**
 * Conditions with their range and list tests naming the item by `id`: along a property's sort index,
 * the test then runs on the index entry, before the item is read (only a match's item is).
 */
function onItem(sql: string, id: string): string {
  return sql.replaceAll(RANGE_ITEM, `r.item_id = ${id}`).replaceAll(LISTED_ID, `+${id}`);
}

/**
 * A single-valued property's one value, named by the whole primary key: the test then reads that row
 * alone (without it, the look-up also reads the next row to learn that no other position follows).
 */
function onlyValue(prop: PropertyRow): string {
  return prop.multiple ? '' : ' AND r.position = 0';
}

/**
 * The search and the filters. `skipKey` leaves out one property's filter (facet counts show what
 * choosing another value of that property would give). Only visible filterable properties may filter.
 */
function conditions(level: CallerLevel, props: PropertyRow[], request: ListRequest, skipKey?: string): Conditions {
  const out: Conditions = { match: null, searched: false, search: null, available: false, counted: [], sql: [], ranges: new Map(), alone: null, listable: false };
  let valued: PropertyRow | null = null;
  const range = (prop: PropertyRow) => out.ranges.get(prop.id) ?? out.ranges.set(prop.id, { prop, sql: [] }).get(prop.id)!;
  const parts: string[] = [];
  const search = request.q ? matchExpression(request.q, level) : null;
  if (search) parts.push(`(${search})`);
  out.searched = !!search;
  out.search = search;
  const facetGroups: string[][] = [];
  const filterable = new Map(props.filter((p) => p.filterable).map((p) => [p.key, p]));
  for (const [param, values] of Object.entries(request.raw)) {
    const prefix = [FILTER_PREFIX, MIN_PREFIX, MAX_PREFIX].find((p) => param.startsWith(p));
    if (!prefix) continue;
    const key = param.slice(prefix.length);
    const prop = filterable.get(key);
    if (!prop) throw badParam(param, 'unknown_property');
    if (key === skipKey) continue;
    const type = prop.type as PropertyType;
    const ranged = RANGE_PROPERTY_TYPES.includes(type);
    if (prefix === FILTER_PREFIX && !ranged) {
      if (type === 'yesno' && values.some((v) => v !== 'true' && v !== 'false')) throw badParam(param, 'invalid_type');
      const tokens = values.map((v) => facetToken(prop.id, type, v));
      facetGroups.push(tokens);
      // Named as the writer keys the values: their sort text, or for yes/no their number as SQLite
      // writes a REAL as text (facet_counts.sort_key).
      const keys = values.map((v) => (type === 'yesno' ? (v === 'true' ? '1.0' : '0.0') : sortKeys(type, v).sortText));
      if (keys.every((key) => key !== null)) out.counted.push({ propertyId: prop.id, keys: [...new Set(keys as string[])], tokens });
      valued = prop;
    } else if (prefix === FILTER_PREFIX) {
      const wanted = [...new Set(values.map((v) => sqlNumber(rangeBound(prop, v, param))))];
      const test = `EXISTS (SELECT 1 FROM item_values r WHERE ${RANGE_ITEM} AND r.property_id = ${inlineId(prop.id)}${onlyValue(prop)} AND r.sort_number IN (${wanted.join(',')}))`;
      range(prop).values = wanted;
      range(prop).sql.push(test);
      out.sql.push(test);
    } else {
      if (!ranged || values.length !== 1) throw badParam(param, 'invalid');
      const bound = sqlNumber(rangeBound(prop, values[0]!, param));
      const test = `EXISTS (SELECT 1 FROM item_values r WHERE ${RANGE_ITEM} AND r.property_id = ${inlineId(prop.id)}${onlyValue(prop)} AND r.sort_number ${prefix === MIN_PREFIX ? '>=' : '<='} ${bound})`;
      range(prop)[prefix === MIN_PREFIX ? 'min' : 'max'] = bound;
      range(prop).sql.push(test);
      out.sql.push(test);
    }
  }
  if (facetGroups.length > 0) parts.push(facetsExpression(facetGroups));
  if (request.loansEnabled && request.availability === 'lent') out.sql.push(LENT_CONDITION);
  if (request.loansEnabled && request.availability === 'available') out.sql.push(AVAILABLE_CONDITION);
  out.match = parts.length > 0 ? parts.join(' AND ') : null;
  if (!search && facetGroups.length === 1 && out.counted.length === 1 && out.sql.length === 0 && valued) out.alone = { prop: valued, keys: out.counted[0]!.keys };
  out.available = !!request.loansEnabled && request.availability === 'available';
  out.listable = !(request.loansEnabled && request.availability === 'lent') && facetGroups.length === out.counted.length;
  return out;
}

/**
 * FROM and WHERE for items of a collection the caller may see, narrowed by `where`. With a match, the
 * CROSS JOIN makes SQLite start from the full-text matches instead of scanning the collection.
 */
function itemFilter(collectionId: number, level: CallerLevel, where: Conditions) {
  const sql = ['i.collection_id = ?', 'i.level <= ?', ...where.sql];
  const binds: unknown[] = [collectionId, level];
  if (!where.match) return { from: 'items i', sql: sql.join(' AND '), binds };
  return {
    from: 'items_search CROSS JOIN items i ON i.id = items_search.rowid',
    sql: ['items_search MATCH ?', ...sql].join(' AND '),
    binds: [inCollection(where.match, collectionId), ...binds],
  };
}

function summaryOf(row: ListedItemRow, values: Record<string, unknown>, props: PropertyRow[]): ItemSummary {
  const summary: Record<string, unknown> = {};
  for (const p of props) if (p.inSummary && values[p.key] !== undefined) summary[p.key] = values[p.key];
  return {
    id: row.id,
    title: roleValue(values, props, 'isTitle'),
    subtitle: roleValue(values, props, 'isSubtitle'),
    cover: roleValue(values, props, 'isCover'),
    reference: roleValue(values, props, 'isReference'),
    summary,
    quantity: row.quantity,
    lent: row.lent ?? 0,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** What a list shows of each item (title, subtitle, cover, summary), from the rows already read. */
function summaries(rows: ListedItemRow[], props: PropertyRow[]): ItemSummary[] {
  return rows.map((row) => summaryOf(row, valuesOf(row, props), props));
}

/**
 * Where a walked page ended, so the next one starts there: the date and id of its last item ("d"), or
 * its sort key and id while the walk is among items with a value ("v"), then the creation date and id
 * among those without ("m"). Opaque to clients (base64url of JSON).
 */
type PageCursor = (['d', string, number] | ['v', string | number, number] | ['m', string, number]) & { 3?: number };

/**
 * A cursor as answered: where in the order its item is (0-based, counted as the page numbers count),
 * so a link to a page a little further on or back starts from it and passes over the pages between
 * instead of counting from the start. Cursors without it (older links) start the page right there.
 */
type PlacedCursor = [PageCursor[0], PageCursor[1], number, number];

function encodeCursor(cursor: PlacedCursor): string {
  const bytes = new TextEncoder().encode(JSON.stringify(cursor));
  return btoa(String.fromCharCode(...bytes)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** The cursor of `after`, checked against the page's sort (a cursor of another sort is refused). */
function decodeCursor(after: string, sortProp: PropertyRow | null, param: 'after' | 'before'): PageCursor {
  let cursor: unknown;
  try {
    const binary = atob(after.replaceAll('-', '+').replaceAll('_', '/'));
    cursor = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0))));
  } catch {
    throw badParam(param, 'invalid');
  }
  const ok =
    Array.isArray(cursor) &&
    (cursor.length === 3 || (cursor.length === 4 && Number.isSafeInteger(cursor[3]) && (cursor[3] as number) >= 0)) &&
    Number.isSafeInteger(cursor[2]) &&
    (sortProp
      ? (cursor[0] === 'm' && typeof cursor[1] === 'string') ||
        (cursor[0] === 'v' && (RANGE_PROPERTY_TYPES.includes(sortProp.type as PropertyType) ? typeof cursor[1] === 'number' : typeof cursor[1] === 'string'))
      : cursor[0] === 'd' && typeof cursor[1] === 'string');
  if (!ok) throw badParam(param, 'invalid');
  return cursor as PageCursor;
}

/** `before=end`: the last page, whatever its number. */
const END = 'end';

/** What a list request asks of every plan: the page, its order and the columns read. */
interface PageShape {
  perPage: number;
  page: number;
  offset: number;
  /**
   * Where the previous page ended (`after`), or where the next one starts (`before`), when sent. `end`:
   * the page ends the list (read from the end, as the last page when the total is an estimate).
   */
  after: PageCursor | null;
  before: PageCursor | typeof END | null;
  dir: 'ASC' | 'DESC';
  /** The sortable property, or null for the created / updated dates. */
  sortProp: PropertyRow | null;
  dateColumn: 'i.created_at' | 'i.updated_at';
  columns: string;
}

/**
 * How many search or filter matches a page reads in full before it walks the sort order instead. Reading
 * the matches costs about two rows each (the index entry and the item); walking costs about two rows per
 * item passed over, so the walk pays when matches are dense. Between the two (matches around 1 to 5% of
 * a large collection) is the worst page; `npm run bench` measures it (docs/benchmarks.md).
 */
export const FEW_MATCHES = 1_000;

/**
 * A deep page of matches whose estimate is at most this share of FEW_MATCHES reads them all (about two
 * rows each, within the page budget) rather than starting where the estimate puts it.
 */
const READ_ALL_SHARE = 1.2;

/**
 * Rows a walk reads per item it passes (the sort index's entry, and the test of the search index or of a
 * range's value on that entry; an item is read only when it matches): a typed page whose walk from the
 * start would read over twice FEW_MATCHES rows (as much as reading every match) is placed by the kept
 * ranks instead.
 */
const WALK_ROWS_PER_ITEM = 2;

/**
 * How much more than a walk's estimate a listed page read whole may cost and still be taken: the
 * matches are not spread evenly along the order, so a walk reads past its estimate, by 9% for twelve
 * authors and acquisitions since 2006 (2,395 rows where 2,193 were expected; read whole: 2,288) and by
 * 1% for one genre and years from 1990, page 40 (2,172 for 2,142; read whole: 2,334).
 */
const WALK_ESTIMATE_MARGIN = 1.05;

/** Rows a test of the search index on one item costs (its entry's look-up by rowid). */
const MATCH_TEST_ROWS = 2;

/**
 * How many items a listed plan may name inline: a walk tests its matches against them on each entry,
 * within D1's 100,000 characters a statement (about 8 per id). More matches are dense enough for a walk
 * that tests the conditions themselves.
 */
const LISTED_MAX = 6_000;

/**
 * How many items the kept lists of a request may hold to be read (their values' owner counts, summed):
 * a range over most of a collection of 100,000 read beside a value filter at the crossover of reading
 * and walking (about 2% of the items), whose walk would pass too many items otherwise. Scanning them
 * (intersected) costs about 2 ms of the Worker's CPU (V8, warm; 6 ms on a first call). One condition's
 * lists concatenated are one string, about 8 characters an id, within D1's 1,000,000 bytes a value.
 */
const LISTED_READ = 100_000;

/**
 * How many values in range a range of a listed request reads (and their lists) at most: a row each, so a
 * date range of many days is counted from its first ones (stretched over its span) rather than read.
 */
export const LISTED_RANGE_VALUES = 200;

/**
 * The matches of a narrowed list from the kept lists (owner-level ids, ascending), and what the caller
 * may see of them. `rest`: the conditions whose lists were too long to read, and the search, tested on
 * each of them.
 */
interface Listed {
  ids: number[];
  known: { total: number; estimated: boolean };
  rest: { match: string | null; sql: string[] } | null;
  /** The share of the lists' items the rest is expected to keep (1 without a rest). */
  share: number;
  /** The share of them its search index test (`rest.match`) is expected to keep. */
  matchShare: number;
  /**
   * With a search: about how many entries of the search index match the search and the value filters
   * (`Conditions.match`), which a plan may read instead of the lists.
   */
  searchEntries?: number;
  /** No list was read (each too long): the matches are many, `ids` is empty and `known` an estimate. */
  dense?: boolean;
}

/** One condition of a request as its kept counts and lists give it. */
interface Kept {
  /** Its kept list (" 1 2 … "), or null when not read. */
  items: string | null;
  /** The caller's count and the owner's, summed over its values (all of them when `whole`). */
  n: number;
  owner: number;
  whole: boolean;
  /** Its own test: facet tokens (a text filter) or SQL (a range). */
  tokens?: string[];
  sql?: string[];
}

/**
 * The first entries of the search index that match the search and the value filters (keptCounts' probe),
 * ascending, and whether they are all of them.
 */
interface Probe {
  ids: number[];
  all: boolean;
}

/**
 * A search, and what the search index's probe found of it; `lo` and `hi`: the collection's first and
 * last ids; `visible`: the share of the owner's items the caller may see (the index's entries are items
 * of every level).
 */
interface Searched {
  search: string;
  probe: Probe;
  lo: number;
  hi: number;
  visible: number;
}

/** The ids a short list (" 1 2 … ": the probe's, the lent items') holds, once each, ascending. */
function idsOf(list: string | null): number[] {
  return list ? [...new Set(parsedIds(list))].sort((a, b) => a - b) : [];
}

/**
 * The matches the kept lists give, when one condition at least has its list and the others were counted
 * whole (a range of more values than read is counted from those, stretched over its span, and tested):
 * the lists intersected, the other conditions left to test on each (`rest`), and the items whose every
 * copy is lent (`lent`, for "available") taken out, when they were all read (else "available" is tested
 * too). With a search (`searched`), the probe's entries are the matches when they are all there is (the
 * value filters are in its match; the lists narrow them by the ranges); otherwise the search is tested
 * on each of the lists' matches, keeping the share of them that the probe kept among those it passed;
 * with no list short enough, the walk tests every condition. The total is exact for the owner with every list read and
 * nothing left to test (the lists hold what the owner sees), and for one condition alone on a
 * single-valued property (`exactAlone`: its counts); otherwise an estimate, each condition not listed
 * keeping its share of the caller's `items`.
 */
function listedOf(
  kept: Kept[],
  level: CallerLevel,
  items: number,
  exactAlone: boolean,
  searched: Searched | null,
  lent: { ids: Set<number>; all: boolean } | null,
): Listed | null {
  // The shortest lists first, as many as LISTED_READ allows.
  let read = 0;
  const lists = kept
    .filter((k) => k.items !== null && k.whole)
    .sort((a, b) => a.owner - b.owner)
    .filter((k) => (read += k.owner) <= LISTED_READ);
  let rest = kept.filter((k) => !lists.includes(k));
  const probe = searched?.probe ?? null;
  if (probe?.all) {
    // The search index's matches hold the value filters: only the ranges not listed are left to test.
    rest = rest.filter((k) => k.sql);
  } else if (probe && lists.length === 0) {
    // Every list too long to read: many matches. The search index's, from the share of the collection's
    // ids its probe covered (the value filters are in its match), each range keeping its share of them.
    const entries = probe.ids.length / idShare(probe.ids[probe.ids.length - 1]!, searched!.lo, searched!.hi);
    const share = rest.filter((k) => k.sql).reduce((product, k) => product * Math.min(1, k.n / Math.max(1, items)), 1);
    return { ids: [], dense: true, known: { total: roughly(entries * searched!.visible * share), estimated: true }, rest: null, share: 1, matchShare: 1, searchEntries: Math.round(entries) };
  } else if (lists.length === 0) return null;
  const listedIds = probe?.all ? (lists.length > 0 ? intersected([` ${probe.ids.join(' ')} `, ...lists.map((k) => k.items!)]) : probe.ids) : intersected(lists.map((k) => k.items!));
  if (!listedIds) return null;
  const ids = lent?.all ? listedIds.filter((id) => !lent.ids.has(id)) : listedIds;
  const shareOf = (k: Kept) => Math.min(1, k.n / Math.max(1, items));
  let share = rest.reduce((product, k) => product * shareOf(k), 1);
  let matchShare = rest.filter((k) => k.tokens).reduce((product, k) => product * shareOf(k), 1);
  let searchEntries: number | undefined;
  const tokens = rest.filter((k) => k.tokens).map((k) => k.tokens!);
  const tested = tokens.length > 0 ? [facetsExpression(tokens)] : [];
  if (probe && !probe.all) {
    // The share of the lists' matches the probe passed over that match the search too (both are by id).
    const last = probe.ids[probe.ids.length - 1]!;
    const matched = new Set(probe.ids);
    let passed = 0;
    let hits = 0;
    for (const id of ids) {
      if (id > last) break;
      passed += 1;
      if (matched.has(id)) hits += 1;
    }
    const searchShare = Math.min(1, (hits + 1) / (passed + 1));
    share *= searchShare;
    matchShare *= searchShare;
    // The search index's matches as many times the probe's as the lists' matches are the ones it passed.
    searchEntries = passed > 0 ? Math.round((probe.ids.length * ids.length) / passed) : Infinity;
    tested.unshift(`(${searched!.search})`);
  }
  const fewest = lists.length > 0 ? lists.reduce((a, b) => (b.owner < a.owner ? b : a)) : null;
  // Nothing left to test: the owner's matches are the ids; another caller's are counted for one filter alone.
  const whole = rest.length === 0 && (!probe || probe.all) && (!lent || lent.all);
  const exact = !whole ? null : level === 3 ? ids.length : exactAlone && kept.length === 1 && !searched && !lent ? fewest!.n : null;
  const visible = level === 3 || !fewest ? 1 : fewest.n / Math.max(1, fewest.owner);
  // Too many items lent to read: "available" is tested on the matches (taken as most of them).
  const sql = [...rest.flatMap((k) => k.sql ?? []), ...(lent && !lent.all ? [AVAILABLE_CONDITION] : [])];
  return {
    ids,
    known: exact !== null ? { total: exact, estimated: false } : { total: roughly(ids.length * visible * share), estimated: true },
    rest: tested.length > 0 || sql.length > 0 ? { match: tested.length > 0 ? tested.join(' AND ') : null, sql } : null,
    share,
    matchShare,
    ...(searchEntries !== undefined && { searchEntries }),
  };
}

/**
 * SQL for one facet_counts row (named `f`): its whole list of items, its newest and its closed chunks
 * (about a row per 4,000 items), when it holds at most `most`; NULL otherwise (or when it keeps none).
 */
const rowList = (f: string, most: number) =>
  `CASE WHEN ${f}.count_owner <= ${most} THEN ${f}.items || coalesce((SELECT group_concat(c.items, '') FROM facet_item_chunks c
    WHERE c.property_id = ${f}.property_id AND c.sort_key = ${f}.sort_key), '') END`;

/**
 * SQL for a group of facet_counts rows: their lists concatenated, when every row gave one and they hold
 * at most `most` items together (as counted by `owner`); NULL otherwise.
 */
const groupLists = (list: string, owner: string, most: number) =>
  `CASE WHEN count(${list}) = count(*) AND sum(${owner}) <= ${most} THEN group_concat(${list}, '') END AS items`;

/**
 * How many items the lists of one of a request's `conditions` may hold to be read: LISTED_READ when
 * they intersect with others, LISTED_MAX alone (more would be walked with the condition's own test).
 */
const listedMost = (conditions: number) => (conditions > 1 ? LISTED_READ : LISTED_MAX);

/** The ids of a concatenation of lists (" 1 2  3 "), in its order, read digit by digit. */
function parsedIds(list: string): number[] {
  const ids: number[] = [];
  let n = -1;
  for (let i = 0; i <= list.length; i += 1) {
    const c = i < list.length ? list.charCodeAt(i) : 32;
    if (c !== 32) n = (n < 0 ? 0 : n * 10) + (c - 48);
    else if (n >= 0) {
      ids.push(n);
      n = -1;
    }
  }
  return ids;
}

/**
 * Moves on the mark of each id of a concatenation of lists that is marked `from` (in `marks`, a byte an id
 * from `lo`), read digit by digit as parsedIds, without building an array of a long list. An id listed
 * twice, under two of a multi-valued filter's values, moves on once.
 */
function markIds(list: string, marks: Uint8Array, lo: number, from: number): void {
  let n = -1;
  for (let i = 0; i <= list.length; i += 1) {
    const c = i < list.length ? list.charCodeAt(i) : 32;
    if (c !== 32) n = (n < 0 ? 0 : n * 10) + (c - 48);
    else if (n >= 0) {
      const k = n - lo;
      if (k >= 0 && k < marks.length && marks[k] === from) marks[k] = from + 1;
      n = -1;
    }
  }
}

/**
 * The widest spread of ids (first to last) the shortest list of an intersection may have: a byte each is
 * marked. Wider (an instance of more items than D1 holds), the lists are not used.
 */
const INTERSECTED_SPAN_MAX = 1 << 24;

/**
 * The ids in every one of these concatenated lists, once each, ascending, or null when the shortest
 * spreads too wide. The shortest list's ids are marked in a byte array over their spread, and each other
 * list, scanned, moves a marked id's mark on: an array's look-up, where a Set's doubles the cost of the
 * scan (about 1 ms for 60,000 ids, V8 warm; 4 ms on a first call).
 */
function intersected(lists: string[]): number[] | null {
  const [shortest, ...others] = [...lists].sort((a, b) => a.length - b.length);
  const first = parsedIds(shortest!);
  if (first.length === 0) return [];
  // (A loop: spreading a long list into Math.min's arguments would overflow the stack.)
  let lo = first[0]!;
  let hi = lo;
  for (const id of first) {
    if (id < lo) lo = id;
    if (id > hi) hi = id;
  }
  const spread = hi - lo + 1;
  if (spread > INTERSECTED_SPAN_MAX) return null;
  const marks = new Uint8Array(spread);
  for (const id of first) marks[id - lo] = 1;
  others.forEach((other, round) => markIds(other, marks, lo, round + 1));
  const ids: number[] = [];
  for (let k = 0; k < spread; k += 1) if (marks[k] === others.length + 1) ids.push(lo + k);
  return ids;
}

/** How many facet_counts rows the ranges' counts may read together (each range its share). */
export const RANGE_COUNT_ROWS = 2_000;

/** What rangeCount found for one range: its items, and whether every value in range was read. */
interface RangeCounted {
  range: RangeFilter;
  n: number;
  whole: boolean;
}

/**
 * How many items the number and date filters select, from the kept counts of their values (one row per
 * distinct value in range, RANGE_COUNT_ROWS at most): exact for one filter on a single-valued property
 * whose values were all read, otherwise an estimate: a multi-valued property counts an item once per
 * value, and several ranges are taken as independent (each keeps its share of the caller's `items`, and
 * together no more than the fewest). A range over more distinct values (a date property of many years) is counted from the values read, stretched
 * over the share of the range's span they cover. With "available" (`lent`), the items in range whose
 * every copy is lent are taken out: counted when the caller may see `lent.read` of them at most, else
 * taken as the range's share of them (an estimate). Null with no range, or more than five.
 */
async function rangeCount(
  d1: D1Database,
  level: CallerLevel,
  where: Conditions,
  items: number,
  countRows: number,
  lent: { collectionId: number; conditions: string[]; unavailable: number; read: number } | null,
  spans: { collectionId: number; defer?: (work: Promise<unknown>) => void },
): Promise<{ total: number; estimated: boolean; fewest: RangeCounted; listed: Listed | null } | null> {
  const column = countColumn(level);
  const ranges = [...where.ranges.values()];
  if (ranges.length === 0 || ranges.length > 5) return null;
  const cap = Math.max(1, Math.floor(countRows / ranges.length));
  const most = listedMost(ranges.length);
  const arms = ranges.map((range) => {
    const pid = inlineId(range.prop.id);
    const [lo, hi] = numberBounds(pid);
    return `SELECT ${pid} AS pid, sum(n) AS n, count(*) AS k, max(v) AS last,
      ${lo} AS lo, ${hi} AS hi, sum(o) AS owner, ${groupLists('l', 'o', most)} FROM (
      SELECT f.${column} AS n, f.sort_number AS v, f.count_owner AS o, ${rowList('f', most)} AS l ${rangeRows(range, 'f')} ORDER BY f.sort_number LIMIT ${cap + 1})`;
  });
  // With "available": the items in range whose every copy is lent, counted in the same statement (a row
  // each, and the range's tests) when they are few.
  const lentCounted = !!lent && lent.unavailable > 0 && lent.unavailable <= lent.read;
  if (lentCounted) {
    const tests = lent.conditions.map((test) => ` AND ${test}`).join('');
    arms.push(`SELECT 0, (SELECT count(*) FROM ${UNAVAILABLE_ITEMS(lent.collectionId, level)}${tests}), 0, NULL, NULL, NULL, NULL, NULL`);
  }
  const { results } = await d1
    .prepare(unionAll(arms))
    .all<{ pid: number; n: number | null; k: number; last: number | null; lo: number | null; hi: number | null; owner: number | null; items: string | null }>();
  const lentInRange = results.find((r) => r.pid === 0)?.n ?? 0;
  const counted = ranges.map((range): RangeCounted => {
    const row = results.find((r) => r.pid === range.prop.id);
    if (!row || row.k <= cap) return { range, n: row?.n ?? 0, whole: true };
    spansWanted(d1, spans.collectionId, range, row.lo, row.hi, spans.defer);
    return { range, n: stretched(range, row.n ?? 0, row.k, [row.last, row.lo, row.hi]), whole: false };
  });
  const fewest = counted.reduce((a, b) => (b.n < a.n ? b : a));
  // Several ranges: each keeps its share of the items, as if they were independent (at most the fewest).
  const together = counted.length > 1 ? Math.min(fewest.n, counted.reduce((n, c) => (n * c.n) / Math.max(1, items), items)) : fewest.n;
  // (Too many lent to count: the range keeps its share of them.)
  const lentGuessed = !!lent && lent.unavailable > 0 && !lentCounted;
  const total = Math.max(0, together - (lentGuessed ? Math.round((lent.unavailable * together) / Math.max(1, items)) : lentInRange));
  const estimated = ranges.length > 1 || ranges[0]!.prop.multiple || !fewest.whole || lentGuessed;
  // The matches from the lists of the values in range (without "available").
  const kept = ranges.map((range, index): Kept => {
    const row = results.find((r) => r.pid === range.prop.id);
    return { items: row ? row.items : ' ', n: row?.n ?? 0, owner: row?.owner ?? 0, whole: counted[index]!.whole, sql: range.sql };
  });
  const listed = !lent && where.listable ? listedOf(kept, level, items, ranges.length === 1 && !ranges[0]!.prop.multiple, null, null) : null;
  return { total: estimated ? roughly(total) : total, estimated, fewest, listed };
}

/**
 * The items of a range counted from the first `values` values in range only (their count `read`): as
 * many more as the wanted values are more than those read, or as the range's span (within the
 * property's values, `lo` to `hi`) is longer than the part read (up to `last`). Those read, when no
 * number tells that part (a date's months and years have none, facet-spans.ts).
 */
function stretched(range: RangeFilter, read: number, values: number, [last, lo, hi]: [number | null, number | null, number | null]): number {
  if (range.values) return Math.round((read * range.values.length) / values);
  if (last === null || lo === null || hi === null) return read;
  const from = Math.max(range.min === undefined ? lo : Number(range.min), lo);
  const to = Math.min(range.max === undefined ? hi : Number(range.max), hi);
  const covered = last - from;
  return covered > 0 && to > from ? Math.round((read * (to - from)) / covered) : read;
}

/**
 * A property's numbers in its values' rows, read through their index (SQL: FROM and WHERE, the rows
 * named `f`); `property` is its id, or a column that names it.
 */
export function propertyNumbers(property: string, f = 'f'): string {
  return `FROM facet_counts ${f} INDEXED BY facet_counts_number_idx WHERE ${f}.property_id = ${property} AND ${f}.sort_number IS NOT NULL`;
}

/** A property's first and last numbers, two scalar subqueries (SQL) that seek the numbers' index's ends. */
export function numberBounds(property: string): [string, string] {
  return [`(SELECT min(f.sort_number) ${propertyNumbers(property)})`, `(SELECT max(f.sort_number) ${propertyNumbers(property)})`];
}

/**
 * FROM and WHERE for the rows (named `f`, facet_counts' columns) that hold a range's items: its values'
 * rows, in the order of their numbers; for a date range, the spans of its whole months and years and its
 * values' rows at its ends (facet-spans.ts), about a hundred at most however many days it covers; for a
 * number or a date-time with a span width, its spans likewise (numberSpanRows).
 */
function rangeRows(range: RangeFilter, f: string): string {
  const min = range.min === undefined ? undefined : Number(range.min);
  const max = range.max === undefined ? undefined : Number(range.max);
  if (range.prop.type === 'date' && !range.values) return `FROM ${spanRows(range.prop.id, min, max, f)}`;
  if (range.prop.spanWidth !== null && SPANNED_TYPES.includes(range.prop.type) && !range.values) return `FROM ${numberSpanRows(range.prop.id, min, max, range.prop.spanWidth, f)}`;
  return `${propertyNumbers(inlineId(range.prop.id), f)} AND ${rangeTests(range, `${f}.sort_number`)}`;
}

/** The types whose ranges are read from spans of a width once they hold many values (facet-spans.ts). */
const SPANNED_TYPES = ['number', 'datetime'];

/**
 * After a range that found more values in range than it read: when its property is a number or a
 * date-time that keeps no spans yet, they are built after the answer (`defer`), so that the next range
 * over it reads them. `lo` and `hi`: the property's first and last values, which choose their width.
 */
function spansWanted(d1: D1Database, collectionId: number, range: RangeFilter, lo: number | null, hi: number | null, defer: ((work: Promise<unknown>) => void) | undefined) {
  if (!defer || range.prop.spanWidth !== null || !range.prop.filterable || !SPANNED_TYPES.includes(range.prop.type) || lo === null || hi === null) return;
  defer(d1.batch(numberSpansBuild(d1, collectionId, range.prop.id, spanWidthFor(lo, hi))));
}

/** A range filter's conditions on a column holding sort numbers (SQL). */
function rangeTests(range: RangeFilter, column: string): string {
  return [
    range.min !== undefined ? `${column} >= ${range.min}` : null,
    range.max !== undefined ? `${column} <= ${range.max}` : null,
    range.values ? `${column} IN (${range.values.join(',')})` : null,
  ]
    .filter(Boolean)
    .join(' AND ');
}

/** The page: items, the total, and whether that total is an estimate ("about N"). */
interface ListedPage {
  rows: ListedItemRow[];
  total: number;
  estimated: boolean;
  /** Where this page ended, when it was walked and more may follow. */
  next?: PlacedCursor;
  /** Where this page starts, when it was walked and is not the first. */
  prev?: PlacedCursor;
}

/**
 * A page of items. Its cost follows the page, not the collection:
 * - value filters and ranges take their matches from the kept lists of their values (`keptCounts`,
 *   `rangeCount`, then `listedPlan`): few are read whole and sorted here, more are walked along the order
 *   with the list tested on each entry; a condition whose lists are too long to read, and a search, are
 *   tested on each of the others' matches (a probe of the search index tells the search's share, or
 *   gives its few matches); "available" takes the items whose every copy is lent out of them;
 * - otherwise, with a search or value filters, the first matches are read from the full-text index (where
 *   search and filters intersect). When they are all there is (at most FEW_MATCHES), they are sorted here and the
 *   page's items read by id; when there are more, the first pages walk the sort order and test each item
 *   against the index (the total is estimated from the share of matches read), and deeper pages read
 *   every match;
 * - otherwise the page walks an index already in the wanted order (dates on items, or a property's
 *   sort keys) and stops once the page is full; the total comes from the collection's counters;
 * - a page number typed far into a large list starts from the kept sort ranks (sort-ranks.ts): exactly
 *   when nothing narrows the list, where the matches' share puts it otherwise (`pageEstimated`).
 */
export async function listItems(
  d1: D1Database,
  collection: CountedCollection,
  level: CallerLevel,
  props: PropertyRow[],
  request: ListRequest,
  fewMatches = FEW_MATCHES,
  options: { ranks?: RankTuning; defer?: (work: Promise<unknown>) => void; rangeCountRows?: number; searchProbe?: number; lentRead?: number; bitmapMax?: number } = {},
) {
  const where = conditions(level, props, request);
  const filter = itemFilter(collection.id, level, { ...where, match: null });
  const unlimited = request.perPage === PER_PAGE_ALL;
  const perPage = unlimited ? UNLIMITED_PAGE_SIZE : Number(request.perPage ?? DEFAULT_PER_PAGE);
  const page = request.page ?? 1;
  const sortProp = request.sort && request.sort !== 'created' && request.sort !== 'updated' ? props.find((p) => p.key === request.sort && p.sortable) : null;
  if (request.sort && request.sort !== 'created' && request.sort !== 'updated' && !sortProp) throw badParam('sort', 'unknown_property');
  const shape: PageShape = {
    perPage,
    page,
    offset: (page - 1) * perPage,
    after: request.after ? decodeCursor(request.after, sortProp ?? null, 'after') : null,
    before: request.before && !request.after ? (request.before === END ? END : decodeCursor(request.before, sortProp ?? null, 'before')) : null,
    dir: request.dir === 'asc' ? 'ASC' : 'DESC',
    sortProp: sortProp ?? null,
    dateColumn: request.sort === 'updated' ? 'i.updated_at' : 'i.created_at',
    columns: listColumns(request.loansEnabled),
  };
  const counter = level === 3 ? collection.countOwner : level === 1 ? collection.countLoggedIn : collection.countEveryone;
  const tuning = options.ranks ?? DEFAULT_RANK_TUNING;
  // A page number typed far into a large list (no cursor to start from): where the kept ranks say it is.
  const typed = !shape.after && !shape.before;
  const large = collection.countOwner >= tuning.from;
  const ranks = () => keptRanks(d1, collection.id, level, shape, options.defer, tuning);
  let pageEstimated = false as boolean;
  // A page number typed into a narrowed list whose walk from the start would pass over too many items:
  // it starts where the matches' share of the kept ranks puts it (an estimate, and said to be one).
  const placed = async (total: number, match: string | null, known: { total: number; estimated: boolean }, narrowed = filter): Promise<ListedPage | null> => {
    const kept = large && total > 0 ? await ranks() : null;
    if (!kept) return null;
    pageEstimated = true;
    const place = Math.round((shape.offset * kept.total) / total);
    // A page the estimate puts at the end is the list's last items, read from the end.
    if (place + (perPage * kept.total) / total >= kept.total) return walkedPage(d1, narrowed, match, { ...shape, before: END }, known);
    // From the bucket's boundary: passing over its matches before the place would only refine an estimate.
    const start = rankedStart(kept.buckets, level, shape.dir, !!shape.sortProp, place);
    return walkedPage(d1, narrowed, match, shape, known, { from: start.from, skip: 0 });
  };
  // What walking from the start to this page would read: each item passed costs about WALK_ROWS_PER_ITEM
  // rows, and a share `total / counter` of them match.
  // `from`: how many matches the walk passes over (from the end, when an exact total lets it start there).
  const walkTooFar = (total: number, from = shape.offset) => from > 0 && (WALK_ROWS_PER_ITEM * (from + perPage) * counter) / Math.max(1, total) > 2 * fewMatches;
  // The matches the kept lists gave (n), each tested against the rest (t rows of tests: a search index's
  // test costs two), which keeps a share of them: m matches. Three plans, the cheapest taken:
  // - read whole and sorted, at a row each and one a range's test (at most LISTED_MAX: the ids are
  //   inline); the search index is then tested on the candidates up to the page's end only;
  // - a walk of a page, which passes about perPage × items / m entries at a row each (the list is tested
  //   on the order's entry, as a bitmap: listedFilter) and tests perPage × n / m of them. Without a rest,
  //   read whole when n² ≤ perPage × items: n ≤ 2,236 of 100,000 for 50 a page. A page typed far into the
  //   list is placed by the kept ranks (a walk of about a page); without ranks (a small collection) the
  //   walk starts from the start. Matches whose ids spread too far for a bitmap are walked with the
  //   request's own tests (`match` on each entry, and the conditions in `filter`);
  // - with a search, its entries in the search index read whole when they are few (two rows each and one
  //   a test, fewMatchesPage): a rare word among many listed items.
  const listedPlan = async (listed: Listed, match: string | null): Promise<ListedPage> => {
    const n = listed.dense ? Infinity : listed.ids.length;
    if (n === 0) return { rows: [], total: 0, estimated: false };
    const { total, estimated } = listed.known;
    const tests = (listed.rest?.match ? MATCH_TEST_ROWS : 0) + (listed.rest?.sql.length ?? 0);
    const m = Math.max(1, listed.dense ? total : n * listed.share);
    // The lists' matches as a walk tests them: null when no list was read, or when their ids spread too far
    // for a bitmap (then walked with the request's own tests).
    const inList = listed.dense ? null : listedFilter(collection.id, level, { ...where, sql: listed.rest?.sql ?? [] }, listed.ids, options.bitmapMax ?? LISTED_BITMAP_MAX);
    const dense = !inList;
    // With an exact total, a page past the middle is walked from the end (walkedPage).
    const passed = !typed ? 0 : !estimated && shape.offset > total / 2 ? Math.max(0, total - shape.offset - perPage) : shape.offset;
    const walkRows = (pages: number) => (pages / m) * (dense ? collection.countOwner * (1 + (match ? MATCH_TEST_ROWS : 0)) : collection.countOwner + n * tests);
    const walkCost = typed && !large ? walkRows(passed + perPage) : walkRows(perPage);
    // (Read whole, the search index and "available" are tested on the candidates a page needs, in
    // order: testedPage. Each candidate costs its item's row too.)
    const { ranges, later } = splitRest(listed);
    // ("available" is read on the item's row: no row more.)
    const laterRows = later ? 1 + (later.match ? MATCH_TEST_ROWS : 0) : 0;
    const testedRows = later ? laterRows * testedCandidates((shape.before === END ? 0 : shape.offset) + perPage, listed.matchShare, n) : 0;
    const readRows = n > LISTED_MAX ? Infinity : n * (1 + ranges.length) + testedRows;
    // (Each entry costs its row and its item's, and a row for each range or "available" test.)
    const searchRows = match && listed.searchEntries !== undefined && listed.searchEntries <= fewMatches ? (2 + where.sql.length) * listed.searchEntries : Infinity;
    if (searchRows < Math.min(readRows, walkCost)) {
      const few = await fewMatchesPage(d1, collection.id, filter, match!, shape, fewMatches, false);
      // (More entries than the probe's share promised: walked, as below.)
      if ('rows' in few) return few;
    }
    // Read whole without tests, a page costs what is counted (and its total and place are exact); a walk's
    // cost is an estimate, which the matches' spread along the order can pass: reading whole is taken
    // while it costs up to a twentieth more.
    if (readRows <= walkCost * (later ? 1 : WALK_ESTIMATE_MARGIN)) return listedMatchesPage(d1, level, listed, shape);
    const narrowed = inList ?? filter;
    const tested = inList ? (listed.rest?.match ?? null) : match;
    return (typed && walkTooFar(total, passed) ? await placed(total, tested, listed.known, narrowed) : null) ?? (await walkedPage(d1, narrowed, tested, shape, listed.known));
  };
  let listed: ListedPage;
  if (request.loansEnabled && request.availability === 'lent') {
    // The items with a copy lent are read from the collection's partial index of them (a few, however
    // large the collection; migration 0033), then sorted: exact, at about three rows an item (its entry,
    // its row, its sort key), and one more for each test of a search or value filter.
    // (The index holds the items that pass LENT_CONDITION, which `where` keeps: SQLite takes a partial
    // index only for a query that names its condition.)
    const lent = itemFilter(collection.id, level, { ...where, match: null });
    listed = await allMatchesPage(
      d1,
      { from: 'items i INDEXED BY items_lent_idx', sql: `${lent.sql}${matchedBy(where.match, 'i.id')}`, binds: [...lent.binds, ...(where.match ? [where.match] : [])] },
      shape,
    );
  } else if (where.match) {
    // Past the first half of FEW_MATCHES a typed page is deep: assumed many (the probe reads them all
    // anyway when they are few), which saves asking the kept counts, unless they give the total.
    const deep = shape.offset >= fewMatches || (typed && shape.offset >= fewMatches / 2);
    const kept = deep && !where.alone && !where.listable ? null : await keptCounts(d1, collection.id, level, where, { items: counter, owned: collection.countOwner, unavailable: collection.unavailableOwner }, { probe: options.searchProbe ?? SEARCH_PROBE, lent: options.lentRead ?? LENT_READ, defer: options.defer });
    // The kept lists of the filters' values give the matches, when they keep them (a search tested on them).
    if (kept?.listed) listed = await listedPlan(kept.listed, where.match);
    else {
      const atMost = kept?.atMost ?? null;
      const likelyMany = deep || (atMost !== null && atMost > fewMatches);
      // Many matches of one filter alone are counted by the kept counts, with no probe: exactly on a
      // single-valued property, and about on a multi-valued one (over the wanted values an item holds, in
      // a sample, when several are wanted). Otherwise the probe's estimate is held to what the counts
      // allow at most.
      const alone = where.alone && atMost !== null && atMost > fewMatches ? where.alone : null;
      const counted = !!alone && !alone.prop.multiple;
      const few = !alone
        ? await fewMatchesPage(d1, collection.id, filter, where.match, shape, fewMatches, likelyMany)
        : { estimate: counted ? atMost! : roughly(atMost! / (alone.keys.length > 1 ? await wantedPerMatch(d1, collection.id, filter, where.match, alone) : 1)) };
      const estimate = 'rows' in few ? 0 : Math.min(few.estimate, atMost ?? Infinity);
      const known = { total: estimate, estimated: !counted };
      if ('rows' in few) listed = few;
      // The walk tests each item it passes against the index: fine for the first pages, or from where the
      // previous page ended. A page too far from the start reads every match while they are about
      // FEW_MATCHES (two rows each, exact), and is placed by the kept ranks when they are more.
      else if (!typed || (shape.offset < fewMatches / 2 && !walkTooFar(estimate))) listed = await walkedPage(d1, filter, where.match, shape, known);
      // Counted exactly: a page nearer the end is walked from there (walkedPage).
      else if (counted && shape.offset > estimate / 2 && !walkTooFar(estimate, Math.max(0, estimate - shape.offset - perPage))) listed = await walkedPage(d1, filter, where.match, shape, known);
      else if (estimate <= fewMatches * READ_ALL_SHARE) listed = await allMatchesPage(d1, itemFilter(collection.id, level, where), shape);
      else {
        listed =
          (await placed(estimate, where.match, known)) ??
          (shape.offset < fewMatches / 2 ? await walkedPage(d1, filter, where.match, shape, known) : await allMatchesPage(d1, itemFilter(collection.id, level, where), shape));
      }
    }
  } else if (request.loansEnabled && request.availability === 'available' && where.sql.length === 1) {
    // Available alone: all but the items whose every copy is lent, both counted on the collection.
    const known = { total: counter - unavailableOf(collection, level), estimated: false };
    listed = (typed && walkTooFar(known.total) ? await placed(known.total, null, known) : null) ?? (await walkedPage(d1, filter, null, shape, known));
  } else if (where.sql.length > 0) {
    // Number and date filters (and "available"): counted from the kept counts of their values, less the
    // items in range whose every copy is lent.
    const ranged = where.sql.filter((test) => test !== AVAILABLE_CONDITION);
    const available =
      ranged.length < where.sql.length ? { collectionId: collection.id, conditions: ranged, unavailable: unavailableOf(collection, level), read: options.lentRead ?? LENT_READ } : null;
    const counted = await rangeCount(d1, level, where, counter, options.rangeCountRows ?? RANGE_COUNT_ROWS, available, { collectionId: collection.id, defer: options.defer });
    // Few enough: read whole from the sortable property's index and sorted (rangeMatchesPage: two rows a
    // match, and one more for each other range), when that costs less than a page's walk, which passes
    // over about perPage × counter / n items at about two rows each (the sort index's entry and the
    // range's value): when n² ≤ perPage × counter, 2,236 of 100,000 for 50 a page. A page typed too far
    // for a walk is read whole while that stays about as cheap as a first page's walk (exact rather than
    // placed by an estimate). A single value holds every bound, so the index's choice stands for the
    // range's own tests.
    const driver = counted?.fewest.whole ? counted.fewest.range : undefined;
    const others = driver ? where.sql.filter((test) => !driver.sql.includes(test)) : [];
    const readRows = 2 + others.length;
    const cheapRead = (n: number) => readRows * n * n <= 2 * perPage * counter || (typed && walkTooFar(n) && n <= fewMatches * READ_ALL_SHARE);
    if (counted?.listed) {
      listed = await listedPlan(counted.listed, null);
    } else if (counted && driver && driver.prop.sortable && !driver.prop.multiple && cheapRead(counted.fewest.n)) {
      listed = await rangeMatchesPage(d1, level, driver, others, shape);
    } else {
      const known = counted && { total: counted.total, estimated: counted.estimated };
      listed = (typed && known && walkTooFar(known.total) ? await placed(known.total, null, known) : null) ?? (await walkedPage(d1, filter, null, shape, known));
    }
  } else if (typed && large && Math.min(shape.offset, counter - shape.offset - perPage) >= tuning.bucket) {
    // Far from both ends (near the end, the walk from the end passes over less than a bucket).
    const kept = await ranks();
    const start = kept ? rankedStart(kept.buckets, level, shape.dir, !!shape.sortProp, shape.offset) : undefined;
    listed = await walkedPage(d1, filter, null, shape, { total: kept?.total ?? counter, estimated: false }, start);
  } else {
    listed = await walkedPage(d1, filter, null, shape, { total: counter, estimated: false });
  }
  return {
    items: summaries(listed.rows, props),
    total: listed.total,
    totalEstimated: listed.estimated,
    ...(pageEstimated ? { pageEstimated: true } : {}),
    page,
    perPage: unlimited ? (PER_PAGE_ALL as typeof PER_PAGE_ALL) : perPage,
    ...(listed.next && { next: encodeCursor(listed.next) }),
    ...(listed.prev && page > 1 && { prev: encodeCursor(listed.prev) }),
  };
}

/**
 * The kept ranks of the page's order with the caller's count, read in one statement with the
 * collection's counters so both are of the same moment. Null, and the order built again after the
 * answer, when there are none or their counts do not add up to the counters.
 */
async function keptRanks(
  d1: D1Database,
  collectionId: number,
  level: CallerLevel,
  shape: PageShape,
  defer: ((work: Promise<unknown>) => void) | undefined,
  tuning: RankTuning,
): Promise<{ buckets: Bucket[]; total: number } | null> {
  const order = orderOf(shape.sortProp ?? (shape.dateColumn === 'i.updated_at' ? 'updated' : 'created'));
  const row = await d1
    .prepare(
      `SELECT c.count_everyone AS c0, c.count_logged_in AS c1, c.count_owner AS c3, (SELECT data -> '$.${order.key}' FROM sort_ranks WHERE collection_id = c.id) AS buckets
       FROM collections c WHERE c.id = ?`,
    )
    .bind(collectionId)
    .first<{ c0: number; c1: number; c3: number; buckets: string | null }>();
  const buckets = row?.buckets ? (JSON.parse(row.buckets) as Bucket[]) : null;
  if (row && countsAddUp(buckets, row)) {
    return { buckets, total: level === 3 ? row.c3 : level === 1 ? row.c1 : row.c0 };
  }
  if (row && defer) defer(buildOrderStatement(d1, collectionId, order, tuning.bucket).run());
  return null;
}

type Filter = ReturnType<typeof itemFilter>;

/** Where a sortable property's first value sits in an item's cached data (a JSON path). */
function sortValuePath(prop: PropertyRow): string {
  return `$."${inlineId(prop.id)}"${prop.multiple ? '[0]' : ''}`;
}

/** How many rows a FROM and WHERE select. */
async function countRows(d1: D1Database, from: string, where: string, binds: unknown[]): Promise<number> {
  return (await d1.prepare(`SELECT count(*) AS n FROM ${from} WHERE ${where}`).bind(...binds).first<{ n: number }>())?.n ?? 0;
}

/** A match's sort key as the sort indexes hold it: a natural key or a number (null: no value). */
function sortKeyOf(prop: PropertyRow, json: string | null): string | number | null {
  if (json === null) return null;
  const keys = sortKeys(prop.type as PropertyType, JSON.parse(json));
  return keys.sortNumber ?? keys.naturalKey;
}

/** The id of the collection's oldest or newest item (SQL): the range an estimate extrapolates over. */
function collectionEnd(collectionId: number, dir: 'ASC' | 'DESC'): string {
  return `(SELECT id FROM items WHERE collection_id = ${inlineId(collectionId)} ORDER BY created_at ${dir}, id ${dir} LIMIT 1)`;
}

/** The share of the collection's ids (from its oldest, lo, to its newest, hi) that entries up to id `last` cover. */
function idShare(last: number, lo: number, hi: number): number {
  return Math.min(1, Math.max(1, last - lo + 1) / Math.max(1, hi - lo + 1));
}

/** The column of facet_counts that counts what a caller of this level may see. */
function countColumn(level: CallerLevel): string {
  return level === 3 ? 'count_owner' : level === 1 ? 'count_logged_in' : 'count_everyone';
}

/** The search-index test for an item walked by another index (its id column named by `id`). */
function matchedBy(match: string | null, id: string): string {
  return match ? ` AND ${searchRowTest(match, id)}` : '';
}

/** About n: two significant digits, so an estimate never looks exact ("about 33,000"). */
function roughly(n: number): number {
  if (n < 100) return Math.round(n);
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / unit) * unit;
}

/**
 * Which share of the entries a probe of many matches reads whole (the item, to test the caller's level
 * and the other conditions): a tenth, the first 100 of FEW_MATCHES + 1. The others are only counted, at
 * one row each.
 */
const ESTIMATE_HEAD_SHARE = 0.1;

/** A matched entry of the index: whether it is the caller's, and its sort value when it was read. */
interface Entry {
  id: number;
  /** 1 when the item passes the other conditions and the caller may see it; null: not read. */
  ok: number | null;
  created: string | null;
  value: string | number | null;
  lo: number | null;
  hi: number | null;
}

/**
 * The page when the matches are few: the first FEW_MATCHES + 1 of the collection's entries in the
 * full-text index (by id). When there are more, the answer is an estimate of their number instead: the
 * share of the entries read whole that were the caller's matches, times the entries, over the share of
 * the collection's ids they covered.
 * - Usually one statement reads every entry with its item and sort value (two rows each).
 * - When the filters' kept counts say the matches may be many (`likelyMany`), it reads the items of the
 *   first tenth of the entries only and counts the others (one row each); should they be few after all
 *   (filters that intersect narrowly), a second statement reads their sort values.
 * Few matches are sorted here, and the page's items read by id.
 */
async function fewMatchesPage(
  d1: D1Database,
  collectionId: number,
  filter: Filter,
  match: string,
  shape: PageShape,
  fewMatches: number,
  likelyMany: boolean,
): Promise<ListedPage | { estimate: number }> {
  const { sortProp } = shape;
  const value = sortProp ? `i.data -> '${sortValuePath(sortProp)}'` : shape.dateColumn;
  const entries = (limit: number, offset: number) => `SELECT rowid FROM items_search WHERE items_search MATCH ? ORDER BY rowid LIMIT ${limit} OFFSET ${offset}`;
  const whole = `SELECT s.rowid AS id, (${filter.sql}) AS ok, i.created_at AS created, ${value} AS value,
    ${collectionEnd(collectionId, 'ASC')} AS lo, ${collectionEnd(collectionId, 'DESC')} AS hi`;
  const scoped = inCollection(match, collectionId);
  const head = Math.max(1, Math.ceil((fewMatches + 1) * ESTIMATE_HEAD_SHARE));
  const { results: read } = await (likelyMany
    ? d1
        .prepare(
          `SELECT * FROM (${whole} FROM (${entries(head, 0)}) s CROSS JOIN items i ON i.id = s.rowid)
           UNION ALL SELECT rowid, NULL, NULL, NULL, NULL, NULL FROM (${entries(fewMatches + 1 - head, head)})`,
        )
        .bind(...filter.binds, scoped, scoped)
    : d1.prepare(`${whole} FROM (${entries(fewMatches + 1, 0)}) s CROSS JOIN items i ON i.id = s.rowid`).bind(...filter.binds, scoped)
  ).all<Entry>();
  if (read.length > fewMatches) {
    const last = Math.max(...read.map((r) => r.id));
    const sampled = read.filter((r) => r.ok !== null);
    const lo = sampled[0]?.lo ?? last;
    const hi = sampled[0]?.hi ?? last;
    const share = idShare(last, lo, hi);
    const okShare = sampled.filter((r) => r.ok === 1).length / Math.max(1, sampled.length);
    return { estimate: roughly((okShare * read.length) / share) };
  }
  let found = read;
  if (read.some((r) => r.ok === null)) {
    // The probe counted more than it read: the sort values of all of them.
    const { results } = await d1
      .prepare(`SELECT i.id, 1 AS ok, i.created_at AS created, ${value} AS value FROM ${itemsOf(read.map((r) => r.id))} WHERE ${filter.sql}`)
      .bind(...filter.binds)
      .all<Entry>();
    found = results;
  }
  const keyed = found
    .filter((r) => r.ok === 1)
    .map((r) => ({ id: r.id, created: r.created, key: sortProp ? sortKeyOf(sortProp, r.value as string | null) : (r.value as string) }));
  return sortedPage(d1, keyed, shape);
}

/**
 * FROM for the items of `ids` (distinct), as `i`: a table of inline VALUES joined to items by id, a row
 * read an item, where `i.id IN (…)` reads two (each look-up also reads the next row).
 */
function itemsOf(ids: number[]): string {
  return `(VALUES ${ids.map((id) => `(${inlineId(id)})`).join(',')}) byid CROSS JOIN items i ON i.id = byid.column1`;
}

/** A match to sort: its sort key (null: no value) and, for those without one, when it was created. */
interface Keyed {
  id: number;
  created: string | null;
  key: string | number | null;
}

/**
 * Matches sorted here as the index walk orders them (equal keys by id in the same direction, then the
 * items without a value, oldest first), and the page's items read by id: exact, at any page.
 */
async function sortedPage(d1: D1Database, keyed: Keyed[], shape: PageShape): Promise<ListedPage> {
  sortKeyed(keyed, shape.dir);
  const start = shape.before === END ? Math.max(0, keyed.length - shape.perPage) : shape.offset;
  const ids = keyed.slice(start, start + shape.perPage).map((r) => r.id);
  if (ids.length === 0) return { rows: [], total: keyed.length, estimated: false };
  const { results: rows } = await d1
    .prepare(`SELECT ${shape.columns} FROM ${itemsOf(ids)}`)
    .all<ListedItemRow>();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), total: keyed.length, estimated: false };
}

/** Sorts matches in place as the index walk orders them (sortedPage), and answers them. */
function sortKeyed(keyed: Keyed[], dir: 'ASC' | 'DESC'): Keyed[] {
  const sign = dir === 'ASC' ? 1 : -1;
  return keyed.sort((a, b) => {
    if (a.key === null || b.key === null) {
      if (a.key !== b.key) return a.key === null ? 1 : -1;
      // Items without a value: oldest first.
      return compareText(a.created ?? '', b.created ?? '') || a.id - b.id;
    }
    const d = typeof a.key === 'number' && typeof b.key === 'number' ? a.key - b.key : compareText(String(a.key), String(b.key));
    return sign * (d || a.id - b.id);
  });
}

/**
 * The look-up of an item's sort key for a sortable property (SQL), as the sort index holds it: its first
 * value's number or natural key, one primary-key look-up. `select` names what it gives from the key's
 * SQL (its value row is `k`).
 */
function sortKeySql(prop: PropertyRow, itemId: string, select: (key: string) => string): string {
  return `(SELECT ${select(isRange(prop) ? 'k.sort_number' : 'k.natural_key')} FROM item_values k
    WHERE k.item_id = ${itemId} AND k.property_id = ${inlineId(prop.id)} AND k.position = 0 AND k.sortable = 1)`;
}

/**
 * A page of a range on a single-valued sortable property, read whole from that property's sort index
 * (partial: the query repeats its condition) and sorted here. Each match costs its index entry and its
 * sort key (one primary-key look-up); the entry's level (the item's, kept by a trigger) stands for the
 * item's, so the item itself is read only for a date order or other conditions. The total is exact.
 * `others`: the request's other conditions on `i`.
 */
async function rangeMatchesPage(d1: D1Database, level: CallerLevel, range: RangeFilter, others: string[], shape: PageShape): Promise<ListedPage> {
  const { sortProp } = shape;
  const joined = others.length > 0 || !sortProp;
  let value: string;
  if (!sortProp) value = shape.dateColumn;
  else if (sortProp.id === range.prop.id) value = 'ranged.sort_number';
  else {
    value = sortKeySql(sortProp, 'ranged.item_id', (key) => key);
  }
  // A subquery with an OFFSET is not merged into the outer query, so each key is looked up once; the
  // items without one are then read for their creation date.
  const { results } = await d1
    .prepare(
      `SELECT m.id, m.value, CASE WHEN m.value IS NULL THEN (SELECT created_at FROM items x WHERE x.id = m.id) END AS created FROM (
        SELECT ranged.item_id AS id, ${value} AS value FROM item_values ranged INDEXED BY item_values_property_number_idx
        ${joined ? 'CROSS JOIN items i ON i.id = ranged.item_id' : ''}
        WHERE ranged.property_id = ${inlineId(range.prop.id)} AND ranged.sortable = 1 AND ranged.sort_number IS NOT NULL
          AND ${rangeTests(range, 'ranged.sort_number')} AND ranged.level <= ${inlineId(level)}${others.map((test) => ` AND ${test}`).join('')}
        LIMIT -1 OFFSET 0) m`,
    )
    .all<{ id: number; value: string | number | null; created: string | null }>();
  return sortedPage(
    d1,
    results.map((r) => ({ id: r.id, created: r.created, key: r.value })),
    shape,
  );
}

/**
 * A page of the matches a kept list gave (owner-level ids), read whole and sorted here: each costs one
 * primary-key look-up, of its sort key with its level (the item's, kept by a trigger), or of the item for
 * a date order or an item without a sort key. The ids are a table of inline VALUES, which SQLite reads
 * without counting rows. Exact, at any page.
 */
async function listedMatchesPage(d1: D1Database, level: CallerLevel, listed: Listed, shape: PageShape): Promise<ListedPage> {
  const { sortProp } = shape;
  const table = `(VALUES ${listed.ids.map((id) => `(${inlineId(id)})`).join(',')})`;
  // The ranges whose lists were not read, tested on each (a row each). The search index's test and
  // "available" wait for the order (testedPage).
  const { ranges, later } = splitRest(listed);
  const rest = ranges.length > 0 ? `WHERE 1${ranges.map((test) => ` AND ${onItem(test, 'm.id')}`).join('')}` : '';
  const dated = (column: string) => `(SELECT json_array(x.level, ${column}) FROM items x WHERE x.id = m.id)`;
  let sql: string;
  if (!sortProp) {
    sql = `SELECT m.id, NULL AS value, ${dated(`x.${shape.dateColumn.slice(2)}`)} AS item FROM (SELECT column1 AS id FROM ${table}) m ${rest}`;
  } else {
    // A subquery with an OFFSET is not merged into the outer one, so each key is looked up once.
    sql = `SELECT m.id, m.value, CASE WHEN m.value ->> 1 IS NULL THEN ${dated('x.created_at')} END AS item FROM (
      SELECT column1 AS id, ${sortKeySql(sortProp, 'column1', (key) => `json_array(k.level, ${key})`)} AS value
      FROM ${table} LIMIT -1 OFFSET 0) m ${rest}`;
  }
  const { results } = await d1.prepare(sql).all<{ id: number; value: string | null; item: string | null }>();
  const keyed: Keyed[] = [];
  for (const row of results) {
    const value = row.value ? (JSON.parse(row.value) as [number, string | number | null]) : null;
    const item = row.item ? (JSON.parse(row.item) as [number, string]) : null;
    // The level of the value row stands for the item's; an item gone meanwhile has neither.
    const seen = value?.[0] ?? item?.[0];
    if (seen === undefined || seen > level) continue;
    if (!sortProp) keyed.push({ id: row.id, created: item![1], key: item![1] });
    else keyed.push({ id: row.id, created: item?.[1] ?? null, key: value?.[1] ?? null });
  }
  return later ? testedPage(d1, keyed, shape, later, listed.matchShare) : sortedPage(d1, keyed, shape);
}

/**
 * A listed plan's rest: the range tests, made on every match, and those tested on the candidates a page
 * needs only (`later`, testedPage): the search index's, and "available", read on the item's row.
 */
function splitRest(listed: Listed): { ranges: string[]; later: { match: string | null; sql: string[] } | null } {
  const sql = listed.rest?.sql ?? [];
  const later = sql.filter((test) => test === AVAILABLE_CONDITION);
  const match = listed.rest?.match ?? null;
  return { ranges: sql.filter((test) => test !== AVAILABLE_CONDITION), later: match || later.length > 0 ? { match, sql: later } : null };
}

/**
 * How many more matches than a page needs testedPage tests, in expectation, and how many more at least:
 * its share is an estimate.
 */
const TESTED_MARGIN = 1.5;
const TESTED_MORE = 20;

/** How many of `keyed` candidates testedPage tests for `wanted` matches keeping about `share` of them. */
const testedCandidates = (wanted: number, share: number, keyed: number) => Math.min(keyed, Math.ceil((wanted / Math.max(0.01, share)) * TESTED_MARGIN) + TESTED_MORE);

/**
 * A page of sorted candidates that must also pass a test of the search index (`tests.match`) or of the
 * item (`tests.sql`: "available"), which keep about `share` of them: the candidates up to the page's end
 * are tested, in order, as many as the page needs at the
 * share expected (from the list's end for its last page), with the page's items read in the same
 * statement. Each test is a look-up of the search index by rowid (two rows, and the index's own work:
 * a prefix of a common word costs milliseconds), so only as many as the page needs are made; a share
 * overestimated tests more in another statement. The total is exact once every candidate was tested,
 * otherwise the share the tested ones kept, applied to the others.
 */
async function testedPage(d1: D1Database, keyed: Keyed[], shape: PageShape, tests: { match: string | null; sql: string[] }, share: number): Promise<ListedPage> {
  const order = sortKeyed(keyed, shape.dir);
  const fromEnd = shape.before === END;
  const wanted = fromEnd ? shape.perPage : shape.offset + shape.perPage;
  const passed = new Map<number, ListedItemRow>();
  let tested = 0;
  while (tested < order.length && passed.size < wanted) {
    const take = testedCandidates(wanted - passed.size, tested > 0 ? passed.size / tested : share, order.length - tested);
    const candidates = (fromEnd ? order.slice(order.length - tested - take, order.length - tested) : order.slice(tested, tested + take)).map((k) => k.id);
    const { results } = await d1
      .prepare(
        `SELECT ${shape.columns} FROM ${itemsOf(candidates)} WHERE 1${tests.sql.map((test) => ` AND ${test}`).join('')}${matchedBy(tests.match, 'i.id')}`,
      )
      .bind(...(tests.match ? [tests.match] : []))
      .all<ListedItemRow>();
    for (const row of results) passed.set(row.id, row);
    tested += take;
  }
  const matches = order.filter((k) => passed.has(k.id)).map((k) => passed.get(k.id)!);
  const rows = fromEnd ? matches.slice(-shape.perPage) : matches.slice(shape.offset, shape.offset + shape.perPage);
  if (tested >= order.length) return { rows, total: matches.length, estimated: false };
  return { rows, total: roughly(matches.length + ((order.length - tested) * matches.length) / Math.max(1, tested)), estimated: true };
}

/**
 * What the kept counts of a request's text value filters say (null without such a filter, unless a
 * listable search has ranges): at most how many items they select (the smallest filter's values, summed;
 * filters intersect, so the matches may be far fewer), enough to choose a plan; and, for a listable
 * request, its matches from the kept lists of its filters and ranges (listedOf), read in the same
 * statement: LISTED_READ items at most together (LISTED_MAX for one condition alone), LISTED_RANGE_VALUES
 * values a range. The same statement reads, for a search, the first `reads.probe` + 1 entries of
 * the search index that match it with the value filters (one row each), and for "available" the items
 * whose every copy is lent (a row each) when the collection counts `reads.lent` of them at most
 * (`unavailable`).
 */
async function keptCounts(
  d1: D1Database,
  collectionId: number,
  level: CallerLevel,
  where: Conditions,
  { items, owned, unavailable }: { items: number; owned: number; unavailable: number },
  reads: { probe: number; lent: number; defer?: (work: Promise<unknown>) => void },
): Promise<{ atMost: number | null; listed: Listed | null } | null> {
  const { probe } = reads;
  const ranges = where.listable ? [...where.ranges.values()] : [];
  if (where.searched ? !where.listable || where.counted.length + ranges.length === 0 : where.counted.length === 0) return null;
  const column = countColumn(level);
  const keys = where.counted.flatMap((group) => group.keys);
  if (keys.length > 90) return null;
  const search = where.searched && where.search ? where.search : null;
  // A request that cannot be listed reads no list (-1: no value holds fewer items). A search, and
  // "available", are one more condition each that the lists' matches meet.
  const most = where.listable ? listedMost(where.counted.length + ranges.length + (search ? 1 : 0) + (where.available ? 1 : 0)) : -1;
  const arms: string[] = [];
  // The text filters' counts and lists; with a search, as a table the probe's size follows (materialized
  // once, at a row more a filter read again).
  const textArm =
    where.counted.length > 0
      ? `SELECT property_id AS pid, sum(${column}) AS n, sum(count_owner) AS owner, 1 AS whole, ${groupLists(rowList('f', most), 'count_owner', most)}, NULL AS span
         FROM facet_counts f WHERE ${where.counted.map((group) => `(property_id = ${inlineId(group.propertyId)} AND sort_key IN (${group.keys.map(() => '?').join(',')}))`).join(' OR ')}
         GROUP BY property_id`
      : null;
  const texts = textArm && search ? `WITH texts AS MATERIALIZED (${textArm}) ` : '';
  if (textArm) arms.push(texts ? 'SELECT * FROM texts' : textArm);
  for (const range of ranges) {
    const pid = inlineId(range.prop.id);
    // (`span`, when more values are in range than read: the last read, and the property's first and last.)
    arms.push(`SELECT ${pid} AS pid, sum(n) AS n, sum(o) AS owner, count(*) <= ${LISTED_RANGE_VALUES} AS whole, ${groupLists('l', 'o', most)},
      CASE WHEN count(*) > ${LISTED_RANGE_VALUES} THEN json_array(max(v), ${numberBounds(pid).join(', ')}) END AS span FROM (
      SELECT f.${column} AS n, f.count_owner AS o, ${rowList('f', most)} AS l, f.sort_number AS v ${rangeRows(range, 'f')}
      ORDER BY f.sort_number LIMIT ${LISTED_RANGE_VALUES + 1})`);
  }
  if (search) {
    // (Its `span` is the collection's first and last ids.) It reads more entries when every value filter
    // holds more items than a list plan takes (a rare word's may then all be in it).
    const limit = texts ? `(SELECT CASE WHEN min(owner) > ${LISTED_MAX} THEN ${SEARCH_PROBE_DENSE + 1} ELSE ${probe + 1} END FROM texts)` : probe + 1;
    arms.push(`SELECT ${PROBE_ROW} AS pid, count(*) AS n, NULL AS owner, 1 AS whole, group_concat(rowid, ' ') AS items,
      json_array(${collectionEnd(collectionId, 'ASC')}, ${collectionEnd(collectionId, 'DESC')}) AS span FROM (SELECT rowid FROM items_search WHERE items_search MATCH ? ORDER BY rowid LIMIT ${limit})`);
  }
  // Read only when the collection's counter says they are few (none read when there are none): taken
  // out of the lists, they make "available" one condition less to test, and the owner's total exact.
  const readsLent = !!where.available && where.listable && unavailable <= reads.lent;
  if (readsLent && unavailable > 0) {
    arms.push(`SELECT ${LENT_ROW} AS pid, count(*) AS n, NULL AS owner, 1 AS whole, group_concat(i.id, ' ') AS items, NULL AS span FROM ${UNAVAILABLE_ITEMS(collectionId, 3)}`);
  }
  const { results } = await d1
    .prepare(`${texts}${unionAll(arms)}`)
    .bind(...keys, ...(search ? [inCollection(where.match!, collectionId)] : []))
    .all<{ pid: number; n: number | null; owner: number | null; whole: number; items: string | null; span: string | null }>();
  const kept = (pid: number, test: Pick<Kept, 'tokens' | 'sql'>, range?: RangeFilter): Kept => {
    const row = results.find((r) => r.pid === pid && r.owner !== null);
    // A range of more values than read: counted from those read, stretched over the range.
    const span = range && row?.span ? (JSON.parse(row.span) as [number | null, number | null, number | null]) : null;
    if (range && span) spansWanted(d1, collectionId, range, span[1], span[2], reads.defer);
    const n = range && span ? stretched(range, row!.n ?? 0, LISTED_RANGE_VALUES + 1, span) : (row?.n ?? 0);
    return { items: row ? row.items : ' ', n, owner: row?.owner ?? 0, whole: !row || row.whole === 1, ...test };
  };
  const counted = where.counted.map((group) => kept(group.propertyId, { tokens: group.tokens }));
  const atMost = counted.length > 0 ? Math.min(...counted.map((text) => text.n)) : null;
  if (!where.listable) return { atMost, listed: null };
  const all = [...counted, ...ranges.map((range) => kept(range.prop.id, { sql: range.sql }, range))];
  const probed = counted.length > 0 && Math.min(...counted.map((text) => text.owner)) > LISTED_MAX ? SEARCH_PROBE_DENSE : probe;
  const found = (pid: number) => results.find((r) => r.pid === pid);
  const probeRow = found(PROBE_ROW);
  const entries = search ? idsOf(probeRow?.items ?? null) : [];
  const [lo, hi] = probeRow?.span ? (JSON.parse(probeRow.span) as [number | null, number | null]) : [null, null];
  const searched = search
    ? { search, probe: { ids: entries, all: entries.length <= probed }, lo: lo ?? 0, hi: hi ?? 0, visible: Math.min(1, items / Math.max(1, owned)) }
    : null;
  const lentRow = found(LENT_ROW);
  const lent = where.available ? { ids: new Set(idsOf(lentRow?.items ?? null)), all: readsLent } : null;
  return { atMost, listed: listedOf(all, level, items, !!where.alone && !where.alone.prop.multiple, searched, lent) };
}

/** keptCounts' rows for the search index's probe and for the items whose every copy is lent (no property has these ids). */
const PROBE_ROW = -1;
const LENT_ROW = -2;

/**
 * How many items whose every copy is lent a list reads for "available" (a row each, in keptCounts and
 * rangeCount): with more, "available" is tested on the matches instead, and their total is an estimate.
 */
export const LENT_READ = 20;

/**
 * How many of the search index's first matches keptCounts' probe reads (a row each): all of them when
 * they are fewer, the share of the lists' matches they keep otherwise (a sample of 30: about ±10 to 20%).
 */
export const SEARCH_PROBE = 30;

/**
 * The probe's size when every value filter holds more items than a listed plan names (LISTED_MAX): the
 * matches of a rare word among them are then read whole when the probe has them all.
 */
const SEARCH_PROBE_DENSE = 100;

/** How many matches a sample reads to learn how many of the wanted values a match holds. */
const WANTED_SAMPLE = 100;

/**
 * How many of the wanted values of a multi-valued filter a match holds, on average over the first
 * matches (by id; their cached data holds the values): what its kept counts, which count an item once per
 * value, are divided by. One when the sample finds none.
 */
async function wantedPerMatch(
  d1: D1Database,
  collectionId: number,
  filter: Filter,
  match: string,
  alone: { prop: PropertyRow; keys: string[] },
): Promise<number> {
  const { results } = await d1
    .prepare(
      `SELECT i.data FROM (SELECT rowid FROM items_search WHERE items_search MATCH ? ORDER BY rowid LIMIT ${WANTED_SAMPLE}) s
       CROSS JOIN items i ON i.id = s.rowid WHERE ${filter.sql}`,
    )
    .bind(inCollection(match, collectionId), ...filter.binds)
    .all<{ data: string }>();
  const wanted = new Set(alone.keys);
  const held = results.map((row) => {
    const list = storedValues([alone.prop], row.data).get(alone.prop.id) ?? [];
    return new Set(list.map((text) => sortKeys(alone.prop.type as PropertyType, JSON.parse(text)).sortText).filter((key) => key !== null && wanted.has(key))).size;
  });
  const matched = held.filter((n) => n > 0);
  return matched.length > 0 ? matched.reduce((a, b) => a + b, 0) / matched.length : 1;
}

/**
 * Every match read, sorted and counted in one statement: numbers sort by the value in their cached data,
 * text by its natural key (one primary-key look-up per match). The cost follows the matches; the page's
 * own columns (its copies lent among them) are read for its items only.
 */
async function allMatchesPage(d1: D1Database, filter: Filter, shape: PageShape): Promise<ListedPage> {
  const { sortProp, dir, columns } = shape;
  // The list's end (`before=end`): its last page, wherever its number puts it.
  const offset = shape.before === END ? Math.max(0, (await countRows(d1, filter.from, filter.sql, filter.binds)) - shape.perPage) : shape.offset;
  let matches = `SELECT i.id AS mid, ${shape.dateColumn} AS mkey, count(*) OVER () AS total_count FROM ${filter.from} WHERE ${filter.sql}
    ORDER BY ${shape.dateColumn} ${dir}, i.id ${dir} LIMIT ? OFFSET ?`;
  let order = `m.mkey ${dir}, m.mid ${dir}`;
  if (sortProp) {
    const value = RANGE_PROPERTY_TYPES.includes(sortProp.type as PropertyType)
      ? `json_extract(i.data, '${sortValuePath(sortProp)}')`
      : `(SELECT k.natural_key FROM item_values k WHERE k.item_id = i.id AND k.property_id = ${sortProp.id} AND k.position = 0)`;
    // As the index walk orders them: equal values by id in the same direction, then the items without a
    // value, oldest first. The value is a column of a subquery, so it is computed once per match (SQLite
    // copies an alias's expression wherever ORDER BY names it; the window function keeps the subquery
    // from being merged into the outer query).
    const sorted = (m: string) =>
      `(${m}sort_value IS NULL), ${m}sort_value ${dir}, CASE WHEN ${m}sort_value IS NULL THEN ${m}mkey END, ${m}mid * (CASE WHEN ${m}sort_value IS NULL THEN 1 ELSE ${dir === 'ASC' ? 1 : -1} END)`;
    matches = `SELECT * FROM (SELECT i.id AS mid, i.created_at AS mkey, ${value} AS sort_value, count(*) OVER () AS total_count FROM ${filter.from} WHERE ${filter.sql})
      ORDER BY ${sorted('')} LIMIT ? OFFSET ?`;
    order = sorted('m.');
  }
  const { results } = await d1
    .prepare(`SELECT ${columns}, m.total_count FROM (${matches}) m CROSS JOIN items i ON i.id = m.mid ORDER BY ${order}`)
    .bind(...filter.binds, shape.perPage, offset)
    .all<ListedItemRow & { total_count: number }>();
  const total = results[0]?.total_count ?? (offset > 0 ? await countRows(d1, filter.from, filter.sql, filter.binds) : 0);
  return { rows: results, total, estimated: false };
}

/**
 * What a value needs to be in the sort indexes, which are partial (migration 0014): SQLite walks a
 * partial index only when the query repeats its condition. A sortable property's values all have
 * `sortable`; a text value without a natural key yet (written before keys existed, until the re-key job
 * reaches it) sorts with the items that have no value, in every plan.
 */
function sortIndexed(sortKey: string): string {
  return `s.sortable = 1 AND ${sortKey} IS NOT NULL`;
}

/** One stretch of a walk: by date, or among items with a sort value ("v"), or without one ("m"). */
interface Phase {
  kind: PageCursor[0];
  dir: 'ASC' | 'DESC';
}

const flip = (dir: 'ASC' | 'DESC') => (dir === 'ASC' ? 'DESC' : 'ASC');

/**
 * The stretches of the sort order, in order: by date; or the items with a value in the sort index's
 * order (equal keys by id), then those without one, oldest first. Reversed, the same from the end.
 */
function phasesOf(shape: PageShape, reversed: boolean): Phase[] {
  const dir = reversed ? flip(shape.dir) : shape.dir;
  if (!shape.sortProp) return [{ kind: 'd', dir }];
  return reversed
    ? [
        { kind: 'm', dir: 'DESC' },
        { kind: 'v', dir },
      ]
    : [
        { kind: 'v', dir },
        { kind: 'm', dir: 'ASC' },
      ];
}

type WalkedRow = ListedItemRow & { sort_key?: string | number; cursor: PageCursor };

/**
 * Rows along the sort order (or from its end), from a cursor or after skipping `skip`, at most `take`.
 * From a cursor the walk starts right after it (row values compared in the index's own order).
 */
async function walk(
  d1: D1Database,
  filter: Filter,
  match: string | null,
  shape: PageShape,
  options: { reversed: boolean; from: PageCursor | null; skip: number; take: number },
): Promise<WalkedRow[]> {
  const { sortProp, columns } = shape;
  // The membership test names the walked index's item id, so an item row is read only for a match.
  const matched = (id: string) => matchedBy(match, id);
  const matchBinds = match ? [match] : [];
  const phases = phasesOf(shape, options.reversed);
  const first = options.from ? Math.max(0, phases.findIndex((phase) => phase.kind === options.from![0])) : 0;
  const rows: WalkedRow[] = [];
  let skip = options.skip;
  for (let index = first; index < phases.length && rows.length < options.take; index += 1) {
    const { kind, dir } = phases[index]!;
    const cursor = index === first ? options.from : null;
    const past = dir === 'ASC' ? '>' : '<';
    let from: string;
    let where: string;
    let key: string;
    let binds: unknown[];
    if (kind === 'd') {
      key = shape.dateColumn;
      from = `items i INDEXED BY items_collection_${key === 'i.updated_at' ? 'updated' : 'created'}_idx`;
      where = `${filter.sql}${matched('i.id')}`;
      binds = [...filter.binds, ...matchBinds];
    } else if (kind === 'v') {
      key = isRange(sortProp!) ? 's.sort_number' : 's.natural_key';
      from = 'item_values s CROSS JOIN items i ON i.id = s.item_id';
      where = `s.property_id = ? AND s.position = 0 AND ${sortIndexed(key)} AND ${onItem(filter.sql, 's.item_id')}${matched('s.item_id')}`;
      binds = [sortProp!.id, ...filter.binds, ...matchBinds];
    } else {
      // The items without a value, from the property's sort gaps (kept by the writer) in their order.
      key = 'g.created_at';
      from = 'item_sort_gaps g CROSS JOIN items i ON i.id = g.item_id';
      where = `g.property_id = ? AND ${onItem(filter.sql, 'g.item_id')}${matched('g.item_id')}`;
      binds = [sortProp!.id, ...filter.binds, ...matchBinds];
    }
    const id = kind === 'v' ? 's.item_id' : kind === 'm' ? 'g.item_id' : 'i.id';
    if (cursor) {
      where += ` AND (${key}, ${id}) ${past} (?, ?)`;
      binds.push(cursor[1], cursor[2]);
    }
    const { results } = await d1
      .prepare(`SELECT ${columns}, ${key} AS sort_key FROM ${from} WHERE ${where} ORDER BY ${key} ${dir}, ${id} ${dir} LIMIT ? OFFSET ?`)
      .bind(...binds, options.take - rows.length, skip)
      .all<ListedItemRow & { sort_key: string | number }>();
    // Skipped past this whole stretch: what is left to skip continues in the next one.
    skip = results.length > 0 || skip === 0 ? 0 : skip - (await countRows(d1, from, where, binds));
    if (skip < 0) skip = 0;
    for (const row of results) rows.push({ ...row, cursor: [kind, row.sort_key, row.id] as PageCursor });
  }
  return rows;
}

/**
 * The page read along the sort order: an index already in that order (the dates on items, or the
 * property's sort keys, then the items without a value, oldest first), each item tested against the
 * search and filters as it comes, stopping once the page is full.
 * - From `after` it starts where the previous page ended; from `before` it walks back from where the
 *   next page starts; past the middle of an exactly known total it walks from the end. Either way it
 *   reads about a page instead of counting its way down.
 * - `known` is the total when the caller has it already: the collection's counter when nothing narrows
 *   the list (exact), or the estimate of the matches (used only when the walk stops before the end,
 *   which would count exactly).
 */
async function walkedPage(
  d1: D1Database,
  filter: Filter,
  match: string | null,
  shape: PageShape,
  known: { total: number; estimated: boolean } | null,
  start?: RankedStart,
): Promise<ListedPage> {
  const { perPage, offset, after, before } = shape;
  const exact = known && !known.estimated ? known.total : null;
  let rows: WalkedRow[];
  let backwards = false;
  if (start) {
    rows = await walk(d1, filter, match, shape, { reversed: false, from: start.from as PageCursor | null, skip: start.skip, take: perPage });
  } else if (before === END) {
    rows = (await walk(d1, filter, match, shape, { reversed: true, from: null, skip: 0, take: perPage })).reverse();
    backwards = true;
  } else if (before) {
    // The pages between this one and the cursor's are passed over (none for the page just before).
    const between = before[3] === undefined ? 0 : Math.max(0, before[3] - (offset + perPage));
    rows = (await walk(d1, filter, match, shape, { reversed: true, from: before, skip: between, take: perPage })).reverse();
    backwards = true;
  } else if (!after && exact !== null && offset > exact / 2 && offset < exact) {
    const take = Math.min(perPage, exact - offset);
    rows = (await walk(d1, filter, match, shape, { reversed: true, from: null, skip: Math.max(0, exact - offset - perPage), take })).reverse();
    backwards = true;
  } else {
    const between = after?.[3] === undefined ? 0 : Math.max(0, offset - (after[3] + 1));
    rows = await walk(d1, filter, match, shape, { reversed: false, from: after, skip: after ? between : offset, take: perPage });
  }
  const placed = (row: WalkedRow | undefined, index: number): PlacedCursor | undefined => (row ? [row.cursor[0], row.cursor[1], row.cursor[2], index] : undefined);
  const cursors = {
    next: rows.length === perPage || (backwards && rows.length > 0) ? placed(rows[rows.length - 1], offset + rows.length - 1) : undefined,
    prev: placed(rows[0], offset),
  };
  const listed = rows.map(({ cursor: _cursor, sort_key: _key, ...row }) => row as ListedItemRow);
  if (exact !== null) return { rows: listed, total: exact, estimated: false, ...cursors };
  // Placed by an estimate: what it passed is not counted.
  if (start && known) return { rows: listed, ...known, ...cursors };
  // The walk reached the end: what it passed and found is the whole count.
  if (!backwards && listed.length < perPage && (listed.length > 0 || offset === 0)) return { rows: listed, total: offset + listed.length, estimated: false, ...cursors };
  const where = `${filter.sql}${matchedBy(match, 'i.id')}`;
  if (known) return { rows: listed, ...known, ...cursors };
  return { rows: listed, total: await countRows(d1, 'items i', where, match ? [...filter.binds, match] : filter.binds), estimated: false, ...cursors };
}

/** Values with counts for each visible filterable property, given the search and the other filters. */
export async function listFacets(
  d1: D1Database,
  collectionId: number,
  level: CallerLevel,
  props: PropertyRow[],
  request: ListRequest,
  sample = FACET_SAMPLE,
): Promise<FilterFacet[]> {
  const filterable = props.filter((p) => p.filterable);
  if (filterable.length === 0) return [];
  conditions(level, props, request); // validates the filters
  const narrowed = !!request.q?.trim() || (!!request.loansEnabled && !!request.availability) || Object.keys(request.raw).some((k) => [FILTER_PREFIX, MIN_PREFIX, MAX_PREFIX].some((p) => k.startsWith(p)));
  return narrowed ? facetsOfMatches(d1, collectionId, level, filterable, props, request, sample) : facetsFromCounts(d1, level, filterable);
}

/**
 * How many of a search's matches the filter panel reads for one property's counts. When there are more,
 * the counts are those of these first matches, scaled to the share of the collection they cover, and
 * said to be estimates; a range then shows the collection's bounds.
 */
export const FACET_SAMPLE = 150;

const isRange = (prop: PropertyRow) => RANGE_PROPERTY_TYPES.includes(prop.type as PropertyType);
const isDate = (prop: PropertyRow) => prop.type === 'date' || prop.type === 'datetime';
const parseStored = (json: string | null | undefined) => (json ? (JSON.parse(json) as number | string) : null);

function facetOf(prop: PropertyRow, values: { value: string; n: number }[], low: { value: string; sort_number: number } | null, high: typeof low): FilterFacet {
  const base = { key: prop.key, label: prop.label, type: prop.type };
  if (isRange(prop)) {
    const bound = (row: typeof low) => (row ? (isDate(prop) ? parseStored(row.value) : row.sort_number) : null);
    return { ...base, kind: 'range', values: [], min: bound(low), max: bound(high) };
  }
  return {
    ...base,
    kind: prop.type === 'yesno' ? 'yesno' : 'values',
    values: values.map((r) => ({ value: String(JSON.parse(r.value) as unknown), count: r.n })),
    min: null,
    max: null,
  };
}

/** D1 refuses a compound SELECT of more than five terms; a term may itself be a compound in FROM. */
const COMPOUND_TERMS = 5;

function unionAll(terms: string[]): string {
  let level = terms.map((sql) => `SELECT * FROM (${sql})`);
  while (level.length > COMPOUND_TERMS) {
    const folded: string[] = [];
    for (let n = 0; n < level.length; n += COMPOUND_TERMS) folded.push(`SELECT * FROM (${level.slice(n, n + COMPOUND_TERMS).join(' UNION ALL ')})`);
    level = folded;
  }
  return level.join(' UNION ALL ');
}

/**
 * Statements of the panel, each a compound SELECT of arms (one or two per facet, tagged with the facet's
 * place). The panel so runs a few statements whatever the number of filterable properties; arms are
 * grouped so that no statement binds more than D1's 100 parameters.
 */
function compound(d1: D1Database, arms: { sql: string; binds: unknown[] }[]): D1PreparedStatement[] {
  const statements: D1PreparedStatement[] = [];
  for (let start = 0; start < arms.length; ) {
    let end = start + 1;
    let binds = arms[start]!.binds.length;
    while (end < arms.length && binds + arms[end]!.binds.length <= 100) binds += arms[end++]!.binds.length;
    const group = arms.slice(start, end);
    statements.push(d1.prepare(unionAll(group.map((arm) => arm.sql))).bind(...group.flatMap((arm) => arm.binds)));
    start = end;
  }
  return statements;
}

/** The rows of compound statements, by the place they were tagged with. */
function byPart<T extends { part: number }>(results: D1Result<Record<string, unknown>>[]): Map<number, T[]> {
  const parts = new Map<number, T[]>();
  for (const result of results) for (const row of result.results as unknown as T[]) parts.set(row.part, [...(parts.get(row.part) ?? []), row]);
  return parts;
}

type CountRow = { part: number; value: string; sort_number: number | null; n: number | null };

/** Most common values first (arms of a compound statement need not come back in their own order). */
const byCount = (rows: { value: string; n: number | null }[]) => [...rows].sort((a, b) => (b.n ?? 0) - (a.n ?? 0)).map((r) => ({ value: r.value, n: r.n ?? 0 }));

/**
 * The unfiltered panel: the counts kept by triggers, read through indexes (about 50 rows a property; a
 * range, its two ends). One statement for every facet, and a reader of its rows.
 */
function countsStatements(d1: D1Database, level: CallerLevel, filterable: PropertyRow[]) {
  const column = countColumn(level);
  const arms = filterable.flatMap((prop, part) =>
    isRange(prop)
      ? ['ASC', 'DESC'].map((dir) => ({
          // The count indexes would serve the WHERE but not the order: walk the bounds' index instead.
          sql: `SELECT ${part} AS part, value, sort_number, NULL AS n FROM facet_counts INDEXED BY facet_counts_number_idx
                WHERE property_id = ${inlineId(prop.id)} AND ${column} > 0 ORDER BY sort_number ${dir} LIMIT 1`,
          binds: [],
        }))
      : [
          {
            sql: `SELECT ${part} AS part, value, NULL AS sort_number, ${column} AS n FROM facet_counts
                  WHERE property_id = ${inlineId(prop.id)} AND ${column} > 0 ORDER BY ${column} DESC LIMIT 50`,
            binds: [],
          },
        ],
  );
  return {
    statements: compound(d1, arms),
    read(results: D1Result<Record<string, unknown>>[]): FilterFacet[] {
      const parts = byPart<CountRow>(results);
      return filterable.map((prop, part) => {
        const rows = parts.get(part) ?? [];
        if (!isRange(prop)) return facetOf(prop, byCount(rows), null, null);
        const ends = [...rows].sort((a, b) => a.sort_number! - b.sort_number!) as { value: string; sort_number: number }[];
        return facetOf(prop, [], ends[0] ?? null, ends[ends.length - 1] ?? null);
      });
    },
  };
}

async function facetsFromCounts(d1: D1Database, level: CallerLevel, filterable: PropertyRow[]): Promise<FilterFacet[]> {
  const counts = countsStatements(d1, level, filterable);
  return counts.read(await d1.batch<Record<string, unknown>>(counts.statements));
}

/**
 * With a search or filters: computed over the matching items, each facet ignoring its own filter. A
 * facet whose own filter is the only condition counts what the unfiltered panel counts, so it is read
 * from the kept counts instead of from every item. Everything is read in one batch; ranges whose sample
 * was not every match then read the collection's bounds.
 */
async function facetsOfMatches(
  d1: D1Database,
  collectionId: number,
  level: CallerLevel,
  filterable: PropertyRow[],
  props: PropertyRow[],
  request: ListRequest,
  sample: number,
): Promise<FilterFacet[]> {
  const unnarrowed = (prop: PropertyRow) => {
    const own = conditions(level, props, request, prop.key);
    return !request.q?.trim() && own.match === null && own.sql.length === 0;
  };
  const fromCounts = filterable.filter(unnarrowed);
  const matched = filterable.filter((prop) => !fromCounts.includes(prop));
  const counts = countsStatements(d1, level, fromCounts);
  const matches = matchesStatements(d1, collectionId, level, matched, props, request, sample);
  const results = await d1.batch<Record<string, unknown>>([...counts.statements, ...matches.statements]);
  const counted = counts.read(results.slice(0, counts.statements.length));
  const found = matches.read(results.slice(counts.statements.length));
  // Ranges whose sample was not every match: the collection's bounds.
  const unbounded = matched.filter((prop, index) => isRange(prop) && found[index]!.estimated);
  const bounds = unbounded.length > 0 ? await facetsFromCounts(d1, level, unbounded) : [];
  return filterable.map((prop) => {
    if (fromCounts.includes(prop)) return counted[fromCounts.indexOf(prop)]!;
    const facet = found[matched.indexOf(prop)]!;
    return facet.estimated && facet.kind === 'range' ? { ...bounds[unbounded.indexOf(prop)]!, estimated: true } : facet;
  });
}

/** A matched entry of the index with one of its values (none: null), for a facet counted here. */
/** A match of a facet's sample, with its cached data (its values by property id). */
interface SampledMatch {
  id: number;
  ok: number;
  data: string;
  lo: number;
  hi: number;
}

/**
 * One property's values in a sample of matches, as item_values holds them (the JSON text, the filter's
 * key, the sort number), from each match's cached data: the item's row, read anyway, holds them all, so
 * the sample costs two rows a match however many properties it counts. A match without a value still
 * gives a row (property_id null), so the sample's size counts it.
 */
function sampledValues(matches: SampledMatch[], prop: PropertyRow): SampledRow[] {
  return matches.flatMap((match): SampledRow[] => {
    const list = storedValues([prop], match.data).get(prop.id) ?? [];
    const base = { part: 0, id: match.id, ok: match.ok, lo: match.lo, hi: match.hi };
    if (list.length === 0) return [{ ...base, property_id: null, value: null, key: null, sort_number: null }];
    return list.map((text) => {
      const keys = sortKeys(prop.type as PropertyType, JSON.parse(text));
      return { ...base, property_id: prop.id, value: text, key: keys.sortText ?? keys.sortNumber, sort_number: keys.sortNumber };
    });
  });
}

interface SampledRow {
  part: number;
  id: number;
  /** The item passes the other conditions and the caller may see it. */
  ok: number;
  /** Whose value this is (null: the entry has none of the sampled properties). */
  property_id: number | null;
  value: string | null;
  key: string | number | null;
  sort_number: number | null;
  lo: number;
  hi: number;
}

type AggregateRow = { part: number; value: string; n: number; low: number | null; high: number | null; low_value: string | null; high_value: string | null };

/**
 * Each facet over the matching items (ignoring its own filter). Without a search or value filter, an
 * aggregate counts every item's values. With one, a statement reads at most `sample` + 1 of the
 * collection's matches from the index, in id order, with the values of every facet that shares the same
 * conditions (a plain search: all of them), and the counting is done here (a GROUP BY's sorter would
 * cost D1 rows per value). When that was not all the matches, the counts are scaled to the share of the
 * collection's ids the sample covered and said to be estimates, and a range says so without bounds
 * (the caller reads the collection's; see FACET_SAMPLE).
 */
function matchesStatements(
  d1: D1Database,
  collectionId: number,
  level: CallerLevel,
  filterable: PropertyRow[],
  props: PropertyRow[],
  request: ListRequest,
  sample: number,
) {
  const aggregates: { sql: string; binds: unknown[] }[] = [];
  // Facets sampled under the same conditions share one read of the matches (the first's place tags it).
  const samples = new Map<string, { part: number; props: PropertyRow[]; sql: string; binds: unknown[] }>();
  filterable.forEach((prop, part) => {
    const own = conditions(level, props, request, prop.key);
    if (!own.match) {
      const filter = itemFilter(collectionId, level, own);
      const select = isRange(prop)
        ? `SELECT ${part} AS part, NULL AS value, NULL AS n, min(v.sort_number) AS low, max(v.sort_number) AS high, min(v.value) AS low_value, max(v.value) AS high_value`
        : `SELECT ${part} AS part, min(v.value) AS value, count(DISTINCT v.item_id) AS n, NULL AS low, NULL AS high, NULL AS low_value, NULL AS high_value`;
      const group = isRange(prop) ? '' : `GROUP BY coalesce(v.sort_text, v.sort_number) ORDER BY n DESC LIMIT 50`;
      aggregates.push({
        sql: `${select} FROM ${filter.from} JOIN item_values v ON v.item_id = i.id AND v.property_id = ${inlineId(prop.id)} WHERE ${filter.sql} ${group}`,
        binds: filter.binds,
      });
      return;
    }
    const filter = itemFilter(collectionId, level, { ...own, match: null });
    const binds = [...filter.binds, inCollection(own.match, collectionId), sample + 1];
    const key = JSON.stringify([filter.sql, binds]);
    const shared = samples.get(key) ?? { part, props: [], sql: filter.sql, binds };
    shared.props.push(prop);
    samples.set(key, shared);
  });
  const sampled = [...samples.values()];
  const statements = [
    ...compound(d1, aggregates),
    ...sampled.map(({ part, sql, binds }) =>
      d1
        .prepare(
          `SELECT ${part} AS part, m.id, (${sql}) AS ok, i.data, ${collectionEnd(collectionId, 'ASC')} AS lo, ${collectionEnd(collectionId, 'DESC')} AS hi
           FROM (SELECT rowid AS id FROM items_search WHERE items_search MATCH ? ORDER BY rowid LIMIT ?) m
           CROSS JOIN items i ON i.id = m.id`,
        )
        .bind(...binds),
    ),
  ];
  return {
    statements,
    read(results: D1Result<Record<string, unknown>>[]): FilterFacet[] {
      const parts = byPart<AggregateRow & SampledMatch>(results);
      return filterable.map((prop, part) => {
        const group = sampled.find((s) => s.props.includes(prop));
        if (group) return countSample(prop, sampledValues(parts.get(group.part) ?? [], prop), sample);
        const rows = (parts.get(part) ?? []) as AggregateRow[];
        if (!isRange(prop)) return facetOf(prop, byCount(rows), null, null);
        const first = rows[0];
        const low = first && first.low !== null ? { value: first.low_value!, sort_number: first.low } : null;
        const high = first && first.high !== null ? { value: first.high_value!, sort_number: first.high } : null;
        return facetOf(prop, [], low, high);
      });
    },
  };
}

/** A facet counted from a sample of matches (exact when the sample holds every match). */
function countSample(prop: PropertyRow, rows: SampledRow[], sample: number): FilterFacet {
  const entries = new Set(rows.map((row) => row.id));
  const estimated = entries.size > sample;
  const seen = rows.filter((row) => row.ok === 1 && row.value !== null && row.property_id === prop.id);
  if (isRange(prop)) {
    if (estimated) return { ...facetOf(prop, [], null, null), estimated: true };
    const sorted = [...seen].sort((a, b) => a.sort_number! - b.sort_number!);
    const bound = (row: SampledRow | undefined) => (row ? { value: row.value!, sort_number: row.sort_number! } : null);
    return facetOf(prop, [], bound(sorted[0]), bound(sorted[sorted.length - 1]));
  }
  // Per value (its key): the items holding it, and its smallest stored text (what min(value) shows).
  const byKey = new Map<string | number, { value: string; items: Set<number> }>();
  for (const row of seen) {
    const entry = byKey.get(row.key!) ?? { value: row.value!, items: new Set<number>() };
    if (compareText(row.value!, entry.value) < 0) entry.value = row.value!;
    entry.items.add(row.id);
    byKey.set(row.key!, entry);
  }
  const last = Math.max(...entries);
  const lo = rows[0]?.lo ?? 0;
  const hi = rows[0]?.hi ?? 0;
  // The share of the collection's ids the sample covered: counts scale by its inverse.
  const share = estimated ? idShare(last, lo, hi) : 1;
  const values = [...byKey.values()]
    .map((entry) => ({ value: entry.value, n: estimated ? Math.max(1, roughly(entry.items.size / share)) : entry.items.size }))
    .sort((a, b) => b.n - a.n || compareText(a.value, b.value))
    .slice(0, 50);
  return { ...facetOf(prop, values, null, null), ...(estimated && { estimated: true }) };
}

export async function recentItems(d1: D1Database, collectionId: number, level: CallerLevel, props: PropertyRow[], loansEnabled = false) {
  const columns = listColumns(loansEnabled);
  const [added, edited] = await d1.batch<ListedItemRow>([
    d1.prepare(`SELECT ${columns} FROM items i WHERE collection_id = ? AND level <= ? ORDER BY created_at DESC, id DESC LIMIT 10`).bind(collectionId, level),
    d1
      .prepare(`SELECT ${columns} FROM items i WHERE collection_id = ? AND level <= ? AND updated_at > created_at ORDER BY updated_at DESC, id DESC LIMIT 10`)
      .bind(collectionId, level),
  ]);
  const all = summaries([...added!.results, ...edited!.results], props);
  return { added: all.slice(0, added!.results.length), edited: all.slice(added!.results.length) };
}

/**
 * The items set to "Nobody" themselves (their own visibility 4), newest change first: browsing never
 * shows them, so the owner reaches them from the manage screen. The titles are the owner's (level 4
 * properties included, as in the edit screens).
 */
export async function hiddenItemsOf(d1: D1Database, collectionId: number, props: PropertyRow[], loansEnabled = false): Promise<ItemSummary[]> {
  const { results } = await d1
    .prepare(`SELECT ${listColumns(loansEnabled)} FROM items i WHERE collection_id = ? AND visibility = 4 ORDER BY updated_at DESC, id DESC`)
    .bind(collectionId)
    .all<ListedItemRow>();
  return summaries(results, props);
}

/** Candidates read per look-up, at most: enough to find one with the same title among same-word titles. */
const CANDIDATES_PER_LOOKUP = 20;

/**
 * For each look-up, the collection's items (id and values by property id) whose indexed text holds one of
 * the codes as a word, or every word of the title: candidates that the caller then compares value by
 * value (a metadata source's hit against what the collection holds). One query each, in one batch.
 */
export async function itemsByCodesOrTitle(
  d1: D1Database,
  collectionId: number,
  lookUps: { codes: string[]; title: string | null }[],
): Promise<{ id: number; data: Record<string, unknown> }[][]> {
  const columns = searchColumns(3);
  const matches = lookUps.map(({ codes, title }) => {
    const parts = [codes.length > 0 ? `{${columns}} : (${codes.map((c) => `"${c.replaceAll('"', '')}"`).join(' OR ')})` : null, title ? matchExpression(title, 3) : null];
    const present = parts.filter((p): p is string => p !== null);
    return present.length > 0 ? inCollection(present.map((p) => `(${p})`).join(' OR '), collectionId) : null;
  });
  const statements = matches
    .filter((m): m is string => m !== null)
    .map((match) =>
      d1
        .prepare(`SELECT i.id, i.data FROM items_search CROSS JOIN items i ON i.id = items_search.rowid WHERE items_search MATCH ?1 LIMIT ${CANDIDATES_PER_LOOKUP}`)
        .bind(match),
    );
  const results = statements.length > 0 ? await d1.batch<{ id: number; data: string }>(statements) : [];
  let next = 0;
  return matches.map((match) => (match === null ? [] : (results[next++]?.results ?? []).map((r) => ({ id: r.id, data: JSON.parse(r.data) as Record<string, unknown> }))));
}
