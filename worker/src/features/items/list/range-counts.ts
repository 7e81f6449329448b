// Number and date filters counted (and listed) from the kept counts of their values and spans.
import { inlineId } from '@worker/db/inline-id';
import { numberSpanRows, numberSpansBuild, spanRows, spanWidthFor } from '../facet-spans';
import { roughly } from './estimate';
import type { Listed, Kept } from './kept-lists';
import { listedOf, rowList, groupLists, listedMost } from './kept-lists';
import type { RangeFilter } from './request';
import { UNAVAILABLE_ITEMS } from './request';
import { countColumn, unionAll } from './sql-parts';
import { prepare, raw } from '@worker/db/sql-fragment';
import type { PlanContext } from './plan-context';

/** What rangeCount found for one range: its items, and whether every value in range was read. */
export interface RangeCounted {
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
 * every copy is lent are taken out: counted when the caller may see LENT_READ of them at most, else
 * taken as the range's share of them (an estimate). Null with no range, or more than five.
 */
export async function rangeCount(
  ctx: PlanContext,
  lent: { conditions: string[]; unavailable: number } | null,
): Promise<{ total: number; estimated: boolean; fewest: RangeCounted; listed: Listed | null } | null> {
  const { d1, level, where, collection, defer } = ctx;
  const items = ctx.counter;
  const countRows = ctx.tuning.rangeCountRows;
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
  const lentCounted = !!lent && lent.unavailable > 0 && lent.unavailable <= ctx.tuning.lentRead;
  if (lentCounted) {
    const tests = lent.conditions.map((test) => ` AND ${test}`).join('');
    arms.push(`SELECT 0, (SELECT count(*) FROM ${UNAVAILABLE_ITEMS(collection.id, level)}${tests}), 0, NULL, NULL, NULL, NULL, NULL`);
  }
  // (Every number inline: no value is bound.)
  const { results } = await prepare(d1, unionAll(arms.map(raw))).all<{
    pid: number;
    n: number | null;
    k: number;
    last: number | null;
    lo: number | null;
    hi: number | null;
    owner: number | null;
    items: string | null;
  }>();
  const lentInRange = results.find((r) => r.pid === 0)?.n ?? 0;
  const counted = ranges.map((range): RangeCounted => {
    const row = results.find((r) => r.pid === range.prop.id);
    if (!row || row.k <= cap) return { range, n: row?.n ?? 0, whole: true };
    spansWanted(d1, collection.id, range, row.lo, row.hi, defer);
    return { range, n: stretched(range, row.n ?? 0, row.k, [row.last, row.lo, row.hi]), whole: false };
  });
  const fewest = counted.reduce((a, b) => (b.n < a.n ? b : a));
  // Several ranges: each keeps its share of the items, as if they were independent (at most the fewest).
  const together =
    counted.length > 1
      ? Math.min(
          fewest.n,
          counted.reduce((n, c) => (n * c.n) / Math.max(1, items), items),
        )
      : fewest.n;
  // (Too many lent to count: the range keeps its share of them.)
  const lentGuessed = !!lent && lent.unavailable > 0 && !lentCounted;
  const total = Math.max(0, together - (lentGuessed ? Math.round((lent.unavailable * together) / Math.max(1, items)) : lentInRange));
  const estimated = ranges.length > 1 || ranges[0]!.prop.multiple || !fewest.whole || lentGuessed;
  // The matches from the lists of the values in range (without "available").
  const kept = ranges.map((range, index): Kept => {
    const row = results.find((r) => r.pid === range.prop.id);
    return { items: row ? row.items : ' ', n: row?.n ?? 0, owner: row?.owner ?? 0, whole: counted[index]!.whole, sql: range.sql };
  });
  const listed =
    !lent && where.listable ? listedOf(kept, level, items, ranges.length === 1 && !ranges[0]!.prop.multiple, null, null) : null;
  return { total: estimated ? roughly(total) : total, estimated, fewest, listed };
}

/**
 * The items of a range counted from the first `values` values in range only (their count `read`): as
 * many more as the wanted values are more than those read, or as the range's span (within the
 * property's values, `lo` to `hi`) is longer than the part read (up to `last`). Those read, when no
 * number tells that part (a date's months and years have none, facet-spans.ts).
 */
export function stretched(
  range: RangeFilter,
  read: number,
  values: number,
  [last, lo, hi]: [number | null, number | null, number | null],
): number {
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
export function rangeRows(range: RangeFilter, f: string): string {
  const min = range.min === undefined ? undefined : Number(range.min);
  const max = range.max === undefined ? undefined : Number(range.max);
  if (range.prop.type === 'date' && !range.values) return `FROM ${spanRows(range.prop.id, min, max, f)}`;
  if (range.prop.spanWidth !== null && SPANNED_TYPES.includes(range.prop.type) && !range.values)
    return `FROM ${numberSpanRows(range.prop.id, min, max, range.prop.spanWidth, f)}`;
  return `${propertyNumbers(inlineId(range.prop.id), f)} AND ${rangeTests(range, `${f}.sort_number`)}`;
}

/** The types whose ranges are read from spans of a width once they hold many values (facet-spans.ts). */
export const SPANNED_TYPES = ['number', 'datetime'];

/**
 * After a range that found more values in range than it read: when its property is a number or a
 * date-time that keeps no spans yet, they are built after the answer (`defer`), so that the next range
 * over it reads them. `lo` and `hi`: the property's first and last values, which choose their width.
 */
export function spansWanted(
  d1: D1Database,
  collectionId: number,
  range: RangeFilter,
  lo: number | null,
  hi: number | null,
  defer: ((work: Promise<unknown>) => void) | undefined,
) {
  if (
    !defer ||
    range.prop.spanWidth !== null ||
    !range.prop.filterable ||
    !SPANNED_TYPES.includes(range.prop.type) ||
    lo === null ||
    hi === null
  )
    return;
  defer(d1.batch(numberSpansBuild(d1, collectionId, range.prop.id, spanWidthFor(lo, hi))));
}

/** A range filter's conditions on a column holding sort numbers (SQL). */
export function rangeTests(range: RangeFilter, column: string): string {
  return [
    range.min !== undefined ? `${column} >= ${range.min}` : null,
    range.max !== undefined ? `${column} <= ${range.max}` : null,
    range.values ? `${column} IN (${range.values.join(',')})` : null,
  ]
    .filter(Boolean)
    .join(' AND ');
}
