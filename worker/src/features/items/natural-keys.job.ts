// Values written before natural sorting existed have no natural_key (migration 0010 only adds the
// column): they would sort ahead of every keyed value until edited. SQL cannot compute the key (it
// needs Unicode folding, article rules and digit padding from shared/sort-key.ts), so a migration
// cannot fill it; this job does, in the Worker, with the same function the writer uses.
// It walks item_values in primary-key order (item, property, position; the table has no rowid) from its
// cursor, one page per read: each page costs four units (the read, then one batch of three: an UPDATE for
// all its rows, a DELETE of the sort gaps those keys fill, and the sort ranks' orders they move in
// forgotten). Pages are kept small because a cron invocation has a few ms
// of CPU on the free tier, and only rows that lack a key are written, so the day's rows-written
// allowance is spent once per old value. Once it reaches the end it marks itself done and costs
// nothing more; rows written since carry their key already.
import type { Job } from '@worker/jobs/job';
import { naturalSortKey } from '@shared/sort-key';
import { FORGET_ORDERS_OF_VALUES_SQL } from './sort-ranks';

const UNITS_PER_PAGE = 4;
const PAGE_SIZE = 500;
const DONE = 'done';

export const naturalKeysJob: Job = {
  name: 'natural-keys',
  units: 4 * UNITS_PER_PAGE,
  async run(env, { cursor, saveCursor, budget }) {
    if (cursor === DONE) return { keyed: 0 };
    // The cursor is the last key read, "item:property:position". A cursor of another shape (a rowid, from
    // before item_values lost its rowid) starts over: rows already keyed are read, not written.
    const parts = (cursor ?? '').split(':').map(Number);
    let after = (parts.length === 3 && parts.every(Number.isInteger) ? parts : [0, 0, 0]) as [number, number, number];
    let keyed = 0;
    while (budget.take(UNITS_PER_PAGE)) {
      const { results } = await env.DB.prepare(
        `SELECT item_id AS itemId, property_id AS propertyId, position, value, sort_text AS sortText, natural_key AS naturalKey
         FROM item_values WHERE (item_id, property_id, position) > (?, ?, ?) ORDER BY item_id, property_id, position LIMIT ?`,
      )
        .bind(...after, PAGE_SIZE)
        .all<{ itemId: number; propertyId: number; position: number; value: string; sortText: string | null; naturalKey: string | null }>();
      const keys = results
        .filter((r) => r.sortText !== null && r.naturalKey === null)
        .map((r) => {
          const value: unknown = JSON.parse(r.value);
          return [r.itemId, r.propertyId, r.position, naturalSortKey(typeof value === 'string' ? value : r.value)] as const;
        });
      if (keys.length > 0) {
        const json = JSON.stringify(keys);
        // One batch, so the keys, the gaps and the ranks never disagree.
        await env.DB.batch([
          env.DB.prepare(
            `UPDATE item_values SET natural_key = k.value ->> 3
             FROM json_each(?) k
             WHERE item_values.item_id = k.value ->> 0 AND item_values.property_id = k.value ->> 1 AND item_values.position = k.value ->> 2
               AND item_values.natural_key IS NULL`,
          ).bind(json),
          // A first value that now has its key is no longer a gap at the end of its property's sort.
          env.DB.prepare(
            `DELETE FROM item_sort_gaps WHERE (property_id, created_at, item_id) IN (
               SELECT k.value ->> 1, i.created_at, i.id FROM json_each(?) k JOIN items i ON i.id = k.value ->> 0 WHERE k.value ->> 2 = 0)`,
          ).bind(json),
          // Their items move within the properties' sort orders: the kept ranks of those orders are built
          // again when a deep page needs them.
          env.DB.prepare(FORGET_ORDERS_OF_VALUES_SQL).bind(json),
        ]);
        keyed += keys.length;
      }
      if (results.length < PAGE_SIZE) {
        saveCursor(DONE);
        break;
      }
      const last = results[results.length - 1]!;
      after = [last.itemId, last.propertyId, last.position];
      saveCursor(after.join(':'));
    }
    return { keyed };
  },
};
