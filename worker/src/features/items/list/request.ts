// A list request and its conditions: the search, value filters, ranges and availability, as SQL and
// as the kept counts name them (docs/item-lists.md "The request").
import type { PropertyType } from '@shared/catalogue';
import { RANGE_PROPERTY_TYPES } from '@shared/catalogue';
import type { FieldIssue } from '@shared/errors';
import { FILTER_PREFIX, MAX_PREFIX, MIN_PREFIX } from '@shared/schemas/items';
import { normalizeValue } from '@shared/values';
import { ApiError } from '@worker/lib/api-error';
import type { CallerLevel } from '@worker/lib/visibility';
import { inlineId } from '@worker/db/inline-id';
import type { PropertyRow } from '@worker/lib/values';
import { sortKeys } from '@worker/lib/values';
import { facetsExpression, facetToken, inCollection, matchExpression } from '../items.search';
import { join, raw, rewritten, sql, type SqlFragment } from '@worker/db/sql-fragment';

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
export const LENT_COPIES = 'i.lent_copies';

/** The availability filter "lent": a copy of the item is lent. */
export const LENT_CONDITION = `${LENT_COPIES} > 0`;

/** The availability filter "available": a copy of the item is not lent. */
export const AVAILABLE_CONDITION = `i.quantity > ${LENT_COPIES}`;

/** The other side: every copy of the item is lent. */
export const FULLY_LENT = `i.quantity <= ${LENT_COPIES}`;

/**
 * The collection's items the caller may see whose every copy is lent (SQL, one row each): through the
 * partial index of the items with no copy left (migration 0033), a few in most collections.
 */
export const UNAVAILABLE_ITEMS = (collectionId: number, level: CallerLevel) =>
  `items i INDEXED BY items_unavailable_idx WHERE i.collection_id = ${inlineId(collectionId)} AND ${FULLY_LENT} AND i.level <= ${inlineId(level)}`;

/** What a list reads of its collection's row: its id and its counters. */
export interface CountedCollection {
  id: number;
  countEveryone: number;
  countLoggedIn: number;
  countShared: number;
  countOwner: number;
  unavailableEveryone: number;
  unavailableLoggedIn: number;
  unavailableShared: number;
  unavailableOwner: number;
}

/** How many of the collection's items the caller may see have every copy lent: kept by triggers (migration 0033). */
export function unavailableOf(collection: CountedCollection, level: CallerLevel): number {
  return [collection.unavailableEveryone, collection.unavailableLoggedIn, collection.unavailableShared, collection.unavailableOwner][
    level
  ]!;
}

export interface Conditions {
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
export interface RangeFilter {
  prop: PropertyRow;
  min?: string;
  max?: string;
  values?: string[];
  /** Its conditions in Conditions.sql (left out when its own index already chose the items). */
  sql: string[];
}

export function rangeBound(prop: PropertyRow, text: string, param: string): number {
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
export function sqlNumber(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`not a finite number: ${n}`);
  return String(n);
}

export function badParam(path: string, reason: string): ApiError {
  const field: FieldIssue = { path, reason, message: '' };
  return new ApiError('VALIDATION_FAILED', { fields: [field] });
}

/** How a range's test names its item; a walk names the walked index's item id instead (`onItem`). */
export const RANGE_ITEM = 'r.item_id = i.id';

/**
 * How the test of a kept list names its item (listedFilter). The unary plus keeps SQLite from reading the
 * list's items one by one through the primary key: the walk stays on the order's index.
 */
export const LISTED_ID = '+i.id';

/**
 * Conditions with their range and list tests naming the item by `id`: along a property's sort index,
 * the test then runs on the index entry, before the item is read (only a match's item is).
 */
export function onItem(sql: string, id: string): string {
  return sql.replaceAll(RANGE_ITEM, `r.item_id = ${id}`).replaceAll(LISTED_ID, `+${id}`);
}

/**
 * A single-valued property's one value, named by the whole primary key: the test then reads that row
 * alone (without it, the look-up also reads the next row to learn that no other position follows).
 */
export function onlyValue(prop: PropertyRow): string {
  return prop.multiple ? '' : ' AND r.position = 0';
}

/**
 * The search and the filters. `skipKey` leaves out one property's filter (facet counts show what
 * choosing another value of that property would give). Only visible filterable properties may filter.
 */
export function conditions(level: CallerLevel, props: PropertyRow[], request: ListRequest, skipKey?: string): Conditions {
  const out: Conditions = {
    match: null,
    searched: false,
    search: null,
    available: false,
    counted: [],
    sql: [],
    ranges: new Map(),
    alone: null,
    listable: false,
  };
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
  if (!search && facetGroups.length === 1 && out.counted.length === 1 && out.sql.length === 0 && valued)
    out.alone = { prop: valued, keys: out.counted[0]!.keys };
  out.available = !!request.loansEnabled && request.availability === 'available';
  out.listable = !(request.loansEnabled && request.availability === 'lent') && facetGroups.length === out.counted.length;
  return out;
}

/** FROM and WHERE for items (named `i`), the WHERE with its bound values. */
export interface Filter {
  from: string;
  where: SqlFragment;
}

/**
 * FROM and WHERE for items of a collection the caller may see, narrowed by `where` (and `first`, tests
 * made before its conditions). With a match, the CROSS JOIN makes SQLite start from the full-text
 * matches instead of scanning the collection.
 */
export function itemFilter(collectionId: number, level: CallerLevel, where: Conditions, first: SqlFragment[] = []): Filter {
  const tests = join([sql`i.collection_id = ${collectionId}`, sql`i.level <= ${level}`, ...first, ...where.sql.map(raw)], ' AND ');
  if (!where.match) return { from: 'items i', where: tests };
  return {
    from: 'items_search CROSS JOIN items i ON i.id = items_search.rowid',
    where: sql`items_search MATCH ${inCollection(where.match, collectionId)} AND ${tests}`,
  };
}

/** A filter's conditions naming the item by `id` (onItem): tested on a walked index's entry. */
export function filterOnItem(filter: Filter, id: string): SqlFragment {
  return rewritten(filter.where, (text) => onItem(text, id));
}
