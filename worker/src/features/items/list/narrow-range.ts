// A narrow range on a single-valued sortable property, read whole from its sort index and sorted.
import { inlineId } from '@worker/db/inline-id';
import type { ListedPage } from './page';
import type { PlanContext } from './plan-context';
import { rangeTests } from './range-counts';
import type { RangeFilter } from './request';
import { sortedPage } from './sorted-page';
import { sortKeySql } from './sql-parts';

/**
 * A page of a range on a single-valued sortable property, read whole from that property's sort index
 * (partial: the query repeats its condition) and sorted here. Each match costs its index entry and its
 * sort key (one primary-key look-up); the entry's level (the item's, kept by a trigger) stands for the
 * item's, so the item itself is read only for a date order or other conditions. The total is exact.
 * `others`: the request's other conditions on `i`.
 */
export async function rangeMatchesPage(ctx: PlanContext, range: RangeFilter, others: string[]): Promise<ListedPage> {
  const { d1, level, shape } = ctx;
  const { sortProp } = shape;
  const joined = others.length > 0 || !sortProp;
  let value: string;
  if (!sortProp) value = shape.dateColumn;
  else if (sortProp.id === range.prop.id) value = 'ranged.sort_number';
  else {
    value = sortKeySql(sortProp, 'ranged.item_id', (key) => key);
  }
  // A subquery with an OFFSET is not merged into the outer query, so each key is looked up once; the
  // items without one are then read for their creation date.
  const { results } = await d1
    .prepare(
      `SELECT m.id, m.value, CASE WHEN m.value IS NULL THEN (SELECT created_at FROM items x WHERE x.id = m.id) END AS created FROM (
        SELECT ranged.item_id AS id, ${value} AS value FROM item_values ranged INDEXED BY item_values_property_number_idx
        ${joined ? 'CROSS JOIN items i ON i.id = ranged.item_id' : ''}
        WHERE ranged.property_id = ${inlineId(range.prop.id)} AND ranged.sortable = 1 AND ranged.sort_number IS NOT NULL
          AND ${rangeTests(range, 'ranged.sort_number')} AND ranged.level <= ${inlineId(level)}${others.map((test) => ` AND ${test}`).join('')}
        LIMIT -1 OFFSET 0) m`,
    )
    .all<{ id: number; value: string | number | null; created: string | null }>();
  return sortedPage(
    ctx,
    results.map((r) => ({ id: r.id, created: r.created, key: r.value })),
  );
}
