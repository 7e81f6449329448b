// A person's backups of their collections and restores of one, as the API shows them (the profile page):
// read by their routes (account-archives.routes.ts), and what runs tells exports a backup or a restore is going on.
import { API_PREFIX } from '@shared/constants';
import type { AccountArchive, ArchiveProblem, ArchivedCollection } from '@shared/schemas/account-archives';
import type { ImportStatus } from '@shared/schemas/imports';
import type { AccountArchiveRow, ExportRunRow } from '@worker/db/raw-rows';
import type { Env } from '@worker/env';
import { ApiError } from '@worker/lib/api-error';

export interface BackupPart extends ExportRunRow {
  name: string | null;
  total: number | null;
}

/** A backup's exports, in order, with their collection's name and count of items. */
export async function backupParts(env: Env, id: number): Promise<BackupPart[]> {
  const { results } = await env.DB.prepare(
    `SELECT e.*, c.name AS name, c.count_owner AS total FROM collection_exports e LEFT JOIN collections c ON c.id = e.collection_id
     WHERE e.archive_id = ?1 ORDER BY e.id`,
  )
    .bind(id)
    .all<BackupPart>();
  return results;
}

interface RestorePart {
  name: string;
  collection_id: number | null;
  import_id: number | null;
  status: ImportStatus | null;
  total: number | null;
  processed: number | null;
  failed: number | null;
  left_out: number | null;
}

/** A restore's collections, in the manifest's order, with their imports' progress. */
async function restoreParts(env: Env, id: number): Promise<ArchivedCollection[]> {
  const { results } = await env.DB.prepare(
    `SELECT coalesce(c.name, e.name) AS name, e.collection_id, e.import_id, i.status, i.total, i.processed, i.failed,
       (SELECT count(*) FROM import_steps s, json_each(s.problems) p WHERE s.import_id = e.import_id AND p.value ->> 'outcome' = 'kept') AS left_out
     FROM account_restore_entries e LEFT JOIN collections c ON c.id = e.collection_id LEFT JOIN imports i ON i.id = e.import_id
     WHERE e.archive_id = ?1 AND e.kind = 'document' ORDER BY e.folder`,
  )
    .bind(id)
    .all<RestorePart>();
  return results.map((r) => ({
    name: r.name,
    collectionId: r.collection_id,
    importId: r.import_id,
    importStatus: r.status,
    total: r.total ?? 0,
    processed: r.processed ?? 0,
    failed: r.failed ?? 0,
    leftOut: r.left_out ?? 0,
    items: 0,
    pictures: 0,
  }));
}

export async function toArchive(env: Env, row: AccountArchiveRow): Promise<AccountArchive> {
  let collections: ArchivedCollection[];
  let restored = row.restored;
  if (row.kind === 'backup') {
    const parts = await backupParts(env, row.id);
    // A backup's progress: the collections exported so far.
    restored = parts.filter((part) => part.status === 'done').length;
    collections = parts.map((part) => ({
      name: part.name ?? '',
      collectionId: part.collection_id,
      importId: null,
      importStatus: null,
      total: Math.max(part.total ?? 0, part.items),
      processed: part.items,
      failed: 0,
      leftOut: 0,
      items: part.items,
      pictures: part.pictures,
    }));
  } else {
    collections = await restoreParts(env, row.id);
  }
  return {
    id: row.id,
    kind: row.kind as AccountArchive['kind'],
    status: row.status as AccountArchive['status'],
    phase: row.phase,
    total: row.collections,
    restored,
    collections,
    problem: row.problem as ArchiveProblem | null,
    problemPart: row.problem_part,
    file: row.kind === 'backup' && row.status === 'done' ? `${API_PREFIX}/profile/archives/${row.id}/file` : null,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

/** The caller's archive, or NOT_FOUND. */
export async function loadOwnArchive(env: Env, userId: number, id: number): Promise<AccountArchiveRow> {
  const row = await env.DB.prepare('SELECT * FROM account_archives WHERE id = ?1 AND user_id = ?2')
    .bind(id, userId)
    .first<AccountArchiveRow>();
  if (!row) throw new ApiError('NOT_FOUND');
  return row;
}

/** Nothing of the caller's is being backed up, restored or exported with pictures. */
export const NOTHING_RUNNING = `NOT EXISTS (SELECT 1 FROM account_archives WHERE user_id = ?1 AND status = 'running')
  AND NOT EXISTS (SELECT 1 FROM collection_exports WHERE user_id = ?1 AND status = 'running')`;

/** The caller's newest archives, as many as `limit`. */
export async function listOwnArchives(env: Env, userId: number, limit: number): Promise<AccountArchiveRow[]> {
  const { results } = await env.DB.prepare('SELECT * FROM account_archives WHERE user_id = ?1 ORDER BY id DESC LIMIT ?2')
    .bind(userId, limit)
    .all<AccountArchiveRow>();
  return results;
}

/** Whether a backup or restore of the caller's runs (what keeps an export with pictures from starting). */
export async function archiveRunning(env: Env, userId: number): Promise<boolean> {
  const row = await env.DB.prepare(`SELECT 1 FROM account_archives WHERE user_id = ?1 AND status = 'running'`).bind(userId).first();
  return row !== null;
}
