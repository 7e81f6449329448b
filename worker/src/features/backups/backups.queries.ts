// Reads of the instance's backup and restore runs.
import type { BackupRow } from '@worker/db/raw-rows';
import type { Env } from '@worker/env';

/** The newest runs, as many as `limit`. */
export async function listBackups(env: Env, limit: number): Promise<BackupRow[]> {
  const { results } = await env.DB.prepare('SELECT * FROM backups ORDER BY id DESC LIMIT ?1').bind(limit).all<BackupRow>();
  return results;
}
