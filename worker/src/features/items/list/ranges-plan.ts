// Number and date filters (and "available"): counted from the kept counts of their values, then their
// kept lists, a narrow range read whole from its sort index, or a walk.
import { listedPlan } from './listed-plan';
import { rangeMatchesPage } from './narrow-range';
import type { ListedPage } from './page';
import type { PlanContext } from './plan-context';
import { rangeCount } from './range-counts';
import { placed, walkTooFar } from './ranked';
import { AVAILABLE_CONDITION, unavailableOf } from './request';
import { READ_ALL_SHARE } from './tuning';
import { walkedPage } from './walk';

/** A page of a request whose conditions are ranges (no search index match), less the items in range whose every copy is lent. */
export async function rangesPlan(ctx: PlanContext): Promise<ListedPage> {
  const { collection, level, where, shape, counter, typed } = ctx;
  const ranged = where.sql.filter((test) => test !== AVAILABLE_CONDITION);
  const available = ranged.length < where.sql.length ? { conditions: ranged, unavailable: unavailableOf(collection, level) } : null;
  const counted = await rangeCount(ctx, available);
  // Few enough: read whole from the sortable property's index and sorted (rangeMatchesPage: two rows a
  // match, and one more for each other range), when that costs less than a page's walk, which passes
  // over about perPage × counter / n items at about two rows each (the sort index's entry and the
  // range's value): when n² ≤ perPage × counter, 2,236 of 100,000 for 50 a page. A page typed too far
  // for a walk is read whole while that stays about as cheap as a first page's walk (exact rather than
  // placed by an estimate). A single value holds every bound, so the index's choice stands for the
  // range's own tests.
  const driver = counted?.fewest.whole ? counted.fewest.range : undefined;
  const others = driver ? where.sql.filter((test) => !driver.sql.includes(test)) : [];
  const readRows = 2 + others.length;
  const cheapRead = (n: number) =>
    readRows * n * n <= 2 * shape.perPage * counter || (typed && walkTooFar(ctx, n) && n <= ctx.tuning.fewMatches * READ_ALL_SHARE);
  if (counted?.listed) return listedPlan(ctx, counted.listed, null);
  if (counted && driver && driver.prop.sortable && !driver.prop.multiple && cheapRead(counted.fewest.n))
    return rangeMatchesPage(ctx, driver, others);
  const known = counted && { total: counted.total, estimated: counted.estimated };
  return (
    (typed && known && walkTooFar(ctx, known.total) ? await placed(ctx, known.total, null, known) : null) ??
    (await walkedPage(ctx, ctx.filter, null, known))
  );
}
