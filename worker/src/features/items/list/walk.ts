// The walk: a page read along an index already in the wanted order, from a cursor, an end or a rank.
import type { ListedItemRow } from '@worker/db/raw-rows';
import type { RankedStart } from '../sort-ranks';
import type { PageCursor, PlacedCursor } from './cursor';
import { END } from './cursor';
import type { PageShape, ListedPage } from './page';
import type { PlanContext } from './plan-context';
import type { Filter } from './request';
import { filterOnItem } from './request';
import { countRows, matchedBy, isRange } from './sql-parts';
import { prepare, raw, sql, type SqlFragment } from '@worker/db/sql-fragment';

/**
 * What a value needs to be in the sort indexes, which are partial (migration 0014): SQLite walks a
 * partial index only when the query repeats its condition. A sortable property's values all have
 * `sortable`; a text value without a natural key yet (written before keys existed, until the re-key job
 * reaches it) sorts with the items that have no value, in every plan.
 */
export function sortIndexed(sortKey: string): string {
  return `s.sortable = 1 AND ${sortKey} IS NOT NULL`;
}

/** One stretch of a walk: by date, or among items with a sort value ("v"), or without one ("m"). */
export interface Phase {
  kind: PageCursor[0];
  dir: 'ASC' | 'DESC';
}

export const flip = (dir: 'ASC' | 'DESC') => (dir === 'ASC' ? 'DESC' : 'ASC');

/**
 * The stretches of the sort order, in order: by date; or the items with a value in the sort index's
 * order (equal keys by id), then those without one, oldest first. Reversed, the same from the end.
 */
export function phasesOf(shape: PageShape, reversed: boolean): Phase[] {
  const dir = reversed ? flip(shape.dir) : shape.dir;
  if (!shape.sortProp) return [{ kind: 'd', dir }];
  return reversed
    ? [
        { kind: 'm', dir: 'DESC' },
        { kind: 'v', dir },
      ]
    : [
        { kind: 'v', dir },
        { kind: 'm', dir: 'ASC' },
      ];
}

export type WalkedRow = ListedItemRow & { sort_key?: string | number; cursor: PageCursor };

/**
 * Rows along the sort order (or from its end), from a cursor or after skipping `skip`, at most `take`.
 * From a cursor the walk starts right after it (row values compared in the index's own order).
 */
export async function walk(
  { d1, shape }: PlanContext,
  filter: Filter,
  match: string | null,
  options: { reversed: boolean; from: PageCursor | null; skip: number; take: number },
): Promise<WalkedRow[]> {
  const { sortProp, columns } = shape;
  // The membership test names the walked index's item id, so an item row is read only for a match.
  const matched = (id: string) => matchedBy(match, id);
  const phases = phasesOf(shape, options.reversed);
  const first = options.from
    ? Math.max(
        0,
        phases.findIndex((phase) => phase.kind === options.from![0]),
      )
    : 0;
  const rows: WalkedRow[] = [];
  let skip = options.skip;
  for (let index = first; index < phases.length && rows.length < options.take; index += 1) {
    const { kind, dir } = phases[index]!;
    const cursor = index === first ? options.from : null;
    const past = dir === 'ASC' ? '>' : '<';
    let from: string;
    let where: SqlFragment;
    let key: string;
    if (kind === 'd') {
      key = shape.dateColumn;
      from = `items i INDEXED BY items_collection_${key === 'i.updated_at' ? 'updated' : 'created'}_idx`;
      where = sql`${filter.where}${matched('i.id')}`;
    } else if (kind === 'v') {
      key = isRange(sortProp!) ? 's.sort_number' : 's.natural_key';
      from = 'item_values s CROSS JOIN items i ON i.id = s.item_id';
      where = sql`s.property_id = ${sortProp!.id} AND s.position = 0 AND ${raw(sortIndexed(key))} AND ${filterOnItem(filter, 's.item_id')}${matched('s.item_id')}`;
    } else {
      // The items without a value, from the property's sort gaps (kept by the writer) in their order.
      key = 'g.created_at';
      from = 'item_sort_gaps g CROSS JOIN items i ON i.id = g.item_id';
      where = sql`g.property_id = ${sortProp!.id} AND ${filterOnItem(filter, 'g.item_id')}${matched('g.item_id')}`;
    }
    const id = kind === 'v' ? 's.item_id' : kind === 'm' ? 'g.item_id' : 'i.id';
    if (cursor) where = sql`${where} AND (${raw(`${key}, ${id}`)}) ${raw(past)} (${cursor[1]}, ${cursor[2]})`;
    const { results } = await prepare(
      d1,
      sql`SELECT ${raw(`${columns}, ${key} AS sort_key FROM ${from}`)} WHERE ${where} ${raw(`ORDER BY ${key} ${dir}, ${id} ${dir}`)} LIMIT ${options.take - rows.length} OFFSET ${skip}`,
    ).all<ListedItemRow & { sort_key: string | number }>();
    // Skipped past this whole stretch: what is left to skip continues in the next one.
    skip = results.length > 0 || skip === 0 ? 0 : skip - (await countRows(d1, from, where));
    if (skip < 0) skip = 0;
    for (const row of results) rows.push({ ...row, cursor: [kind, row.sort_key, row.id] as PageCursor });
  }
  return rows;
}

/**
 * The page read along the sort order: an index already in that order (the dates on items, or the
 * property's sort keys, then the items without a value, oldest first), each item tested against the
 * search and filters as it comes, stopping once the page is full.
 * - From `after` it starts where the previous page ended; from `before` it walks back from where the
 *   next page starts; past the middle of an exactly known total it walks from the end. Either way it
 *   reads about a page instead of counting its way down.
 * - `known` is the total when the caller has it already: the collection's counter when nothing narrows
 *   the list (exact), or the estimate of the matches (used only when the walk stops before the end,
 *   which would count exactly).
 */
export async function walkedPage(
  ctx: PlanContext,
  filter: Filter,
  match: string | null,
  known: { total: number; estimated: boolean } | null,
  start?: RankedStart,
): Promise<ListedPage> {
  const { d1, shape } = ctx;
  const { perPage, offset, after, before } = shape;
  const exact = known && !known.estimated ? known.total : null;
  let rows: WalkedRow[];
  let backwards = false;
  if (start) {
    rows = await walk(ctx, filter, match, { reversed: false, from: start.from as PageCursor | null, skip: start.skip, take: perPage });
  } else if (before === END) {
    rows = (await walk(ctx, filter, match, { reversed: true, from: null, skip: 0, take: perPage })).reverse();
    backwards = true;
  } else if (before) {
    // The pages between this one and the cursor's are passed over (none for the page just before).
    const between = before[3] === undefined ? 0 : Math.max(0, before[3] - (offset + perPage));
    rows = (await walk(ctx, filter, match, { reversed: true, from: before, skip: between, take: perPage })).reverse();
    backwards = true;
  } else if (!after && exact !== null && offset > exact / 2 && offset < exact) {
    const take = Math.min(perPage, exact - offset);
    rows = (await walk(ctx, filter, match, { reversed: true, from: null, skip: Math.max(0, exact - offset - perPage), take })).reverse();
    backwards = true;
  } else {
    const between = after?.[3] === undefined ? 0 : Math.max(0, offset - (after[3] + 1));
    rows = await walk(ctx, filter, match, { reversed: false, from: after, skip: after ? between : offset, take: perPage });
  }
  const placed = (row: WalkedRow | undefined, index: number): PlacedCursor | undefined =>
    row ? [row.cursor[0], row.cursor[1], row.cursor[2], index] : undefined;
  const cursors = {
    next: rows.length === perPage || (backwards && rows.length > 0) ? placed(rows[rows.length - 1], offset + rows.length - 1) : undefined,
    prev: placed(rows[0], offset),
  };
  const listed = rows.map(({ cursor: _cursor, sort_key: _key, ...row }) => row as ListedItemRow);
  if (exact !== null) return { rows: listed, total: exact, estimated: false, ...cursors };
  // Placed by an estimate: what it passed is not counted.
  if (start && known) return { rows: listed, ...known, ...cursors };
  // The walk reached the end: what it passed and found is the whole count.
  if (!backwards && listed.length < perPage && (listed.length > 0 || offset === 0))
    return { rows: listed, total: offset + listed.length, estimated: false, ...cursors };
  if (known) return { rows: listed, ...known, ...cursors };
  return {
    rows: listed,
    total: await countRows(d1, 'items i', sql`${filter.where}${matchedBy(match, 'i.id')}`),
    estimated: false,
    ...cursors,
  };
}
