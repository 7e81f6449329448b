// Every match read, sorted and counted in one statement (a deep page of a few thousand matches).
import type { PropertyType } from '@shared/catalogue';
import { RANGE_PROPERTY_TYPES } from '@shared/catalogue';
import type { ListedItemRow } from '@worker/db/raw-rows';
import { END } from './cursor';
import type { ListedPage } from './page';
import type { Filter } from './request';
import { sortValuePath, countRows } from './sql-parts';
import type { PlanContext } from './plan-context';
import { prepare, raw, sql } from '@worker/db/sql-fragment';

/**
 * Every match read, sorted and counted in one statement: numbers sort by the value in their cached data,
 * text by its natural key (one primary-key look-up per match). The cost follows the matches; the page's
 * own columns (its copies lent among them) are read for its items only.
 */
export async function allMatchesPage({ d1, shape }: PlanContext, filter: Filter): Promise<ListedPage> {
  const { sortProp, dir, columns } = shape;
  // The list's end (`before=end`): its last page, wherever its number puts it.
  const offset = shape.before === END ? Math.max(0, (await countRows(d1, filter.from, filter.where)) - shape.perPage) : shape.offset;
  const page = sql`LIMIT ${shape.perPage} OFFSET ${offset}`;
  let matches = sql`${raw(`SELECT i.id AS mid, ${shape.dateColumn} AS mkey, count(*) OVER () AS total_count FROM ${filter.from}`)} WHERE ${filter.where}
    ${raw(`ORDER BY ${shape.dateColumn} ${dir}, i.id ${dir}`)} ${page}`;
  let order = `m.mkey ${dir}, m.mid ${dir}`;
  if (sortProp) {
    const value = RANGE_PROPERTY_TYPES.includes(sortProp.type as PropertyType)
      ? `json_extract(i.data, '${sortValuePath(sortProp)}')`
      : `(SELECT k.natural_key FROM item_values k WHERE k.item_id = i.id AND k.property_id = ${sortProp.id} AND k.position = 0)`;
    // As the index walk orders them: equal values by id in the same direction, then the items without a
    // value, oldest first. The value is a column of a subquery, so it is computed once per match (SQLite
    // copies an alias's expression wherever ORDER BY names it; the window function keeps the subquery
    // from being merged into the outer query).
    const sorted = (m: string) =>
      `(${m}sort_value IS NULL), ${m}sort_value ${dir}, CASE WHEN ${m}sort_value IS NULL THEN ${m}mkey END, ${m}mid * (CASE WHEN ${m}sort_value IS NULL THEN 1 ELSE ${dir === 'ASC' ? 1 : -1} END)`;
    matches = sql`${raw(`SELECT * FROM (SELECT i.id AS mid, i.created_at AS mkey, ${value} AS sort_value, count(*) OVER () AS total_count FROM ${filter.from}`)} WHERE ${filter.where})
      ${raw(`ORDER BY ${sorted('')}`)} ${page}`;
    order = sorted('m.');
  }
  const { results } = await prepare(
    d1,
    sql`SELECT ${raw(columns)}, m.total_count FROM (${matches}) m CROSS JOIN items i ON i.id = m.mid ORDER BY ${raw(order)}`,
  ).all<ListedItemRow & { total_count: number }>();
  const total = results[0]?.total_count ?? (offset > 0 ? await countRows(d1, filter.from, filter.where) : 0);
  return { rows: results, total, estimated: false };
}
