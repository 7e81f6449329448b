// The writes of a backup or restore run's row: its reservation, its upload's outcome, its removal.
import { NOW_SQL } from '@worker/db/now';
import type { BackupRow } from '@worker/db/raw-rows';
import type { Env } from '@worker/env';

/** How long a restore's upload may take before its reserved run counts as abandoned (the request died). */
const UPLOAD_HOURS = 1;

/**
 * Reserves the one run: a single conditional insert, so of simultaneous requests exactly one wins (the
 * unique index on the running state holds it too); null when another runs. A restore's run is reserved
 * before its upload (phase `upload`), so that no second run can start while the file comes; one whose
 * request died during the upload is given up first, in the same batch.
 */
export async function reserveBackupRun(
  env: Env,
  kind: 'backup' | 'restore',
  userId: number,
  fileKey: string | null,
): Promise<BackupRow | null> {
  const [, inserted] = await env.DB.batch([
    env.DB.prepare(
      `UPDATE backups SET status = 'failed', problem = 'step_failed', finished_at = ${NOW_SQL}
       WHERE status = 'running' AND phase = 'upload' AND created_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-${UPLOAD_HOURS} hours')`,
    ),
    env.DB.prepare(
      `INSERT INTO backups (kind, user_id, phase, file_key)
       SELECT ?1, ?2, ?3, ?4 WHERE NOT EXISTS (SELECT 1 FROM backups WHERE status = 'running')
       RETURNING *`,
    ).bind(kind, userId, kind === 'backup' ? 'tables' : 'upload', fileKey),
  ]);
  return (inserted!.results[0] as BackupRow | undefined) ?? null;
}

/** A restore's file has come: its run leaves the upload phase. */
export async function openUploadedRestore(env: Env, id: number): Promise<BackupRow> {
  const row = await env.DB.prepare(`UPDATE backups SET phase = 'open' WHERE id = ?1 RETURNING *`).bind(id).first<BackupRow>();
  return row!;
}

/** A restore whose upload failed: its reservation goes, as if the request had not come. */
export async function dropUploadReservation(env: Env, id: number): Promise<void> {
  await env.DB.prepare(`DELETE FROM backups WHERE id = ?1 AND phase = 'upload'`).bind(id).run();
}

/** Removes a finished run's row (its pieces in R2 are deleted first, by the caller). */
export async function deleteBackupRow(env: Env, id: number): Promise<void> {
  await env.DB.prepare('DELETE FROM backups WHERE id = ?1').bind(id).run();
}
