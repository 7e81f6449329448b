// Writes of the list of pictures whose thumbnails are wanted.

/** These pictures' thumbnails are wanted no more (made, or given up). */
export async function forgetWantedThumbnails(d1: D1Database, collectionId: number, values: string[]): Promise<void> {
  await d1
    .prepare('DELETE FROM thumbnails_wanted WHERE collection_id = ?1 AND value IN (SELECT value FROM json_each(?2))')
    .bind(collectionId, JSON.stringify(values))
    .run();
}
