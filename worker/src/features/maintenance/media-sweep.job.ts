// Files uploaded for an item that was never saved are referenced by nothing. This job walks the
// collections' files in R2 a page at a time (resuming where the last run stopped) and removes those
// older than a day that no value and no collection picture uses. A page costs at most three units: the
// listing, one D1 query for the page's keys, and one R2 delete.
import type { Job } from '../../jobs/job';
import { mediaStillUsed, thumbnailKey, toMediaValue } from '../../lib/media';

const UNITS_PER_PAGE = 3;
/** R2 deletes at most 1,000 keys per call, and each file goes with its thumbnail. */
const PAGE_SIZE = 500;
/**
 * R2's upload times come from another clock than the database's; a day's grace dwarfs any skew and
 * leaves time to save an item whose files were just uploaded.
 */
const GRACE_MS = 24 * 60 * 60 * 1000;

export const mediaSweepJob: Job = {
  name: 'media-sweep',
  units: 5 * UNITS_PER_PAGE,
  async run(env, { now, cursor: saved, saveCursor, budget }) {
    let cursor = saved ?? undefined;
    let checked = 0;
    let removed = 0;
    while (budget.take(UNITS_PER_PAGE)) {
      const listing = await env.MEDIA.list({ prefix: 'collections/', cursor, limit: PAGE_SIZE });
      const candidates = listing.objects.filter(
        (o) => !o.key.endsWith('.thumb') && now.getTime() - o.uploaded.getTime() > GRACE_MS,
      );
      checked += candidates.length;
      if (candidates.length > 0) {
        const values = candidates.map((o) => toMediaValue(o.key));
        const used = await mediaStillUsed(env.DB, values);
        const unused = candidates.filter((o) => !used.has(toMediaValue(o.key).toLowerCase())).map((o) => o.key);
        if (unused.length > 0) {
          await env.MEDIA.delete(unused.flatMap((key) => [key, thumbnailKey(key)]));
          removed += unused.length;
        }
      }
      // Saved after every page, so the pages done count even if a later one fails.
      cursor = listing.truncated ? listing.cursor : undefined;
      saveCursor(cursor ?? null);
      if (!cursor) break;
    }
    return { checked, removed };
  },
};
