// The availability filter's plans (loans enabled): "lent" read from its partial index, "available"
// alone counted from the collection's counters.
import { allMatchesPage } from './all-matches';
import type { ListedPage } from './page';
import type { PlanContext } from './plan-context';
import { placed, walkTooFar } from './ranked';
import { itemFilter, unavailableOf } from './request';
import { matchedBy } from './sql-parts';
import { walkedPage } from './walk';
import { sql } from '@worker/db/sql-fragment';

/**
 * The items with a copy lent are read from the collection's partial index of them (a few, however
 * large the collection; migration 0033), then sorted: exact, at about three rows an item (its entry,
 * its row, its sort key), and one more for each test of a search or value filter.
 * (The index holds the items that pass LENT_CONDITION, which `where` keeps: SQLite takes a partial
 * index only for a query that names its condition.)
 */
export function lentPlan(ctx: PlanContext): Promise<ListedPage> {
  const { collection, level, where } = ctx;
  const lent = itemFilter(collection.id, level, { ...where, match: null });
  return allMatchesPage(ctx, {
    from: 'items i INDEXED BY items_lent_idx',
    where: sql`${lent.where}${matchedBy(where.match, 'i.id')}`,
  });
}

/** "Available" alone: all but the items whose every copy is lent, both counted on the collection. */
export async function availablePlan(ctx: PlanContext): Promise<ListedPage> {
  const known = { total: ctx.counter - unavailableOf(ctx.collection, ctx.level), estimated: false };
  return (
    (ctx.typed && walkTooFar(ctx, known.total) ? await placed(ctx, known.total, null, known) : null) ??
    (await walkedPage(ctx, ctx.filter, null, known))
  );
}
