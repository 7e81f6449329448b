// The write that starts an export with pictures, and what a backup of a person's collections
// (features/account-archives), made of such exports, uses of them: their zip entries and their failure.
import type { ExportRunRow } from '@worker/db/raw-rows';
import type { Env } from '@worker/env';
import { NOTHING_RUNNING } from '../account-archives/account-archives.queries';

export { ExportEntries } from './exports.download';
export { markExportFailed } from './exports.steps';

/**
 * Reserves an export of a collection by one conditional insert: none of the caller's exports with
 * pictures, backups or restores runs. Null when one does.
 */
export async function reserveExport(env: Env, userId: number, collectionId: number): Promise<ExportRunRow | null> {
  return env.DB.prepare(`INSERT INTO collection_exports (collection_id, user_id) SELECT ?2, ?1 WHERE ${NOTHING_RUNNING} RETURNING *`)
    .bind(userId, collectionId)
    .first<ExportRunRow>();
}
