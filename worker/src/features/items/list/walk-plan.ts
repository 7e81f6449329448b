// Nothing narrows the list: a walk of the order's index, from the kept sort ranks for a page typed far
// from both ends; the total is the collection's counter.
import { rankedStart } from '../sort-ranks';
import type { ListedPage } from './page';
import type { PlanContext } from './plan-context';
import { keptRanks } from './ranked';
import { walkedPage } from './walk';

export async function walkPlan(ctx: PlanContext): Promise<ListedPage> {
  const { level, filter, shape, counter, typed, large } = ctx;
  // Far from both ends (near the end, the walk from the end passes over less than a bucket).
  if (typed && large && Math.min(shape.offset, counter - shape.offset - shape.perPage) >= ctx.tuning.ranks.bucket) {
    const kept = await keptRanks(ctx);
    const start = kept ? rankedStart(kept.buckets, level, shape.dir, !!shape.sortProp, shape.offset) : undefined;
    return walkedPage(ctx, filter, null, { total: kept?.total ?? counter, estimated: false }, start);
  }
  return walkedPage(ctx, filter, null, { total: counter, estimated: false });
}
