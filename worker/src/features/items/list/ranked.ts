// The kept sort ranks a page typed far into a large list starts from (../sort-ranks.ts).
import type { CallerLevel } from '../../../lib/visibility';
import type { Bucket, RankTuning } from '../sort-ranks';
import { buildOrderStatement, countsAddUp, orderOf } from '../sort-ranks';
import type { PageShape } from './page';

/**
 * The kept ranks of the page's order with the caller's count, read in one statement with the
 * collection's counters so both are of the same moment. Null, and the order built again after the
 * answer, when there are none or their counts do not add up to the counters.
 */
export async function keptRanks(
  d1: D1Database,
  collectionId: number,
  level: CallerLevel,
  shape: PageShape,
  defer: ((work: Promise<unknown>) => void) | undefined,
  tuning: RankTuning,
): Promise<{ buckets: Bucket[]; total: number } | null> {
  const order = orderOf(shape.sortProp ?? (shape.dateColumn === 'i.updated_at' ? 'updated' : 'created'));
  const row = await d1
    .prepare(
      `SELECT c.count_everyone AS c0, c.count_logged_in AS c1, c.count_owner AS c3, (SELECT data -> '$.${order.key}' FROM sort_ranks WHERE collection_id = c.id) AS buckets
       FROM collections c WHERE c.id = ?`,
    )
    .bind(collectionId)
    .first<{ c0: number; c1: number; c3: number; buckets: string | null }>();
  const buckets = row?.buckets ? (JSON.parse(row.buckets) as Bucket[]) : null;
  if (row && countsAddUp(buckets, row)) {
    return { buckets, total: level === 3 ? row.c3 : level === 1 ? row.c1 : row.c0 };
  }
  if (row && defer) defer(buildOrderStatement(d1, collectionId, order, tuning.bucket).run());
  return null;
}
