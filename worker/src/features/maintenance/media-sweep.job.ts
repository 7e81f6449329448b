// Files uploaded for an item that was never saved are referenced by nothing. The daily job walks the
// collections' files in R2 a few pages at a time (resuming where the last run stopped) and removes
// those older than a day that no value and no collection picture uses. One D1 query per page of files
// keeps the run inside the free tier's limits.
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import * as schema from '../../db/schema';
import { maintenanceState } from '../../db/schema';
import type { Env } from '../../env';
import { thumbnailKey, toMediaValue } from '../../lib/media';

const CURSOR = 'media-sweep-cursor';
const PAGES_PER_RUN = 5;
const PAGE_SIZE = 1000;
const GRACE_MS = 24 * 60 * 60 * 1000;

export async function sweepUnusedMedia(env: Env, now = new Date()): Promise<{ checked: number; removed: number }> {
  const db = drizzle(env.DB, { schema });
  const [saved] = await db.select().from(maintenanceState).where(eq(maintenanceState.name, CURSOR)).limit(1);
  let cursor: string | undefined = saved?.value || undefined;
  let checked = 0;
  let removed = 0;
  for (let page = 0; page < PAGES_PER_RUN; page += 1) {
    const listing = await env.MEDIA.list({ prefix: 'collections/', cursor, limit: PAGE_SIZE });
    const candidates = listing.objects.filter(
      (o) => !o.key.endsWith('.thumb') && now.getTime() - o.uploaded.getTime() > GRACE_MS,
    );
    checked += candidates.length;
    if (candidates.length > 0) {
      const values = candidates.map((o) => toMediaValue(o.key));
      const { results } = await env.DB.prepare(
        `SELECT sort_text AS used FROM item_values
         WHERE sort_text IN (SELECT lower(value) FROM json_each(?1)) AND sort_text LIKE 'media://%'
         UNION SELECT image FROM collections WHERE image IN (SELECT value FROM json_each(?1))`,
      )
        .bind(JSON.stringify(values))
        .all<{ used: string }>();
      const used = new Set(results.map((r) => r.used.toLowerCase()));
      const unused = candidates.filter((o) => !used.has(toMediaValue(o.key).toLowerCase())).map((o) => o.key);
      if (unused.length > 0) {
        await env.MEDIA.delete(unused.flatMap((key) => [key, thumbnailKey(key)]));
        removed += unused.length;
      }
    }
    cursor = listing.truncated ? listing.cursor : undefined;
    if (!cursor) break;
  }
  // Next run resumes here; after the last page it starts over.
  await db
    .insert(maintenanceState)
    .values({ name: CURSOR, value: cursor ?? '' })
    .onConflictDoUpdate({ target: maintenanceState.name, set: { value: cursor ?? '' } });
  return { checked, removed };
}
