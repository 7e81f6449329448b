// The spans of numbers of many values (facet-spans.ts), built before a range needs them. The first range
// over a filterable number or date-time that finds more values than a page reads has them built after its
// answer, and reads its values itself (3,226 rows for twelve authors and a price of 50,000 values at
// 100,000 items, measured): this job builds them ahead for every such property that holds more values
// than that, so that first range is left to the hour after a change the writer does not follow (an
// import, a property made filterable or given many values).
// A run reads one page of properties by id (a row each, and at most LISTED_RANGE_VALUES + 1 of the
// values' rows of each number or date-time without a width) and builds at most BUILDS_PER_RUN (a build
// reads a row a distinct value: about 400,000 rows once for 100,000 prices, of the free tier's 5 million a
// day). The cursor is the last property looked at.
import type { Job } from '@worker/jobs/job';
import { numberSpansBuild, spanWidthFor } from './facet-spans';
import { LISTED_RANGE_VALUES, numberBounds, propertyNumbers } from './list';

/** Properties looked at per run. */
const PROPERTIES_PER_PAGE = 500;
/** Builds per run: each is one batch of two statements. */
const BUILDS_PER_RUN = 1;

export const numberSpansJob: Job = {
  name: 'number-spans',
  units: 1 + 2 * BUILDS_PER_RUN,
  async run(env, { cursor, saveCursor, budget }) {
    if (!budget.take()) return { built: 0 };
    const after = Number(cursor) || 0;
    // (`n`: its distinct values, counted up to one more than a range reads.)
    const page = await env.DB.prepare(
      `SELECT max(k.id) AS last, count(*) AS read, json_group_array(json_array(p.id, p.collection_id,
         (SELECT count(*) FROM (SELECT 1 ${propertyNumbers('p.id')} LIMIT ?1)), ${numberBounds('p.id').join(', ')}))
         FILTER (WHERE p.filterable = 1 AND p.span_width IS NULL AND p.type IN ('number', 'datetime')) AS wanted
       FROM (SELECT id FROM properties WHERE id > ?2 ORDER BY id LIMIT ?3) k CROSS JOIN properties p ON p.id = k.id`,
    )
      .bind(LISTED_RANGE_VALUES + 1, after, PROPERTIES_PER_PAGE)
      .first<{ last: number | null; read: number; wanted: string }>();
    let built = 0;
    for (const [id, collectionId, n, lo, hi] of JSON.parse(page?.wanted ?? '[]') as [
      number,
      number,
      number,
      number | null,
      number | null,
    ][]) {
      if (n <= LISTED_RANGE_VALUES || lo === null || hi === null) continue;
      if (!budget.take(2)) {
        // Out of units: this property is looked at again first next time.
        saveCursor(String(id - 1));
        return { built };
      }
      // Should the build fail, the next run goes on past this property (a range still builds it).
      saveCursor(String(id));
      await env.DB.batch(numberSpansBuild(env.DB, collectionId, id, spanWidthFor(lo, hi)));
      built += 1;
    }
    // The last page read: the next run starts over.
    saveCursor(page && page.read === PROPERTIES_PER_PAGE && page.last !== null ? String(page.last) : null);
    return { built };
  },
};
