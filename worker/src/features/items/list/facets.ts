// The filter panel: each filterable property's values and counts under the other conditions.
import type { PropertyType } from '@shared/catalogue';
import type { FilterFacet } from '@shared/schemas/items';
import { FILTER_PREFIX, MAX_PREFIX, MIN_PREFIX } from '@shared/schemas/items';
import type { CallerLevel } from '@worker/lib/visibility';
import { inlineId } from '@worker/db/inline-id';
import type { PropertyRow } from '@worker/lib/values';
import { sortKeys } from '@worker/lib/values';
import { inCollection } from '../items.search';
import { compareText } from '../sort-ranks';
import { storedValues } from '../item-values';
import { idShare, roughly } from './estimate';
import type { ListRequest } from './request';
import { conditions, itemFilter } from './request';
import { collectionEnd, countColumn, unionAll, isRange } from './sql-parts';
import { FACET_SAMPLE } from './tuning';
import { prepare, raw, sql, type SqlFragment } from '@worker/db/sql-fragment';

/** Values with counts for each visible filterable property, given the search and the other filters. */
export async function listFacets(
  d1: D1Database,
  collectionId: number,
  level: CallerLevel,
  props: PropertyRow[],
  request: ListRequest,
  sample = FACET_SAMPLE,
): Promise<FilterFacet[]> {
  const filterable = props.filter((p) => p.filterable);
  if (filterable.length === 0) return [];
  conditions(level, props, request); // validates the filters
  const narrowed =
    !!request.q?.trim() ||
    (!!request.loansEnabled && !!request.availability) ||
    Object.keys(request.raw).some((k) => [FILTER_PREFIX, MIN_PREFIX, MAX_PREFIX].some((p) => k.startsWith(p)));
  return narrowed ? facetsOfMatches(d1, collectionId, level, filterable, props, request, sample) : facetsFromCounts(d1, level, filterable);
}

export const isDate = (prop: PropertyRow) => prop.type === 'date' || prop.type === 'datetime';

export const parseStored = (json: string | null | undefined) => (json ? (JSON.parse(json) as number | string) : null);

export function facetOf(
  prop: PropertyRow,
  values: { value: string; n: number }[],
  low: { value: string; sort_number: number } | null,
  high: typeof low,
): FilterFacet {
  const base = { key: prop.key, label: prop.label, type: prop.type };
  if (isRange(prop)) {
    const bound = (row: typeof low) => (row ? (isDate(prop) ? parseStored(row.value) : row.sort_number) : null);
    return { ...base, kind: 'range', values: [], min: bound(low), max: bound(high) };
  }
  return {
    ...base,
    kind: prop.type === 'yesno' ? 'yesno' : 'values',
    values: values.map((r) => ({ value: String(JSON.parse(r.value) as unknown), count: r.n })),
    min: null,
    max: null,
  };
}

/**
 * Statements of the panel, each a compound SELECT of arms (one or two per facet, tagged with the facet's
 * place). The panel so runs a few statements whatever the number of filterable properties; arms are
 * grouped so that no statement binds more than D1's 100 parameters.
 */
export function compound(d1: D1Database, arms: SqlFragment[]): D1PreparedStatement[] {
  const statements: D1PreparedStatement[] = [];
  for (let start = 0; start < arms.length;) {
    let end = start + 1;
    let binds = arms[start]!.binds.length;
    while (end < arms.length && binds + arms[end]!.binds.length <= 100) binds += arms[end++]!.binds.length;
    statements.push(prepare(d1, unionAll(arms.slice(start, end))));
    start = end;
  }
  return statements;
}

/** The rows of compound statements, by the place they were tagged with. */
export function byPart<T extends { part: number }>(results: D1Result<Record<string, unknown>>[]): Map<number, T[]> {
  const parts = new Map<number, T[]>();
  for (const result of results)
    for (const row of result.results as unknown as T[]) parts.set(row.part, [...(parts.get(row.part) ?? []), row]);
  return parts;
}

export type CountRow = { part: number; value: string; sort_number: number | null; n: number | null };

/** Most common values first (arms of a compound statement need not come back in their own order). */
export const byCount = (rows: { value: string; n: number | null }[]) =>
  [...rows].sort((a, b) => (b.n ?? 0) - (a.n ?? 0)).map((r) => ({ value: r.value, n: r.n ?? 0 }));

/**
 * The unfiltered panel: the counts kept by triggers, read through indexes (about 50 rows a property; a
 * range, its two ends). One statement for every facet, and a reader of its rows.
 */
export function countsStatements(d1: D1Database, level: CallerLevel, filterable: PropertyRow[]) {
  const column = countColumn(level);
  const arms = filterable.flatMap((prop, part) =>
    isRange(prop)
      ? ['ASC', 'DESC'].map((dir) =>
          // The count indexes would serve the WHERE but not the order: walk the bounds' index instead.
          raw(`SELECT ${part} AS part, value, sort_number, NULL AS n FROM facet_counts INDEXED BY facet_counts_number_idx
                WHERE property_id = ${inlineId(prop.id)} AND ${column} > 0 ORDER BY sort_number ${dir} LIMIT 1`),
        )
      : [
          raw(`SELECT ${part} AS part, value, NULL AS sort_number, ${column} AS n FROM facet_counts
                  WHERE property_id = ${inlineId(prop.id)} AND ${column} > 0 ORDER BY ${column} DESC LIMIT 50`),
        ],
  );
  return {
    statements: compound(d1, arms),
    read(results: D1Result<Record<string, unknown>>[]): FilterFacet[] {
      const parts = byPart<CountRow>(results);
      return filterable.map((prop, part) => {
        const rows = parts.get(part) ?? [];
        if (!isRange(prop)) return facetOf(prop, byCount(rows), null, null);
        const ends = [...rows].sort((a, b) => a.sort_number! - b.sort_number!) as { value: string; sort_number: number }[];
        return facetOf(prop, [], ends[0] ?? null, ends[ends.length - 1] ?? null);
      });
    },
  };
}

export async function facetsFromCounts(d1: D1Database, level: CallerLevel, filterable: PropertyRow[]): Promise<FilterFacet[]> {
  const counts = countsStatements(d1, level, filterable);
  return counts.read(await d1.batch<Record<string, unknown>>(counts.statements));
}

/**
 * With a search or filters: computed over the matching items, each facet ignoring its own filter. A
 * facet whose own filter is the only condition counts what the unfiltered panel counts, so it is read
 * from the kept counts instead of from every item. Everything is read in one batch; ranges whose sample
 * was not every match then read the collection's bounds.
 */
export async function facetsOfMatches(
  d1: D1Database,
  collectionId: number,
  level: CallerLevel,
  filterable: PropertyRow[],
  props: PropertyRow[],
  request: ListRequest,
  sample: number,
): Promise<FilterFacet[]> {
  const unnarrowed = (prop: PropertyRow) => {
    const own = conditions(level, props, request, prop.key);
    return !request.q?.trim() && own.match === null && own.sql.length === 0;
  };
  const fromCounts = filterable.filter(unnarrowed);
  const matched = filterable.filter((prop) => !fromCounts.includes(prop));
  const counts = countsStatements(d1, level, fromCounts);
  const matches = matchesStatements(d1, collectionId, level, matched, props, request, sample);
  const results = await d1.batch<Record<string, unknown>>([...counts.statements, ...matches.statements]);
  const counted = counts.read(results.slice(0, counts.statements.length));
  const found = matches.read(results.slice(counts.statements.length));
  // Ranges whose sample was not every match: the collection's bounds.
  const unbounded = matched.filter((prop, index) => isRange(prop) && found[index]!.estimated);
  const bounds = unbounded.length > 0 ? await facetsFromCounts(d1, level, unbounded) : [];
  return filterable.map((prop) => {
    if (fromCounts.includes(prop)) return counted[fromCounts.indexOf(prop)]!;
    const facet = found[matched.indexOf(prop)]!;
    return facet.estimated && facet.kind === 'range' ? { ...bounds[unbounded.indexOf(prop)]!, estimated: true } : facet;
  });
}

/** A matched entry of the index with one of its values (none: null), for a facet counted here. */
/** A match of a facet's sample, with its cached data (its values by property id). */
export interface SampledMatch {
  id: number;
  ok: number;
  data: string;
  lo: number;
  hi: number;
}

/**
 * One property's values in a sample of matches, as item_values holds them (the JSON text, the filter's
 * key, the sort number), from each match's cached data: the item's row, read anyway, holds them all, so
 * the sample costs two rows a match however many properties it counts. A match without a value still
 * gives a row (property_id null), so the sample's size counts it.
 */
export function sampledValues(matches: SampledMatch[], prop: PropertyRow): SampledRow[] {
  return matches.flatMap((match): SampledRow[] => {
    const list = storedValues([prop], match.data).get(prop.id) ?? [];
    const base = { part: 0, id: match.id, ok: match.ok, lo: match.lo, hi: match.hi };
    if (list.length === 0) return [{ ...base, property_id: null, value: null, key: null, sort_number: null }];
    return list.map((text) => {
      const keys = sortKeys(prop.type as PropertyType, JSON.parse(text));
      return { ...base, property_id: prop.id, value: text, key: keys.sortText ?? keys.sortNumber, sort_number: keys.sortNumber };
    });
  });
}

export interface SampledRow {
  part: number;
  id: number;
  /** The item passes the other conditions and the caller may see it. */
  ok: number;
  /** Whose value this is (null: the entry has none of the sampled properties). */
  property_id: number | null;
  value: string | null;
  key: string | number | null;
  sort_number: number | null;
  lo: number;
  hi: number;
}

export type AggregateRow = {
  part: number;
  value: string;
  n: number;
  low: number | null;
  high: number | null;
  low_value: string | null;
  high_value: string | null;
};

/**
 * Each facet over the matching items (ignoring its own filter). Without a search or value filter, an
 * aggregate counts every item's values. With one, a statement reads at most `sample` + 1 of the
 * collection's matches from the index, in id order, with the values of every facet that shares the same
 * conditions (a plain search: all of them), and the counting is done here (a GROUP BY's sorter would
 * cost D1 rows per value). When that was not all the matches, the counts are scaled to the share of the
 * collection's ids the sample covered and said to be estimates, and a range says so without bounds
 * (the caller reads the collection's; see FACET_SAMPLE).
 */
export function matchesStatements(
  d1: D1Database,
  collectionId: number,
  level: CallerLevel,
  filterable: PropertyRow[],
  props: PropertyRow[],
  request: ListRequest,
  sample: number,
) {
  const aggregates: SqlFragment[] = [];
  // Facets sampled under the same conditions share one read of the matches (the first's place tags it).
  const samples = new Map<string, { part: number; props: PropertyRow[]; where: SqlFragment; match: string }>();
  filterable.forEach((prop, part) => {
    const own = conditions(level, props, request, prop.key);
    if (!own.match) {
      const filter = itemFilter(collectionId, level, own);
      const select = isRange(prop)
        ? `SELECT ${part} AS part, NULL AS value, NULL AS n, min(v.sort_number) AS low, max(v.sort_number) AS high, min(v.value) AS low_value, max(v.value) AS high_value`
        : `SELECT ${part} AS part, min(v.value) AS value, count(DISTINCT v.item_id) AS n, NULL AS low, NULL AS high, NULL AS low_value, NULL AS high_value`;
      const group = isRange(prop) ? '' : `GROUP BY coalesce(v.sort_text, v.sort_number) ORDER BY n DESC LIMIT 50`;
      aggregates.push(
        sql`${raw(`${select} FROM ${filter.from} JOIN item_values v ON v.item_id = i.id AND v.property_id = ${inlineId(prop.id)}`)} WHERE ${filter.where} ${raw(group)}`,
      );
      return;
    }
    const filter = itemFilter(collectionId, level, { ...own, match: null });
    const match = inCollection(own.match, collectionId);
    const key = JSON.stringify([filter.where.text, [...filter.where.binds, match]]);
    const shared = samples.get(key) ?? { part, props: [], where: filter.where, match };
    shared.props.push(prop);
    samples.set(key, shared);
  });
  const sampled = [...samples.values()];
  const statements = [
    ...compound(d1, aggregates),
    ...sampled.map(({ part, where, match }) =>
      prepare(
        d1,
        sql`SELECT ${raw(String(part))} AS part, m.id, (${where}) AS ok, ${raw(`i.data, ${collectionEnd(collectionId, 'ASC')} AS lo, ${collectionEnd(collectionId, 'DESC')} AS hi`)}
           FROM (SELECT rowid AS id FROM items_search WHERE items_search MATCH ${match} ORDER BY rowid LIMIT ${sample + 1}) m
           CROSS JOIN items i ON i.id = m.id`,
      ),
    ),
  ];
  return {
    statements,
    read(results: D1Result<Record<string, unknown>>[]): FilterFacet[] {
      const parts = byPart<AggregateRow & SampledMatch>(results);
      return filterable.map((prop, part) => {
        const group = sampled.find((s) => s.props.includes(prop));
        if (group) return countSample(prop, sampledValues(parts.get(group.part) ?? [], prop), sample);
        const rows = (parts.get(part) ?? []) as AggregateRow[];
        if (!isRange(prop)) return facetOf(prop, byCount(rows), null, null);
        const first = rows[0];
        const low = first && first.low !== null ? { value: first.low_value!, sort_number: first.low } : null;
        const high = first && first.high !== null ? { value: first.high_value!, sort_number: first.high } : null;
        return facetOf(prop, [], low, high);
      });
    },
  };
}

/** A facet counted from a sample of matches (exact when the sample holds every match). */
export function countSample(prop: PropertyRow, rows: SampledRow[], sample: number): FilterFacet {
  const entries = new Set(rows.map((row) => row.id));
  const estimated = entries.size > sample;
  const seen = rows.filter((row) => row.ok === 1 && row.value !== null && row.property_id === prop.id);
  if (isRange(prop)) {
    if (estimated) return { ...facetOf(prop, [], null, null), estimated: true };
    const sorted = [...seen].sort((a, b) => a.sort_number! - b.sort_number!);
    const bound = (row: SampledRow | undefined) => (row ? { value: row.value!, sort_number: row.sort_number! } : null);
    return facetOf(prop, [], bound(sorted[0]), bound(sorted[sorted.length - 1]));
  }
  // Per value (its key): the items holding it, and its smallest stored text (what min(value) shows).
  const byKey = new Map<string | number, { value: string; items: Set<number> }>();
  for (const row of seen) {
    const entry = byKey.get(row.key!) ?? { value: row.value!, items: new Set<number>() };
    if (compareText(row.value!, entry.value) < 0) entry.value = row.value!;
    entry.items.add(row.id);
    byKey.set(row.key!, entry);
  }
  const last = Math.max(...entries);
  const lo = rows[0]?.lo ?? 0;
  const hi = rows[0]?.hi ?? 0;
  // The share of the collection's ids the sample covered: counts scale by its inverse.
  const share = estimated ? idShare(last, lo, hi) : 1;
  const values = [...byKey.values()]
    .map((entry) => ({ value: entry.value, n: estimated ? Math.max(1, roughly(entry.items.size / share)) : entry.items.size }))
    .sort((a, b) => b.n - a.n || compareText(a.value, b.value))
    .slice(0, 50);
  return { ...facetOf(prop, values, null, null), ...(estimated && { estimated: true }) };
}
