// The kept-lists plan read whole: its matches sorted in the Worker, the tests left (the search index,
// "available") made on the candidates a page needs only.
import type { ListedItemRow } from '@worker/db/raw-rows';
import { inlineId } from '@worker/db/inline-id';
import { END } from './cursor';
import { roughly } from './estimate';
import type { Listed } from './kept-lists';
import type { ListedPage } from './page';
import type { PlanContext } from './plan-context';
import { AVAILABLE_CONDITION, onItem } from './request';
import type { Keyed } from './sorted-page';
import { sortedPage, sortKeyed } from './sorted-page';
import { itemsOf, matchedBy, sortKeySql } from './sql-parts';
import { TESTED_MARGIN, TESTED_MORE } from './tuning';
import { prepare, raw, sql } from '@worker/db/sql-fragment';

/**
 * A page of the matches a kept list gave (owner-level ids), read whole and sorted here: each costs one
 * primary-key look-up, of its sort key with its level (the item's, kept by a trigger), or of the item for
 * a date order or an item without a sort key. The ids are a table of inline VALUES, which SQLite reads
 * without counting rows. Exact, at any page.
 */
export async function listedMatchesPage(ctx: PlanContext, listed: Listed): Promise<ListedPage> {
  const { d1, level, shape } = ctx;
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
  return later ? testedPage(ctx, keyed, later, listed.matchShare) : sortedPage(ctx, keyed);
}

/**
 * A listed plan's rest: the range tests, made on every match, and those tested on the candidates a page
 * needs only (`later`, testedPage): the search index's, and "available", read on the item's row.
 */
export function splitRest(listed: Listed): { ranges: string[]; later: { match: string | null; sql: string[] } | null } {
  const sql = listed.rest?.sql ?? [];
  const later = sql.filter((test) => test === AVAILABLE_CONDITION);
  const match = listed.rest?.match ?? null;
  return { ranges: sql.filter((test) => test !== AVAILABLE_CONDITION), later: match || later.length > 0 ? { match, sql: later } : null };
}

/** How many of `keyed` candidates testedPage tests for `wanted` matches keeping about `share` of them. */
export const testedCandidates = (wanted: number, share: number, keyed: number) =>
  Math.min(keyed, Math.ceil((wanted / Math.max(0.01, share)) * TESTED_MARGIN) + TESTED_MORE);

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
export async function testedPage(
  { d1, shape }: PlanContext,
  keyed: Keyed[],
  tests: { match: string | null; sql: string[] },
  share: number,
): Promise<ListedPage> {
  const order = sortKeyed(keyed, shape.dir);
  const fromEnd = shape.before === END;
  const wanted = fromEnd ? shape.perPage : shape.offset + shape.perPage;
  const passed = new Map<number, ListedItemRow>();
  let tested = 0;
  while (tested < order.length && passed.size < wanted) {
    const take = testedCandidates(wanted - passed.size, tested > 0 ? passed.size / tested : share, order.length - tested);
    const candidates = (
      fromEnd ? order.slice(order.length - tested - take, order.length - tested) : order.slice(tested, tested + take)
    ).map((k) => k.id);
    const { results } = await prepare(
      d1,
      sql`${raw(`SELECT ${shape.columns} FROM ${itemsOf(candidates)} WHERE 1${tests.sql.map((test) => ` AND ${test}`).join('')}`)}${matchedBy(tests.match, 'i.id')}`,
    ).all<ListedItemRow>();
    for (const row of results) passed.set(row.id, row);
    tested += take;
  }
  const matches = order.filter((k) => passed.has(k.id)).map((k) => passed.get(k.id)!);
  const rows = fromEnd ? matches.slice(-shape.perPage) : matches.slice(shape.offset, shape.offset + shape.perPage);
  if (tested >= order.length) return { rows, total: matches.length, estimated: false };
  return { rows, total: roughly(matches.length + ((order.length - tested) * matches.length) / Math.max(1, tested)), estimated: true };
}
