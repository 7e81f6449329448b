// Files uploaded for an item that was never saved are referenced by nothing. This job walks the
// collections' files in R2 a page at a time (resuming where the last run stopped) and removes those
// older than a day that no value and no collection picture uses. A page costs at most four units: the
// listing, one D1 query for the page's keys, one R2 delete, and one D1 insert naming the pictures that
// have a thumbnail but no small one (made before small ones existed) for the owner's browser to make.
import { mediaCollectionId } from '@shared/values';
import type { Job } from '@worker/jobs/job';
import { isThumbnailKey, mediaStillUsed, smallThumbnailKey, thumbnailKey, toMediaValue, withThumbnailKeys } from '@worker/lib/media';

const UNITS_PER_PAGE = 4;
/** R2 deletes at most 1,000 keys per call, and each file goes with its two thumbnails. */
const PAGE_SIZE = 300;
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
      const candidates = listing.objects.filter((o) => !isThumbnailKey(o.key) && now.getTime() - o.uploaded.getTime() > GRACE_MS);
      checked += candidates.length;
      let removedNow: string[] = [];
      if (candidates.length > 0) {
        const values = candidates.map((o) => toMediaValue(o.key));
        const used = await mediaStillUsed(env.DB, values);
        const unused = candidates.filter((o) => !used.has(toMediaValue(o.key).toLowerCase())).map((o) => o.key);
        removedNow = unused;
        if (unused.length > 0) {
          await env.MEDIA.delete(unused.flatMap(withThumbnailKeys));
          removed += unused.length;
        }
      }
      const smallWanted = withoutSmallThumbnail(listing.objects.map((o) => o.key)).filter((key) => !removedNow.includes(key));
      if (smallWanted.length > 0) await wantThumbnails(env.DB, smallWanted.map(toMediaValue)).run();
      // Saved after every page, so the pages done count even if a later one fails.
      cursor = listing.truncated ? listing.cursor : undefined;
      saveCursor(cursor ?? null);
      if (!cursor) break;
    }
    return { checked, removed };
  },
};

/** Of a page of keys, the pictures that have a thumbnail but no small one (a key sorts just before its thumbnails). */
function withoutSmallThumbnail(keys: string[]): string[] {
  const listed = new Set(keys);
  return keys.filter((key) => listed.has(thumbnailKey(key)) && !listed.has(smallThumbnailKey(key)));
}

/**
 * Names pictures for their owner's browser to make thumbnails of (features/media/thumbnails.routes.ts),
 * in the collection their value names; a collection deleted meanwhile gets none.
 */
const wantThumbnails = (d1: D1Database, values: string[]) =>
  d1
    .prepare(
      `INSERT OR IGNORE INTO thumbnails_wanted (collection_id, value)
       SELECT c.id, json_extract(j.value, '$[1]') FROM json_each(?1) j JOIN collections c ON c.id = json_extract(j.value, '$[0]')`,
    )
    .bind(JSON.stringify(values.map((value) => [mediaCollectionId(value), value])));
