// The kept sort ranks (../sort-ranks.ts) a page typed far into a large list starts from, and the cost
// test that sends a typed page there.
import type { Bucket } from '../sort-ranks';
import { buildOrderStatement, countsAddUp, orderOf, rankedStart } from '../sort-ranks';
import { END } from './cursor';
import type { ListedPage } from './page';
import type { PlanContext } from './plan-context';
import type { Filter } from './request';
import { WALK_ROWS_PER_ITEM } from './tuning';
import { walkedPage } from './walk';

/**
 * The kept ranks of the page's order with the caller's count, read in one statement with the
 * collection's counters so both are of the same moment. Null, and the order built again after the
 * answer, when there are none or their counts do not add up to the counters.
 */
export async function keptRanks({
  d1,
  collection,
  level,
  shape,
  defer,
  tuning,
}: PlanContext): Promise<{ buckets: Bucket[]; total: number } | null> {
  const order = orderOf(shape.sortProp ?? (shape.dateColumn === 'i.updated_at' ? 'updated' : 'created'));
  const row = await d1
    .prepare(
      `SELECT (SELECT data -> '$.${order.key}' FROM sort_ranks WHERE collection_id = c.id) AS buckets, c.count_everyone AS c0, c.count_logged_in AS c1,
         c.count_shared AS c2, c.count_owner AS c3
       FROM collections c WHERE c.id = ?`,
    )
    .bind(collection.id)
    .first<{ c0: number; c1: number; c2: number; c3: number; buckets: string | null }>();
  const buckets = row?.buckets ? (JSON.parse(row.buckets) as Bucket[]) : null;
  if (row && countsAddUp(buckets, row)) {
    return { buckets, total: [row.c0, row.c1, row.c2, row.c3][level]! };
  }
  if (row && defer) defer(buildOrderStatement(d1, collection.id, order, tuning.ranks.bucket).run());
  return null;
}

/**
 * What walking from the start to this page would read: each item passed costs about WALK_ROWS_PER_ITEM
 * rows, and a share `total / counter` of them match. Over twice FEW_MATCHES (as much as reading every
 * match), a typed page is placed by the kept ranks instead. `from`: how many matches the walk passes
 * over (from the end, when an exact total lets it start there).
 */
export function walkTooFar({ shape, counter, tuning }: PlanContext, total: number, from = shape.offset): boolean {
  return from > 0 && (WALK_ROWS_PER_ITEM * (from + shape.perPage) * counter) / Math.max(1, total) > 2 * tuning.fewMatches;
}

/**
 * A page number typed into a narrowed list whose walk from the start would pass over too many items:
 * it starts where the matches' share of the kept ranks puts it (an estimate, and said to be one:
 * `pageEstimated`). Null without kept ranks.
 */
export async function placed(
  ctx: PlanContext,
  total: number,
  match: string | null,
  known: { total: number; estimated: boolean },
  narrowed: Filter = ctx.filter,
): Promise<ListedPage | null> {
  const { shape } = ctx;
  const kept = ctx.large && total > 0 ? await keptRanks(ctx) : null;
  if (!kept) return null;
  const place = Math.round((shape.offset * kept.total) / total);
  // A page the estimate puts at the end is the list's last items, read from the end.
  if (place + (shape.perPage * kept.total) / total >= kept.total) {
    return { ...(await walkedPage({ ...ctx, shape: { ...shape, before: END } }, narrowed, match, known)), pageEstimated: true };
  }
  // From the bucket's boundary: passing over its matches before the place would only refine an estimate.
  const start = rankedStart(kept.buckets, ctx.level, shape.dir, !!shape.sortProp, place);
  return { ...(await walkedPage(ctx, narrowed, match, known, { from: start.from, skip: 0 })), pageEstimated: true };
}
