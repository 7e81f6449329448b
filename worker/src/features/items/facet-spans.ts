// The spans of a date property (and, further down, of a number of many values): for each month and
// each year its values fall in, a facet_spans row keyed "month 2015-03" or "year 2015", with the counts
// and the list of items of those values as a value's facet_counts row has them, kept by the same kind of
// triggers (migration 0031). A date range over thousands of days is then read as the days at its ends
// (their values' rows), the months beside them and the years between: about a hundred rows at most,
// where its values take a row a day. So its matches come from the kept lists like any value filter's
// (list/range-counts.ts). Spans are found by their keys, whose order is the calendar's (four-digit years).

import { FACET_ITEMS_WHOLE } from '@worker/db/schema';

/**
 * Whether a value row (named `v`) holds a date: a JSON string of ten characters with a sort number (a
 * date-time's is longer, a number's is not a string). The spans' triggers test the same.
 */
function isDateValue(v: string): string {
  return `${v}.sort_number IS NOT NULL AND length(${v}.value) = 12 AND substr(${v}.value, 1, 1) = '"'`;
}

/**
 * INSERT of the span rows of the date values `v` reached through `from` that pass `where`, grouped by
 * span (the list as `items` makes it): what the triggers would have written, value by value; `upsert`,
 * its ON CONFLICT clause when rows may be there already.
 */
export function spanRowsInsert(v: string, from: string, where: string, items: string, upsert = ''): string {
  const grains = `(SELECT 'month' AS grain, 7 AS width UNION ALL SELECT 'year', 4)`;
  return `INSERT INTO facet_spans (property_id, sort_key, value, sort_number, count_everyone, count_logged_in, count_shared, count_owner, items)
    SELECT ${v}.property_id, g.grain || ' ' || substr(${v}.value, 2, g.width), json_quote(substr(${v}.value, 2, g.width)), NULL,
      sum(${v}.level = 0), sum(${v}.level <= 1), sum(${v}.level <= 2), sum(${v}.level <= 3), ${items}
    FROM ${from} CROSS JOIN ${grains} g WHERE ${where} AND ${isDateValue(v)} GROUP BY 1, 2 ${upsert}`;
}

const DAY = 86_400_000;

type Grain = 'month' | 'year';

/** The first day of the month (or year) holding `ms`, or of the next one when `ms` is not that first day. */
function spanStart(ms: number, grain: Grain, next: boolean): number {
  const d = new Date(ms);
  const start = grain === 'month' ? Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) : Date.UTC(d.getUTCFullYear(), 0, 1);
  if (!next || start === ms) return start;
  return grain === 'month' ? Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) : Date.UTC(d.getUTCFullYear() + 1, 0, 1);
}

/** The key of the span of `grain` that starts at `ms`. */
function spanKey(ms: number, grain: Grain): string {
  return `${grain} ${new Date(ms).toISOString().slice(0, grain === 'month' ? 7 : 4)}`;
}

/**
 * The columns a value's row (facet_counts) and a span's (facet_spans) share, named in one order: the
 * pieces of a range are joined by UNION ALL, which matches columns by their place, not their name.
 */
const facetRow = (f: string) =>
  `${f}.property_id, ${f}.sort_key, ${f}.value, ${f}.sort_number, ${f}.count_everyone, ${f}.count_logged_in, ${f}.count_shared, ${f}.count_owner, ${f}.items`;

/**
 * The rows of property `propertyId` that hold a date range's items once each, as a table named `f` for a
 * FROM (facet_counts' columns): the days from `min` to the next month's first (values' rows), the months
 * to the next year's and the years (spans' rows), then the months and days to `max` (each bound a day's
 * first millisecond, `max` included; either may be open), five SELECTs at most. A range within a month
 * is its days.
 */
export function spanRows(propertyId: number, min: number | undefined, max: number | undefined, f: string): string {
  const from = min ?? -Infinity;
  const to = max === undefined ? Infinity : max + DAY;
  const pieces: string[] = [];
  const property = `${f}.property_id = ${Math.trunc(propertyId)}`;
  const days = (start: number, end: number) => {
    if (start >= end) return;
    const bounds = [`${f}.sort_number >= ${start}`, ...(Number.isFinite(end) ? [`${f}.sort_number < ${end}`] : [])];
    pieces.push(`SELECT ${facetRow(f)} FROM facet_counts ${f} WHERE ${property} AND ${bounds.join(' AND ')}`);
  };
  const spans = (grain: Grain, start: number, end: number) => {
    if (start >= end) return;
    const low = Number.isFinite(start) ? spanKey(start, grain) : `${grain} `;
    const high = Number.isFinite(end) ? spanKey(end, grain) : `${grain}!`;
    pieces.push(
      `SELECT ${facetRow(f)} FROM facet_spans ${f} WHERE ${property} AND ${f}.sort_key >= '${low}' AND ${f}.sort_key < '${high}'`,
    );
  };
  // The whole months inside the range, then the whole years inside those (open ends stay open).
  const monthFrom = Number.isFinite(from) ? spanStart(from, 'month', true) : from;
  const monthTo = Number.isFinite(to) ? spanStart(to, 'month', false) : to;
  if (monthFrom >= monthTo) days(from, to);
  else {
    const yearFrom = Number.isFinite(monthFrom) ? spanStart(monthFrom, 'year', true) : monthFrom;
    const yearTo = Number.isFinite(monthTo) ? spanStart(monthTo, 'year', false) : monthTo;
    days(from, monthFrom);
    if (yearFrom >= yearTo) spans('month', monthFrom, monthTo);
    else {
      spans('month', monthFrom, yearFrom);
      spans('year', yearFrom, yearTo);
      spans('month', yearTo, monthTo);
    }
    days(monthTo, to);
  }
  // A SELECT a piece, each read through its table's key or the numbers' index.
  return `(${pieces.length > 0 ? pieces.join(' UNION ALL ') : `SELECT * FROM facet_counts ${f} WHERE 0`}) ${f}`;
}

// The spans of a number (or a date-time) of many values (migration 0034): once a range over it finds
// more values than a page reads, the property gets a width, a power of ten, and its values are kept in
// spans of that width, ten times it and a hundred times it, keyed "n0 …", "n1 …" and "n2 …" with a
// sixteen-digit span number. A range then reads its end values, at most nine spans of each of the two
// narrower widths beside them, and the widest spans between: a hundred rows or so, where its values
// take a row each.

/** Added to a span number so that it is never negative and its sixteen digits sort as the numbers do. */
const SPAN_OFFSET = 1_000_000_000_000_000;

/** The span number of `value` at the property's width: what the triggers compute (the same division). */
function spanNumber(value: number, width: number): number {
  return Math.floor(value / width) + SPAN_OFFSET;
}

function numberSpanKey(level: number, n: number): string {
  return `n${level} ${String(n).padStart(16, '0')}`;
}

/**
 * The width for a property whose values spread from `lo` to `hi`: the power of ten that cuts the spread
 * into 10,000 spans at most, so into about 100 of the widest (a range reads those between its ends).
 */
export function spanWidthFor(lo: number, hi: number): number {
  const spread = hi - lo;
  return spread > 0 ? 10 ** Math.ceil(Math.log10(spread / 10_000)) : 1;
}

/**
 * The statements that give property `propertyId` its width and write its spans, when it has no width yet
 * (a property of many values, filterable, a number or a date-time): one batch, so no write comes
 * between; a second build asked meanwhile finds the spans there and writes nothing. The spans are made
 * from the values' rows (counts, and lists with their closed chunks), which the property being
 * filterable keeps: a row a distinct value, where its values would take two an item (400,000 rows read
 * against 1,000,000 for 100,000 prices, measured). A span over a value whose list is not kept keeps none.
 */
export function numberSpansBuild(d1: D1Database, collectionId: number, propertyId: number, width: number): D1PreparedStatement[] {
  const pid = Math.trunc(propertyId);
  const levels = `(SELECT 0 AS level, 1 AS factor UNION ALL SELECT 1, 10 UNION ALL SELECT 2, 100)`;
  return [
    d1
      .prepare(
        `UPDATE properties SET span_width = ?1 WHERE id = ?2 AND collection_id = ?3 AND span_width IS NULL AND filterable = 1 AND type IN ('number', 'datetime')`,
      )
      .bind(width, pid, Math.trunc(collectionId)),
    d1
      .prepare(
        `INSERT INTO facet_spans (property_id, sort_key, value, sort_number, count_everyone, count_logged_in, count_shared, count_owner, items)
        SELECT f.property_id, 'n' || g.level || ' ' || printf('%016d', (CAST(floor(f.sort_number / ?1) AS INTEGER) + ${SPAN_OFFSET}) / g.factor), 'null', NULL,
          sum(f.count_everyone), sum(f.count_logged_in), sum(f.count_shared), sum(f.count_owner),
          CASE WHEN count(f.items) = count(*) AND sum(f.count_owner) <= ${FACET_ITEMS_WHOLE} THEN group_concat(f.items || coalesce(c.items, ''), '') END
        FROM facet_counts f INDEXED BY facet_counts_number_idx
        LEFT JOIN (SELECT sort_key, group_concat(items, '') AS items FROM facet_item_chunks WHERE property_id = ?2 GROUP BY sort_key) c ON c.sort_key = f.sort_key
        CROSS JOIN ${levels} g
        WHERE f.property_id = ?2 AND f.sort_number IS NOT NULL AND (SELECT span_width FROM properties WHERE id = ?2) = ?1
          AND NOT EXISTS (SELECT 1 FROM facet_spans WHERE property_id = ?2 AND sort_key >= 'n' AND sort_key < 'o')
        GROUP BY 1, 2`,
      )
      .bind(width, pid),
  ];
}

/**
 * The rows of property `propertyId` (of span width `width`) that hold a number range's items once each,
 * as a table named `f` for a FROM (facet_counts' columns): the values from `min` to the end of its span
 * and from the start of `max`'s span (values' rows), and the spans between, the narrowest beside the ends
 * and the widest in the middle (either bound may be open). Two SELECTs, each joining a table of its
 * stretches (inline VALUES) to its table's key or the numbers' index, so each stretch is read by its own
 * seek: an OR of stretches would scan every span of the property (facet_spans has no rowid, so SQLite
 * does not split an OR into seeks), and D1 takes five terms at most in a compound SELECT.
 */
export function numberSpanRows(propertyId: number, min: number | undefined, max: number | undefined, width: number, f: string): string {
  const property = `${f}.property_id = ${Math.trunc(propertyId)}`;
  // The values' stretches, [from, to, span number] (both ends included; the span number keeps those of
  // the bound's own span only).
  const values: [number, number, number][] = [];
  // The spans' stretches, [width level, first, last] span numbers (open at an infinite end).
  const spans: [number, number, number][] = [];
  const first = min === undefined ? -Infinity : spanNumber(min, width);
  const last = max === undefined ? Infinity : spanNumber(max, width);
  // (Bounds the wrong way round hold nothing.)
  if (first === last) values.push([min!, max!, first]);
  else if (first < last) {
    if (min !== undefined) values.push([min, min + 2 * width, first]);
    if (max !== undefined) values.push([max - 2 * width, max, last]);
    // The whole spans between, from the narrowest: at each width, those up to the next wider span's
    // start and from the last one's end; the rest is the next width's, or this one's when no wider span
    // fits in it.
    let lo = first + 1;
    let hi = last - 1;
    let level = 0;
    for (; level < 2 && lo <= hi; level += 1) {
      const wideLo = Number.isFinite(lo) ? Math.ceil(lo / 10) : lo;
      const wideHi = Number.isFinite(hi) ? Math.floor((hi + 1) / 10) - 1 : hi;
      if (wideLo > wideHi) break;
      if (Number.isFinite(lo) && lo <= wideLo * 10 - 1) spans.push([level, lo, wideLo * 10 - 1]);
      if (Number.isFinite(hi) && (wideHi + 1) * 10 <= hi) spans.push([level, (wideHi + 1) * 10, hi]);
      lo = wideLo;
      hi = wideHi;
    }
    if (lo <= hi) spans.push([level, lo, hi]);
  }
  const pieces: string[] = [];
  if (values.length > 0) {
    const stretches = values.map(([from, to, n]) => `(${from}, ${to}, ${n - SPAN_OFFSET})`).join(', ');
    pieces.push(
      `SELECT ${facetRow(f)} FROM (VALUES ${stretches}) r CROSS JOIN facet_counts ${f} INDEXED BY facet_counts_number_idx ON ${property}
         AND ${f}.sort_number >= r.column1 AND ${f}.sort_number <= r.column2 AND CAST(floor(${f}.sort_number / ${width}) AS INTEGER) = r.column3`,
    );
  }
  if (spans.length > 0) {
    // (A span's number is its first value's, from its key, so that spans and values read in order make a
    // stretch of the range whose end says how much of it was read.)
    const stretches = spans
      .map(([level, lo, hi]) => {
        const low = Number.isFinite(lo) ? numberSpanKey(level, lo) : `n${level} `;
        const high = Number.isFinite(hi) ? numberSpanKey(level, hi) : `n${level}!`;
        return `('${low}', '${high}', ${SPAN_OFFSET / 10 ** level}, ${10 ** level * width})`;
      })
      .join(', ');
    pieces.push(
      `SELECT ${f}.property_id, ${f}.sort_key, ${f}.value, (CAST(substr(${f}.sort_key, 4) AS INTEGER) - r.column3) * r.column4 AS sort_number,
         ${f}.count_everyone, ${f}.count_logged_in, ${f}.count_shared, ${f}.count_owner, ${f}.items
       FROM (VALUES ${stretches}) r CROSS JOIN facet_spans ${f} ON ${property} AND ${f}.sort_key >= r.column1 AND ${f}.sort_key <= r.column2`,
    );
  }
  return `(${pieces.length > 0 ? pieces.join(' UNION ALL ') : `SELECT * FROM facet_counts ${f} WHERE 0`}) ${f}`;
}
