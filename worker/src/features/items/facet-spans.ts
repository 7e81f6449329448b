// The spans of a date property: for each month and each year its values fall in, a facet_spans row
// keyed "month 2015-03" or "year 2015", with the counts and the list of items of those values as a
// value's facet_counts row has them, kept by the same kind of triggers (migration 0031). A date range
// over thousands of days is then read as the days at its ends (their values' rows), the months beside
// them and the years between: about a hundred rows at most, where its values take a row a day. So its
// matches come from the kept lists like any value filter's (items.queries.ts). Spans are found by their
// keys, whose order is the calendar's (four-digit years).

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
  return `INSERT INTO facet_spans (property_id, sort_key, value, sort_number, count_everyone, count_logged_in, count_owner, items)
    SELECT ${v}.property_id, g.grain || ' ' || substr(${v}.value, 2, g.width), json_quote(substr(${v}.value, 2, g.width)), NULL,
      sum(${v}.level = 0), sum(${v}.level <= 1), sum(${v}.level <= 3), ${items}
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
    pieces.push(`SELECT * FROM facet_counts ${f} WHERE ${property} AND ${bounds.join(' AND ')}`);
  };
  const spans = (grain: Grain, start: number, end: number) => {
    if (start >= end) return;
    const low = Number.isFinite(start) ? spanKey(start, grain) : `${grain} `;
    const high = Number.isFinite(end) ? spanKey(end, grain) : `${grain}!`;
    pieces.push(`SELECT * FROM facet_spans ${f} WHERE ${property} AND ${f}.sort_key >= '${low}' AND ${f}.sort_key < '${high}'`);
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
