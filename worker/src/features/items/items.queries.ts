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
import type { CallerLevel } from '../../lib/visibility';
import { matchExpression } from './items.search';
import type { PropertyRow } from './items.values';

/** "Unlimited" is served in pages of this size; the client asks for the next ones as it scrolls. */
export const UNLIMITED_PAGE_SIZE = 200;

export interface ItemRow {
  id: number;
  collection_id: number;
  quantity: number;
  visibility: number | null;
  level: number;
  borrowable: number | null;
  created_at: string;
  updated_at: string;
}

interface ValueRecord {
  item_id: number;
  property_id: number;
  position: number;
  value: string;
}

/** Values by property key (arrays for multiple properties), for the given properties only. */
function groupValues(rows: ValueRecord[], props: PropertyRow[]): Map<number, Record<string, unknown>> {
  const byId = new Map(props.map((p) => [p.id, p]));
  const out = new Map<number, Record<string, unknown>>();
  const sorted = [...rows].sort((a, b) => a.position - b.position);
  for (const row of sorted) {
    const prop = byId.get(row.property_id);
    if (!prop) continue;
    const values = out.get(row.item_id) ?? {};
    const value = JSON.parse(row.value) as unknown;
    if (prop.multiple) ((values[prop.key] ??= []) as unknown[]).push(value);
    else values[prop.key] = value;
    out.set(row.item_id, values);
  }
  return out;
}

function roleValue(values: Record<string, unknown>, props: PropertyRow[], role: 'isTitle' | 'isSubtitle' | 'isCover' | 'isReference'): string | null {
  const prop = props.find((p) => p[role]);
  if (!prop) return null;
  const value = values[prop.key];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first === null ? null : String(first);
}

export async function loadItem(d1: D1Database, collectionId: number, itemId: number): Promise<ItemRow | null> {
  return d1
    .prepare('SELECT * FROM items WHERE id = ? AND collection_id = ?')
    .bind(itemId, collectionId)
    .first<ItemRow>();
}

export async function toItem(d1: D1Database, row: ItemRow, props: PropertyRow[], caller: Caller | null, isOwner: boolean): Promise<Item> {
  const { results } = await d1
    .prepare('SELECT item_id, property_id, position, value FROM item_values WHERE item_id = ?')
    .bind(row.id)
    .all<ValueRecord>();
  const values = groupValues(results, props).get(row.id) ?? {};
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
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export interface ListRequest {
  q?: string;
  sort?: string;
  dir?: 'asc' | 'desc';
  page?: number;
  perPage?: string;
  /** Every query parameter, for f.<key>, min.<key> and max.<key>. */
  raw: Record<string, string[]>;
}

interface Conditions {
  sql: string[];
  binds: unknown[];
  /** True when search or filters narrow the set (the collection's counters no longer give the total). */
  narrowed: boolean;
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

function badParam(path: string, reason: string): ApiError {
  const field: FieldIssue = { path, reason, message: '' };
  return new ApiError('VALIDATION_FAILED', { fields: [field] });
}

/**
 * WHERE conditions for the caller's level, the search and the filters. `skipKey` leaves out one
 * property's filter (facet counts show what choosing another value of that property would give).
 */
function conditions(collectionId: number, level: CallerLevel, props: PropertyRow[], request: ListRequest, skipKey?: string): Conditions {
  const out: Conditions = { sql: ['i.collection_id = ?', 'i.level <= ?'], binds: [collectionId, level], narrowed: false };
  const match = request.q ? matchExpression(request.q, level) : null;
  if (match) {
    out.sql.push('i.id IN (SELECT rowid FROM items_search WHERE items_search MATCH ?)');
    out.binds.push(match);
    out.narrowed = true;
  }
  const filterable = new Map(props.filter((p) => p.filterable).map((p) => [p.key, p]));
  for (const [param, values] of Object.entries(request.raw)) {
    const prefix = [FILTER_PREFIX, MIN_PREFIX, MAX_PREFIX].find((p) => param.startsWith(p));
    if (!prefix) continue;
    const key = param.slice(prefix.length);
    const prop = filterable.get(key);
    if (!prop) throw badParam(param, 'unknown_property');
    if (key === skipKey) continue;
    out.narrowed = true;
    const type = prop.type as PropertyType;
    if (prefix === FILTER_PREFIX) {
      if (type === 'yesno') {
        const wanted = values.map((v) => (v === 'true' ? 1 : v === 'false' ? 0 : NaN));
        if (wanted.some(Number.isNaN)) throw badParam(param, 'invalid_type');
        out.sql.push(`i.id IN (SELECT item_id FROM item_values WHERE property_id = ? AND sort_number IN (${wanted.map(() => '?').join(',')}))`);
        out.binds.push(prop.id, ...wanted);
      } else if (RANGE_PROPERTY_TYPES.includes(type)) {
        const wanted = values.map((v) => rangeBound(prop, v, param));
        out.sql.push(`i.id IN (SELECT item_id FROM item_values WHERE property_id = ? AND sort_number IN (${wanted.map(() => '?').join(',')}))`);
        out.binds.push(prop.id, ...wanted);
      } else {
        out.sql.push('i.id IN (SELECT item_id FROM item_values WHERE property_id = ? AND sort_text IN (SELECT value FROM json_each(?)))');
        out.binds.push(prop.id, JSON.stringify(values.map((v) => v.toLowerCase().slice(0, 200))));
      }
    } else {
      if (!RANGE_PROPERTY_TYPES.includes(type) || values.length !== 1) throw badParam(param, 'invalid');
      const bound = rangeBound(prop, values[0]!, param);
      out.sql.push(`i.id IN (SELECT item_id FROM item_values WHERE property_id = ? AND sort_number ${prefix === MIN_PREFIX ? '>=' : '<='} ?)`);
      out.binds.push(prop.id, bound);
    }
  }
  return out;
}

function summaryOf(row: ItemRow & { values?: Record<string, unknown> }, values: Record<string, unknown>, props: PropertyRow[]): ItemSummary {
  const summary: Record<string, unknown> = {};
  for (const p of props) if (p.inSummary && values[p.key] !== undefined) summary[p.key] = values[p.key];
  return {
    id: row.id,
    title: roleValue(values, props, 'isTitle'),
    subtitle: roleValue(values, props, 'isSubtitle'),
    cover: roleValue(values, props, 'isCover'),
    summary,
    quantity: row.quantity,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The values a list shows (title, subtitle, cover, summary) for a set of items: one statement. */
async function summaries(d1: D1Database, rows: ItemRow[], props: PropertyRow[]): Promise<ItemSummary[]> {
  if (rows.length === 0) return [];
  const shown = props.filter((p) => p.isTitle || p.isSubtitle || p.isCover || p.inSummary);
  let grouped = new Map<number, Record<string, unknown>>();
  if (shown.length > 0) {
    const { results } = await d1
      .prepare(
        `SELECT item_id, property_id, position, value FROM item_values
         WHERE item_id IN (SELECT value FROM json_each(?)) AND property_id IN (SELECT value FROM json_each(?))`,
      )
      .bind(JSON.stringify(rows.map((r) => r.id)), JSON.stringify(shown.map((p) => p.id)))
      .all<ValueRecord>();
    grouped = groupValues(results, shown);
  }
  return rows.map((row) => summaryOf(row, grouped.get(row.id) ?? {}, props));
}

export async function listItems(
  d1: D1Database,
  collection: { id: number; countEveryone: number; countLoggedIn: number; countOwner: number },
  level: CallerLevel,
  props: PropertyRow[],
  request: ListRequest,
) {
  const where = conditions(collection.id, level, props, request);
  const dir = request.dir === 'asc' ? 'ASC' : 'DESC';
  let join = '';
  let order = `i.created_at ${dir}, i.id ${dir}`;
  const binds: unknown[] = [];
  if (request.sort === 'updated') order = `i.updated_at ${dir}, i.id ${dir}`;
  else if (request.sort && request.sort !== 'created') {
    const prop = props.find((p) => p.key === request.sort && p.sortable);
    if (!prop) throw badParam('sort', 'unknown_property');
    join = 'LEFT JOIN item_values s ON s.item_id = i.id AND s.property_id = ? AND s.position = 0';
    binds.push(prop.id);
    // Items without a value come last in both directions.
    order = `(s.item_id IS NULL), s.sort_number ${dir}, s.sort_text ${dir}, i.id ${dir}`;
  }
  const unlimited = request.perPage === PER_PAGE_ALL;
  const perPage = unlimited ? UNLIMITED_PAGE_SIZE : Number(request.perPage ?? DEFAULT_PER_PAGE);
  const page = request.page ?? 1;
  const pageQuery = d1
    .prepare(
      `SELECT i.* FROM items i ${join} WHERE ${where.sql.join(' AND ')} ORDER BY ${order} LIMIT ? OFFSET ?`,
    )
    .bind(...binds, ...where.binds, perPage, (page - 1) * perPage);
  const counter = level === 3 ? collection.countOwner : level === 1 ? collection.countLoggedIn : collection.countEveryone;
  const [pageResult, countResult] = where.narrowed
    ? await d1.batch<ItemRow | { n: number }>([
        pageQuery,
        d1.prepare(`SELECT count(*) AS n FROM items i WHERE ${where.sql.join(' AND ')}`).bind(...where.binds),
      ])
    : [await pageQuery.all<ItemRow>(), null];
  const rows = pageResult!.results as ItemRow[];
  const total = countResult ? (countResult.results[0] as { n: number }).n : counter;
  return {
    items: await summaries(d1, rows, props),
    total,
    page,
    perPage: unlimited ? (PER_PAGE_ALL as typeof PER_PAGE_ALL) : perPage,
  };
}

/** Values with counts for each visible filterable property, given the search and the other filters. */
export async function listFacets(d1: D1Database, collectionId: number, level: CallerLevel, props: PropertyRow[], request: ListRequest): Promise<FilterFacet[]> {
  const filterable = props.filter((p) => p.filterable);
  if (filterable.length === 0) return [];
  const statements = filterable.map((prop) => {
    const where = conditions(collectionId, level, props, request, prop.key);
    const range = RANGE_PROPERTY_TYPES.includes(prop.type as PropertyType);
    const select = range
      ? `SELECT min(v.sort_number) AS low, max(v.sort_number) AS high, min(v.value) AS lowValue, max(v.value) AS highValue`
      : `SELECT min(v.value) AS value, count(DISTINCT v.item_id) AS n`;
    const group = range ? '' : `GROUP BY coalesce(v.sort_text, v.sort_number) ORDER BY n DESC, min(v.sort_text) LIMIT 50`;
    return d1
      .prepare(`${select} FROM item_values v JOIN items i ON i.id = v.item_id WHERE v.property_id = ? AND ${where.sql.join(' AND ')} ${group}`)
      .bind(prop.id, ...where.binds);
  });
  const results = await d1.batch<Record<string, unknown>>(statements);
  return filterable.map((prop, index) => {
    const rows = results[index]!.results;
    const type = prop.type as PropertyType;
    const base = { key: prop.key, label: prop.label, type: prop.type };
    if (RANGE_PROPERTY_TYPES.includes(type)) {
      const row = rows[0] as { low: number | null; lowValue: string | null; high: number | null; highValue: string | null } | undefined;
      const asValue = (json: string | null | undefined) => (json ? (JSON.parse(json) as number | string) : null);
      // Dates are compared as text in ISO form, so min/max of the JSON text is the earliest/latest too.
      return { ...base, kind: 'range' as const, values: [], min: type === 'date' || type === 'datetime' ? asValue(row?.lowValue) : (row?.low ?? null), max: type === 'date' || type === 'datetime' ? asValue(row?.highValue) : (row?.high ?? null) };
    }
    const values = (rows as { value: string; n: number }[]).map((r) => ({ value: String(JSON.parse(r.value) as unknown), count: r.n }));
    return { ...base, kind: type === 'yesno' ? ('yesno' as const) : ('values' as const), values, min: null, max: null };
  });
}

export async function recentItems(d1: D1Database, collectionId: number, level: CallerLevel, props: PropertyRow[]) {
  const [added, edited] = await d1.batch<ItemRow>([
    d1.prepare('SELECT * FROM items WHERE collection_id = ? AND level <= ? ORDER BY created_at DESC, id DESC LIMIT 10').bind(collectionId, level),
    d1
      .prepare('SELECT * FROM items WHERE collection_id = ? AND level <= ? AND updated_at > created_at ORDER BY updated_at DESC, id DESC LIMIT 10')
      .bind(collectionId, level),
  ]);
  const all = await summaries(d1, [...added!.results, ...edited!.results], props);
  return { added: all.slice(0, added!.results.length), edited: all.slice(added!.results.length) };
}
