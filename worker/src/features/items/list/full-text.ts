// The full-text plan's first read: the search index's first matches, all of them or an estimate.
import type { PropertyType } from '@shared/catalogue';
import type { PropertyRow } from '@worker/lib/values';
import { sortKeys } from '@worker/lib/values';
import { inCollection } from '../items.search';
import { storedValues } from '../item-values';
import { idShare, roughly } from './estimate';
import type { ListedPage } from './page';
import { sortedPage } from './sorted-page';
import { sortValuePath, sortKeyOf, collectionEnd, itemsOf } from './sql-parts';
import { ESTIMATE_HEAD_SHARE, WANTED_SAMPLE } from './tuning';
import type { PlanContext } from './plan-context';
import { prepare, raw, sql } from '@worker/db/sql-fragment';

/** A matched entry of the index: whether it is the caller's, and its sort value when it was read. */
export interface Entry {
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
export async function fewMatchesPage(ctx: PlanContext, match: string, likelyMany: boolean): Promise<ListedPage | { estimate: number }> {
  const { d1, filter, shape } = ctx;
  const collectionId = ctx.collection.id;
  const fewMatches = ctx.tuning.fewMatches;
  const { sortProp } = shape;
  const value = sortProp ? `i.data -> '${sortValuePath(sortProp)}'` : shape.dateColumn;
  const scoped = inCollection(match, collectionId);
  const entries = (limit: number, offset: number) =>
    sql`SELECT rowid FROM items_search WHERE items_search MATCH ${scoped} ${raw(`ORDER BY rowid LIMIT ${limit} OFFSET ${offset}`)}`;
  const whole = sql`SELECT s.rowid AS id, (${filter.where}) AS ok, ${raw(`i.created_at AS created, ${value} AS value,
    ${collectionEnd(collectionId, 'ASC')} AS lo, ${collectionEnd(collectionId, 'DESC')} AS hi`)}`;
  const head = Math.max(1, Math.ceil((fewMatches + 1) * ESTIMATE_HEAD_SHARE));
  const { results: read } = await prepare(
    d1,
    likelyMany
      ? sql`SELECT * FROM (${whole} FROM (${entries(head, 0)}) s CROSS JOIN items i ON i.id = s.rowid)
           UNION ALL SELECT rowid, NULL, NULL, NULL, NULL, NULL FROM (${entries(fewMatches + 1 - head, head)})`
      : sql`${whole} FROM (${entries(fewMatches + 1, 0)}) s CROSS JOIN items i ON i.id = s.rowid`,
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
    const { results } = await prepare(
      d1,
      sql`${raw(`SELECT i.id, 1 AS ok, i.created_at AS created, ${value} AS value FROM ${itemsOf(read.map((r) => r.id))}`)} WHERE ${filter.where}`,
    ).all<Entry>();
    found = results;
  }
  const keyed = found
    .filter((r) => r.ok === 1)
    .map((r) => ({ id: r.id, created: r.created, key: sortProp ? sortKeyOf(sortProp, r.value as string | null) : (r.value as string) }));
  return sortedPage(ctx, keyed);
}

/**
 * How many of the wanted values of a multi-valued filter a match holds, on average over the first
 * matches (by id; their cached data holds the values): what its kept counts, which count an item once per
 * value, are divided by. One when the sample finds none.
 */
export async function wantedPerMatch(
  { d1, collection, filter }: PlanContext,
  match: string,
  alone: { prop: PropertyRow; keys: string[] },
): Promise<number> {
  const collectionId = collection.id;
  const { results } = await prepare(
    d1,
    sql`SELECT i.data FROM (SELECT rowid FROM items_search WHERE items_search MATCH ${inCollection(match, collectionId)} ${raw(`ORDER BY rowid LIMIT ${WANTED_SAMPLE}`)}) s
       CROSS JOIN items i ON i.id = s.rowid WHERE ${filter.where}`,
  ).all<{ data: string }>();
  const wanted = new Set(alone.keys);
  const held = results.map((row) => {
    const list = storedValues([alone.prop], row.data).get(alone.prop.id) ?? [];
    return new Set(
      list
        .map((text) => sortKeys(alone.prop.type as PropertyType, JSON.parse(text)).sortText)
        .filter((key) => key !== null && wanted.has(key)),
    ).size;
  });
  const matched = held.filter((n) => n > 0);
  return matched.length > 0 ? matched.reduce((a, b) => a + b, 0) / matched.length : 1;
}
