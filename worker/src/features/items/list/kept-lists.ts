// The kept-lists plan's matches: the conditions' lists intersected, and what is left to test on them.
import type { CallerLevel } from '@worker/lib/visibility';
import { facetsExpression } from '../items.search';
import { idShare, roughly } from './estimate';
import { intersected } from './intersect';
import { AVAILABLE_CONDITION } from './request';
import { LISTED_MAX, LISTED_READ, LISTED_SHARE_MAX } from './tuning';

/**
 * The matches of a narrowed list from the kept lists (owner-level ids, ascending), and what the caller
 * may see of them. `rest`: the conditions whose lists were too long to read, and the search, tested on
 * each of them.
 */
export interface Listed {
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
export interface Kept {
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
export interface Probe {
  ids: number[];
  all: boolean;
}

/**
 * A search, and what the search index's probe found of it; `lo` and `hi`: the collection's first and
 * last ids; `visible`: the share of the owner's items the caller may see (the index's entries are items
 * of every level).
 */
export interface Searched {
  search: string;
  probe: Probe;
  lo: number;
  hi: number;
  visible: number;
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
export function listedOf(
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
    return {
      ids: [],
      dense: true,
      known: { total: roughly(entries * searched!.visible * share), estimated: true },
      rest: null,
      share: 1,
      matchShare: 1,
      searchEntries: Math.round(entries),
    };
  } else if (lists.length === 0) return null;
  const listedIds = probe?.all
    ? lists.length > 0
      ? intersected([` ${probe.ids.join(' ')} `, ...lists.map((k) => k.items!)])
      : probe.ids
    : intersected(lists.map((k) => k.items!));
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
export const rowList = (f: string, most: number) =>
  `CASE WHEN ${f}.count_owner <= ${most} THEN ${f}.items || coalesce((SELECT group_concat(c.items, '') FROM facet_item_chunks c
    WHERE c.property_id = ${f}.property_id AND c.sort_key = ${f}.sort_key), '') END`;

/**
 * SQL for a group of facet_counts rows: their lists concatenated, when every row gave one and they hold
 * at most `most` items together (as counted by `owner`); NULL otherwise.
 */
export const groupLists = (list: string, owner: string, most: number) =>
  `CASE WHEN count(${list}) = count(*) AND sum(${owner}) <= ${most} THEN group_concat(${list}, '') END AS items`;

/**
 * How many items the lists of one of a request's `conditions` may hold to be read, in a collection of
 * `owned` items: LISTED_READ when they intersect with others, but no more than LISTED_SHARE_MAX of the
 * collection (a broader list is tested on the others' matches instead); LISTED_MAX alone (more would be
 * walked with the condition's own test). Without `owned`, no share is refused.
 */
export const listedMost = (conditions: number, owned = Number.POSITIVE_INFINITY) =>
  conditions > 1 ? Math.min(LISTED_READ, Math.max(LISTED_MAX, Math.floor(owned * LISTED_SHARE_MAX))) : LISTED_MAX;
