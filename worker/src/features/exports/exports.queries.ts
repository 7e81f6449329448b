// Reads of a collection's exports with pictures.
import type { ExportRunRow } from '@worker/db/raw-rows';
import type { Env } from '@worker/env';

/** The caller's newest exports of a collection, as many as `limit`. */
export async function listOwnExports(env: Env, collectionId: number, userId: number, limit: number): Promise<ExportRunRow[]> {
  const { results } = await env.DB.prepare(
    'SELECT * FROM collection_exports WHERE collection_id = ?1 AND user_id = ?2 ORDER BY id DESC LIMIT ?3',
  )
    .bind(collectionId, userId, limit)
    .all<ExportRunRow>();
  return results;
}
