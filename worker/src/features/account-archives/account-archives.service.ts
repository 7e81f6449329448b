// The writes that start an account's backup or restore. Each run is reserved by one conditional insert
// (the unique index on the running state holds it too): of simultaneous requests exactly one wins, and
// none starts while another backup, restore or export with pictures of the same person runs.
import { NOW_SQL } from '@worker/db/now';
import type { AccountArchiveRow } from '@worker/db/raw-rows';
import type { Env } from '@worker/env';
import { NOTHING_RUNNING } from './account-archives.queries';

/** How long a restore's upload may take before its reserved run counts as abandoned (the request died). */
const UPLOAD_HOURS = 1;

/**
 * Reserves a backup of the caller's collections and lists its parts (one export of each collection);
 * null when something of theirs runs. With no collection the backup is its manifest alone, done at
 * once, and `exportId` is null; else it names the first part to start.
 */
export async function reserveAccountBackup(env: Env, userId: number): Promise<{ row: AccountArchiveRow; exportId: number | null } | null> {
  const row = await env.DB.prepare(
    `INSERT INTO account_archives (user_id, kind, phase, collections)
     SELECT ?1, 'backup', 'running', (SELECT count(*) FROM collections WHERE owner_id = ?1) WHERE ${NOTHING_RUNNING}
     RETURNING *`,
  )
    .bind(userId)
    .first<AccountArchiveRow>();
  if (!row) return null;
  const parts = await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO collection_exports (collection_id, user_id, archive_id) SELECT id, ?1, ?2 FROM collections WHERE owner_id = ?1 ORDER BY id`,
    ).bind(userId, row.id),
    env.DB.prepare('SELECT min(id) AS id FROM collection_exports WHERE archive_id = ?1').bind(row.id),
    env.DB.prepare(
      `UPDATE account_archives SET status = 'done', phase = 'done', finished_at = ${NOW_SQL}
       WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM collection_exports WHERE archive_id = ?1)`,
    ).bind(row.id),
  ]);
  const exportId = (parts[1]!.results[0] as { id: number | null } | undefined)?.id ?? null;
  return { row, exportId };
}

/**
 * Reserves a restore into the caller's account before its file is uploaded, so that nothing else of
 * theirs starts while it comes; null when something runs. One whose request died during its upload is
 * given up first, in the same batch.
 */
export async function reserveAccountRestore(env: Env, userId: number, fileKey: string): Promise<AccountArchiveRow | null> {
  const [, inserted] = await env.DB.batch([
    env.DB.prepare(
      `UPDATE account_archives SET status = 'failed', problem = 'step_failed', finished_at = ${NOW_SQL}
       WHERE user_id = ?1 AND status = 'running' AND phase = 'upload' AND created_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-${UPLOAD_HOURS} hours')`,
    ).bind(userId),
    env.DB.prepare(
      `INSERT INTO account_archives (user_id, kind, phase, file_key) SELECT ?1, 'restore', 'upload', ?2 WHERE ${NOTHING_RUNNING} RETURNING *`,
    ).bind(userId, fileKey),
  ]);
  return (inserted!.results[0] as AccountArchiveRow | undefined) ?? null;
}

/** A restore's file has come: its run leaves the upload phase. */
export async function openUploadedArchive(env: Env, id: number): Promise<AccountArchiveRow> {
  const row = await env.DB.prepare(`UPDATE account_archives SET phase = 'open' WHERE id = ?1 RETURNING *`)
    .bind(id)
    .first<AccountArchiveRow>();
  return row!;
}

/** A restore whose upload failed: its reservation goes, as if the request had not come. */
export async function dropArchiveUpload(env: Env, id: number): Promise<void> {
  await env.DB.prepare(`DELETE FROM account_archives WHERE id = ?1 AND phase = 'upload'`).bind(id).run();
}
