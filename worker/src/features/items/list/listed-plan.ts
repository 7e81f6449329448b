// The kept-lists plan: the matches the kept lists gave, read whole and sorted, walked along the order
// with the list as a bitmap, or (a rare word among many) the search's few entries read whole.
import { inlineId } from '@worker/db/inline-id';
import { END } from './cursor';
import { fewMatchesPage } from './full-text';
import type { Listed } from './kept-lists';
import { listedMatchesPage, splitRest, testedCandidates } from './listed-read';
import type { ListedPage } from './page';
import type { PlanContext } from './plan-context';
import { placed, walkTooFar } from './ranked';
import type { Filter } from './request';
import { itemFilter, LISTED_ID } from './request';
import { LISTED_MAX, MATCH_TEST_ROWS, WALK_ESTIMATE_MARGIN } from './tuning';
import { walkedPage } from './walk';
import { raw, sql } from '@worker/db/sql-fragment';

/**
 * A walk's filter for the items of a kept list (`ids`, ascending) that pass the tests left to it (`rest`): the list is bound as a
 * bitmap, a byte for each id from its first to its last, one where the id is listed, and the test reads
 * the walked entry's byte. It reads no row, and the statement stays short however long the list (ids
 * inline take about 8 characters each, within D1's 100,000 a statement, and SQLite refuses an IN list of
 * some 8,000). Null when the list's ids spread over more than `most` (LISTED_BITMAP_MAX).
 */
export function listedFilter({ collection, level, where, tuning }: PlanContext, listed: Listed): Filter | null {
  const { ids } = listed;
  const most = tuning.bitmapMax;
  const lo = ids[0];
  const hi = ids[ids.length - 1];
  if (lo === undefined || hi === undefined || hi - lo + 1 > most) return null;
  const bitmap = new Uint8Array(hi - lo + 1);
  for (const id of ids) bitmap[id - lo] = 1;
  // Tested before the other conditions (it reads no row).
  const inList = sql`${raw(`${LISTED_ID} BETWEEN ${inlineId(lo)} AND ${inlineId(hi)}`)} AND substr(${bitmap.buffer}, ${raw(`${LISTED_ID} - ${inlineId(lo)}`)} + 1, 1) = x'01'`;
  return itemFilter(collection.id, level, { ...where, match: null, sql: listed.rest?.sql ?? [] }, [inList]);
}

/**
 * The matches the kept lists gave (n), each tested against the rest (t rows of tests: a search index's
 * test costs two), which keeps a share of them: m matches. Three plans, the cheapest taken:
 * - read whole and sorted, at a row each and one a range's test (at most LISTED_MAX: the ids are
 *   inline); the search index is then tested on the candidates up to the page's end only;
 * - a walk of a page, which passes about perPage × items / m entries at a row each (the list is tested
 *   on the order's entry, as a bitmap: listedFilter) and tests perPage × n / m of them. Without a rest,
 *   read whole when n² ≤ perPage × items: n ≤ 2,236 of 100,000 for 50 a page. A page typed far into the
 *   list is placed by the kept ranks (a walk of about a page); without ranks (a small collection) the
 *   walk starts from the start. Matches whose ids spread too far for a bitmap are walked with the
 *   request's own tests (`match` on each entry, and the conditions in `filter`);
 * - with a search, its entries in the search index read whole when they are few (two rows each and one
 *   a test, fewMatchesPage): a rare word among many listed items.
 */
export async function listedPlan(ctx: PlanContext, listed: Listed, match: string | null): Promise<ListedPage> {
  const { collection, where, filter, shape, typed, large } = ctx;
  const { perPage } = shape;
  const n = listed.dense ? Infinity : listed.ids.length;
  if (n === 0) return { rows: [], total: 0, estimated: false };
  const { total, estimated } = listed.known;
  const tests = (listed.rest?.match ? MATCH_TEST_ROWS : 0) + (listed.rest?.sql.length ?? 0);
  const m = Math.max(1, listed.dense ? total : n * listed.share);
  // The lists' matches as a walk tests them: null when no list was read, or when their ids spread too far
  // for a bitmap (then walked with the request's own tests).
  const inList = listed.dense ? null : listedFilter(ctx, listed);
  const dense = !inList;
  // With an exact total, a page past the middle is walked from the end (walkedPage).
  const passed = !typed ? 0 : !estimated && shape.offset > total / 2 ? Math.max(0, total - shape.offset - perPage) : shape.offset;
  const walkRows = (pages: number) =>
    (pages / m) * (dense ? collection.countOwner * (1 + (match ? MATCH_TEST_ROWS : 0)) : collection.countOwner + n * tests);
  const walkCost = typed && !large ? walkRows(passed + perPage) : walkRows(perPage);
  // (Read whole, the search index and "available" are tested on the candidates a page needs, in
  // order: testedPage. Each candidate costs its item's row too.)
  const { ranges, later } = splitRest(listed);
  // ("available" is read on the item's row: no row more.)
  const laterRows = later ? 1 + (later.match ? MATCH_TEST_ROWS : 0) : 0;
  const testedRows = later ? laterRows * testedCandidates((shape.before === END ? 0 : shape.offset) + perPage, listed.matchShare, n) : 0;
  const readRows = n > LISTED_MAX ? Infinity : n * (1 + ranges.length) + testedRows;
  // (Each entry costs its row and its item's, and a row for each range or "available" test.)
  const searchRows =
    match && listed.searchEntries !== undefined && listed.searchEntries <= ctx.tuning.fewMatches
      ? (2 + where.sql.length) * listed.searchEntries
      : Infinity;
  if (searchRows < Math.min(readRows, walkCost)) {
    const few = await fewMatchesPage(ctx, match!, false);
    // (More entries than the probe's share promised: walked, as below.)
    if ('rows' in few) return few;
  }
  // Read whole without tests, a page costs what is counted (and its total and place are exact); a walk's
  // cost is an estimate, which the matches' spread along the order can pass: reading whole is taken
  // while it costs up to a twentieth more.
  if (readRows <= walkCost * (later ? 1 : WALK_ESTIMATE_MARGIN)) return listedMatchesPage(ctx, listed);
  const narrowed = inList ?? filter;
  const tested = inList ? (listed.rest?.match ?? null) : match;
  return (
    (typed && walkTooFar(ctx, total, passed) ? await placed(ctx, total, tested, listed.known, narrowed) : null) ??
    (await walkedPage(ctx, narrowed, tested, listed.known))
  );
}
