// The kept sort ranks of large collections (sort-ranks.ts), built before a deep page needs them. A page
// number typed deep into an order that has none walks from the start of the list (a row or two per item
// passed: up to 100,000 for page 1,000 of 100,000 items) and has the order built after its answer. This
// job builds every order a large collection lacks, or whose counts no longer add up to its counters, so
// that walk is left to the hour after a change the writer does not follow: a new large collection (an
// import), a property made sortable, values re-keyed by the natural-keys job.
// A run reads one page of collections by id (one unit: the large ones' kept orders and sortable
// properties come with them) and builds at most BUILDS_PER_RUN orders (a unit each; a build reads about
// two rows an item, so a 100,000-item collection's four orders cost about 800,000 rows once, of the free
// tier's 5 million a day). The cursor is the last collection looked at.
import type { Job } from '@worker/jobs/job';
import type { PropertyType } from '@shared/catalogue';
import { buildOrderStatement, countsAddUp, orderOf, rankTuning, type Bucket, type Counters, type Order } from './sort-ranks';

/** Collections read per run (the small ones only by their id and counters). */
const COLLECTIONS_PER_PAGE = 200;
/** Orders built per run: an hourly run of two orders of 100,000 items reads about 400,000 rows. */
const BUILDS_PER_RUN = 2;

interface LargeCollection extends Counters {
  id: number;
  /** Its kept orders (sort_ranks.data), when it keeps any. */
  data: Record<string, Bucket[] | undefined> | null;
  /** Its sortable properties, as [id, type]. */
  props: [number, PropertyType][];
}

/** The orders of a collection whose kept ranks are missing, or whose counts do not add up to its counters. */
function ordersToBuild(collection: LargeCollection): Order[] {
  const kept = collection.data ?? {};
  const orders = [orderOf('created'), orderOf('updated'), ...collection.props.map(([id, type]) => orderOf({ id, type }))];
  return orders.filter((order) => !countsAddUp(kept[order.key], collection));
}

export const sortRanksJob: Job = {
  name: 'sort-ranks',
  units: 1 + BUILDS_PER_RUN,
  async run(env, { cursor, saveCursor, budget }) {
    const tuning = rankTuning(env);
    if (!budget.take()) return { built: 0 };
    const after = Number(cursor) || 0;
    const page = await env.DB.prepare(
      `SELECT max(k.id) AS last, count(*) AS read, json_group_array(json_object('id', c.id, 'c0', c.count_everyone, 'c1', c.count_logged_in, 'c2', c.count_shared, 'c3', c.count_owner,
         'data', json((SELECT r.data FROM sort_ranks r WHERE r.collection_id = c.id)),
         'props', json((SELECT json_group_array(json_array(p.id, p.type)) FROM properties p WHERE p.collection_id = c.id AND p.sortable = 1)))) FILTER (WHERE c.count_owner >= ?1) AS large
       FROM (SELECT id FROM collections WHERE id > ?2 ORDER BY id LIMIT ?3) k CROSS JOIN collections c ON c.id = k.id`,
    )
      .bind(tuning.from, after, COLLECTIONS_PER_PAGE)
      .first<{ last: number | null; read: number; large: string }>();
    let built = 0;
    for (const collection of JSON.parse(page?.large ?? '[]') as LargeCollection[]) {
      for (const order of ordersToBuild(collection)) {
        if (!budget.take()) {
          // Out of units: this collection is looked at again first next time.
          saveCursor(String(collection.id - 1));
          return { built };
        }
        // Should the build fail, the next run goes on past this collection (a deep page still builds it).
        saveCursor(String(collection.id));
        await buildOrderStatement(env.DB, collection.id, order, tuning.bucket).run();
        built += 1;
      }
    }
    // The last page read: the next run starts over.
    saveCursor(page && page.read === COLLECTIONS_PER_PAGE && page.last !== null ? String(page.last) : null);
    return { built };
  },
};
