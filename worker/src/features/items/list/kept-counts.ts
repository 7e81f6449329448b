// One statement that reads the kept counts and lists of a request's value filters and ranges, the
// search index's probe and the items with every copy lent.
import { inlineId } from '@worker/db/inline-id';
import { inCollection } from '../items.search';
import { idsOf } from './intersect';
import type { Listed, Kept } from './kept-lists';
import { listedOf, rowList, groupLists, listedMost } from './kept-lists';
import { stretched, numberBounds, rangeRows, spansWanted } from './range-counts';
import type { RangeFilter } from './request';
import { UNAVAILABLE_ITEMS } from './request';
import { collectionEnd, countColumn, unionAll } from './sql-parts';
import { LISTED_MAX, LISTED_RANGE_VALUES, SEARCH_PROBE_DENSE } from './tuning';
import type { PlanContext } from './plan-context';
import { join, prepare, raw, sql, type SqlFragment } from '@worker/db/sql-fragment';

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
export async function keptCounts(ctx: PlanContext): Promise<{ atMost: number | null; listed: Listed | null } | null> {
  const { d1, level, where } = ctx;
  const collectionId = ctx.collection.id;
  // The caller's items, the owner's, and the owner's whose every copy is lent (the collection's counters).
  const items = ctx.counter;
  const owned = ctx.collection.countOwner;
  const unavailable = ctx.collection.unavailableOwner;
  const reads = { probe: ctx.tuning.searchProbe, lent: ctx.tuning.lentRead, defer: ctx.defer };
  const { probe } = reads;
  const ranges = where.listable ? [...where.ranges.values()] : [];
  if (where.searched ? !where.listable || where.counted.length + ranges.length === 0 : where.counted.length === 0) return null;
  const column = countColumn(level);
  const keys = where.counted.flatMap((group) => group.keys);
  if (keys.length > 90) return null;
  const search = where.searched && where.search ? where.search : null;
  // A request that cannot be listed reads no list (-1: no value holds fewer items). A search, and
  // "available", are one more condition each that the lists' matches meet.
  const most = where.listable ? listedMost(where.counted.length + ranges.length + (search ? 1 : 0) + (where.available ? 1 : 0), owned) : -1;
  const arms: SqlFragment[] = [];
  // The text filters' counts and lists; with a search, as a table the probe's size follows (materialized
  // once, at a row more a filter read again).
  const textArm =
    where.counted.length > 0
      ? sql`${raw(`SELECT property_id AS pid, sum(${column}) AS n, sum(count_owner) AS owner, 1 AS whole, ${groupLists(rowList('f', most), 'count_owner', most)}, NULL AS span
         FROM facet_counts f`)} WHERE ${join(
          where.counted.map(
            (group) =>
              sql`(${raw(`property_id = ${inlineId(group.propertyId)}`)} AND sort_key IN (${join(
                group.keys.map((key) => sql`${key}`),
                ',',
              )}))`,
          ),
          ' OR ',
        )}
         GROUP BY property_id`
      : null;
  const texts = textArm && search ? sql`WITH texts AS MATERIALIZED (${textArm}) ` : raw('');
  if (textArm) arms.push(search ? raw('SELECT * FROM texts') : textArm);
  for (const range of ranges) {
    const pid = inlineId(range.prop.id);
    // (`span`, when more values are in range than read: the last read, and the property's first and last.)
    arms.push(
      raw(`SELECT ${pid} AS pid, sum(n) AS n, sum(o) AS owner, count(*) <= ${LISTED_RANGE_VALUES} AS whole, ${groupLists('l', 'o', most)},
      CASE WHEN count(*) > ${LISTED_RANGE_VALUES} THEN json_array(max(v), ${numberBounds(pid).join(', ')}) END AS span FROM (
      SELECT f.${column} AS n, f.count_owner AS o, ${rowList('f', most)} AS l, f.sort_number AS v ${rangeRows(range, 'f')}
      ORDER BY f.sort_number LIMIT ${LISTED_RANGE_VALUES + 1})`),
    );
  }
  if (search) {
    // (Its `span` is the collection's first and last ids.) It reads more entries when every value filter
    // holds more items than a list plan takes (a rare word's may then all be in it).
    const limit = textArm
      ? `(SELECT CASE WHEN min(owner) > ${LISTED_MAX} THEN ${SEARCH_PROBE_DENSE + 1} ELSE ${probe + 1} END FROM texts)`
      : probe + 1;
    arms.push(
      sql`${raw(`SELECT ${PROBE_ROW} AS pid, count(*) AS n, NULL AS owner, 1 AS whole, group_concat(rowid, ' ') AS items,
      json_array(${collectionEnd(collectionId, 'ASC')}, ${collectionEnd(collectionId, 'DESC')}) AS span`)} FROM (SELECT rowid FROM items_search WHERE items_search MATCH ${inCollection(where.match!, collectionId)} ${raw(`ORDER BY rowid LIMIT ${limit}`)})`,
    );
  }
  // Read only when the collection's counter says they are few (none read when there are none): taken
  // out of the lists, they make "available" one condition less to test, and the owner's total exact.
  const readsLent = !!where.available && where.listable && unavailable <= reads.lent;
  if (readsLent && unavailable > 0) {
    arms.push(
      raw(
        `SELECT ${LENT_ROW} AS pid, count(*) AS n, NULL AS owner, 1 AS whole, group_concat(i.id, ' ') AS items, NULL AS span FROM ${UNAVAILABLE_ITEMS(collectionId, 3)}`,
      ),
    );
  }
  const { results } = await prepare(d1, sql`${texts}${unionAll(arms)}`).all<{
    pid: number;
    n: number | null;
    owner: number | null;
    whole: number;
    items: string | null;
    span: string | null;
  }>();
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
    ? {
        search,
        probe: { ids: entries, all: entries.length <= probed },
        lo: lo ?? 0,
        hi: hi ?? 0,
        visible: Math.min(1, items / Math.max(1, owned)),
      }
    : null;
  const lentRow = found(LENT_ROW);
  const lent = where.available ? { ids: new Set(idsOf(lentRow?.items ?? null)), all: readsLent } : null;
  return { atMost, listed: listedOf(all, level, items, !!where.alone && !where.alone.prop.multiple, searched, lent) };
}

/** keptCounts' rows for the search index's probe and for the items whose every copy is lent (no property has these ids). */
export const PROBE_ROW = -1;

export const LENT_ROW = -2;
