// The write that starts an export with pictures.
import type { ExportRunRow } from '@worker/db/raw-rows';
import type { Env } from '@worker/env';
import { NOTHING_RUNNING } from './account-archives.queries';

/**
 * Reserves an export of a collection by one conditional insert: none of the caller's exports with
 * pictures, backups or restores runs. Null when one does.
 */
export async function reserveExport(env: Env, userId: number, collectionId: number): Promise<ExportRunRow | null> {
  return env.DB.prepare(`INSERT INTO collection_exports (collection_id, user_id) SELECT ?2, ?1 WHERE ${NOTHING_RUNNING} RETURNING *`)
    .bind(userId, collectionId)
    .first<ExportRunRow>();
}
