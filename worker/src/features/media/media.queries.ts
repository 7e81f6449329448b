// Reads of what names a stored file: the values that hold it, the thumbnails still wanted.

/**
 * Whether an item value the caller's level may see holds the file (`media://…`) in the collection: an
 * item at or under `level`, of a property at or under it.
 */
export async function mediaValueVisible(d1: D1Database, collectionId: number, value: string, level: number): Promise<boolean> {
  const row = await d1
    .prepare(
      `SELECT 1 FROM item_values v
       JOIN items i ON i.id = v.item_id
       JOIN properties p ON p.id = v.property_id
       WHERE v.sort_text = ? AND v.sort_text LIKE 'media://%' AND i.collection_id = ? AND i.level <= ? AND p.visibility <= ?
       LIMIT 1`,
    )
    .bind(value, collectionId, level, level)
    .first();
  return row !== null;
}

/** The first `limit` pictures of a collection whose thumbnails are wanted (made by a browser). */
export async function listWantedThumbnails(d1: D1Database, collectionId: number, limit: number): Promise<string[]> {
  const { results } = await d1
    .prepare('SELECT value FROM thumbnails_wanted WHERE collection_id = ?1 LIMIT ?2')
    .bind(collectionId, limit)
    .all<{ value: string }>();
  return results.map((row) => row.value);
}
