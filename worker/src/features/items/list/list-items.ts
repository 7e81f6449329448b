// A page of items: the plan chosen for the request, and the page's answer.
import { DEFAULT_PER_PAGE, PER_PAGE_ALL } from '../../../../../shared/catalogue';
import type { CallerLevel } from '../../../lib/visibility';
import type { PropertyRow } from '../../../lib/values';
import type { RankTuning } from '../sort-ranks';
import { DEFAULT_RANK_TUNING, rankedStart } from '../sort-ranks';
import { allMatchesPage } from './all-matches';
import { encodeCursor, decodeCursor, END } from './cursor';
import { roughly } from './estimate';
import { fewMatchesPage, wantedPerMatch } from './full-text';
import { keptCounts } from './kept-counts';
import type { Listed } from './kept-lists';
import { listedFilter, listedMatchesPage, splitRest, testedCandidates } from './listed-plan';
import { rangeMatchesPage } from './narrow-range';
import type { PageShape, ListedPage } from './page';
import { rangeCount } from './range-counts';
import { keptRanks } from './ranked';
import type { ListRequest, CountedCollection } from './request';
import { AVAILABLE_CONDITION, unavailableOf, badParam, conditions, itemFilter } from './request';
import { matchedBy } from './sql-parts';
import { listColumns, summaries } from './summaries';
import { UNLIMITED_PAGE_SIZE, FEW_MATCHES, READ_ALL_SHARE, WALK_ROWS_PER_ITEM, WALK_ESTIMATE_MARGIN, MATCH_TEST_ROWS, LISTED_MAX, LISTED_BITMAP_MAX, RANGE_COUNT_ROWS, LENT_READ, SEARCH_PROBE } from './tuning';
import { walkedPage } from './walk';

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
