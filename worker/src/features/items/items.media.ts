// Files stop being stored once no value uses them: after an item is edited or deleted, the media it
// no longer references are removed from R2 (with their thumbnails) unless another value, or the
// collection's picture, still uses them.
import { MEDIA_SCHEME } from '../../../../shared/constants';
import { mediaKeyOf, thumbnailKey } from '../../lib/media';

/** Every media:// value in an item's cached data. */
export function mediaValuesOf(data: string): Set<string> {
  const found = new Set<string>();
  const visit = (value: unknown) => {
    if (typeof value === 'string' && value.startsWith(MEDIA_SCHEME)) found.add(value);
    else if (Array.isArray(value)) value.forEach(visit);
  };
  Object.values(JSON.parse(data) as Record<string, unknown>).forEach(visit);
  return found;
}

export async function releaseMedia(d1: D1Database, bucket: R2Bucket, values: Iterable<string>): Promise<void> {
  for (const value of values) {
    const key = mediaKeyOf(value);
    if (!key) continue;
    const stillUsed = await d1
      .prepare(
        `SELECT 1 FROM item_values WHERE sort_text = ? AND sort_text LIKE 'media://%'
         UNION ALL SELECT 1 FROM collections WHERE image = ? LIMIT 1`,
      )
      .bind(value.toLowerCase(), value)
      .first();
    if (!stillUsed) await bucket.delete([key, thumbnailKey(key)]);
  }
}
