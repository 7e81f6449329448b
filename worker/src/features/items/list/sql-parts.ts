// SQL pieces several plans share: counts, sort keys, the search index's test on an item, compounds.
import type { PropertyType } from '@shared/catalogue';
import { RANGE_PROPERTY_TYPES } from '@shared/catalogue';
import type { CallerLevel } from '@worker/lib/visibility';
import { inlineId } from '@worker/db/inline-id';
import type { PropertyRow } from '@worker/lib/values';
import { sortKeys } from '@worker/lib/values';
import { searchRowTest } from '../search-row-test';
import { bound, join, prepare, raw, sql, type SqlFragment } from '@worker/db/sql-fragment';

/** Where a sortable property's first value sits in an item's cached data (a JSON path). */
export function sortValuePath(prop: PropertyRow): string {
  return `$."${inlineId(prop.id)}"${prop.multiple ? '[0]' : ''}`;
}

/** How many rows a FROM and WHERE select. */
export async function countRows(d1: D1Database, from: string, where: SqlFragment): Promise<number> {
  return (await prepare(d1, sql`SELECT count(*) AS n FROM ${raw(from)} WHERE ${where}`).first<{ n: number }>())?.n ?? 0;
}

/** A match's sort key as the sort indexes hold it: a natural key or a number (null: no value). */
export function sortKeyOf(prop: PropertyRow, json: string | null): string | number | null {
  if (json === null) return null;
  const keys = sortKeys(prop.type as PropertyType, JSON.parse(json));
  return keys.sortNumber ?? keys.naturalKey;
}

/** The id of the collection's oldest or newest item (SQL): the range an estimate extrapolates over. */
export function collectionEnd(collectionId: number, dir: 'ASC' | 'DESC'): string {
  return `(SELECT id FROM items WHERE collection_id = ${inlineId(collectionId)} ORDER BY created_at ${dir}, id ${dir} LIMIT 1)`;
}

/** The column of facet_counts that counts what a caller of this level may see. */
export function countColumn(level: CallerLevel): string {
  return ['count_everyone', 'count_logged_in', 'count_shared', 'count_owner'][level]!;
}

/** The search-index test for an item walked by another index (its id column named by `id`), the match bound once. */
export function matchedBy(match: string | null, id: string): SqlFragment {
  return match ? bound(` AND ${searchRowTest(match, id)}`, [match]) : raw('');
}

/**
 * FROM for the items of `ids` (distinct), as `i`: a table of inline VALUES joined to items by id, a row
 * read an item, where `i.id IN (…)` reads two (each look-up also reads the next row).
 */
export function itemsOf(ids: number[]): string {
  return `(VALUES ${ids.map((id) => `(${inlineId(id)})`).join(',')}) byid CROSS JOIN items i ON i.id = byid.column1`;
}

/**
 * The look-up of an item's sort key for a sortable property (SQL), as the sort index holds it: its first
 * value's number or natural key, one primary-key look-up. `select` names what it gives from the key's
 * SQL (its value row is `k`).
 */
export function sortKeySql(prop: PropertyRow, itemId: string, select: (key: string) => string): string {
  return `(SELECT ${select(isRange(prop) ? 'k.sort_number' : 'k.natural_key')} FROM item_values k
    WHERE k.item_id = ${itemId} AND k.property_id = ${inlineId(prop.id)} AND k.position = 0 AND k.sortable = 1)`;
}

export const isRange = (prop: PropertyRow) => RANGE_PROPERTY_TYPES.includes(prop.type as PropertyType);

/** D1 refuses a compound SELECT of more than five terms; a term may itself be a compound in FROM. */
export const COMPOUND_TERMS = 5;

export function unionAll(terms: SqlFragment[]): SqlFragment {
  let level = terms.map((term) => sql`SELECT * FROM (${term})`);
  while (level.length > COMPOUND_TERMS) {
    const folded: SqlFragment[] = [];
    for (let n = 0; n < level.length; n += COMPOUND_TERMS)
      folded.push(sql`SELECT * FROM (${join(level.slice(n, n + COMPOUND_TERMS), ' UNION ALL ')})`);
    level = folded;
  }
  return join(level, ' UNION ALL ');
}
