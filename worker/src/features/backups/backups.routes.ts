// Backup and restore of the whole instance, for the built-in administrator (the Configuration area):
// a backup is made by a Workflow and then downloaded as one zip; a restore uploads such a zip into an
// empty instance and a Workflow puts every row and object back. One runs at a time.
import { createRoute, z } from '@hono/zod-openapi';
import { idParam } from '@shared/schemas/common';
import { BACKUP_UPLOAD_MAX_BYTES, backupRun, backupRunList, type BackupRun } from '@shared/schemas/backups';
import type { Env } from '@worker/env';
import { ApiError } from '@worker/lib/api-error';
import { contentDisposition } from '@worker/lib/content-disposition';
import { bearer, errors, jsonContent } from '@worker/lib/openapi';
import { createRouter } from '@worker/lib/router';
import { storeZipBody, zipBodyLength } from '@worker/lib/zip-upload';
import { callerOf, requireBuiltinAdmin } from '@worker/middleware/auth';
import { backupStream } from './backups.download';
import type { BackupRow } from '@worker/db/raw-rows';
import { listBackups } from './backups.queries';
import { deleteBackupRow, dropUploadReservation, openUploadedRestore, reserveBackupRun } from './backups.service';
import { deleteBackupPieces, findBackup, instanceIsEmpty, markBackupFailed } from './backups.steps';

const common = { tags: ['Backups'], security: bearer, middleware: [requireBuiltinAdmin] };
/** Runs the list shows. */
const LIST_LIMIT = 20;

const toRun = (row: BackupRow): BackupRun => ({
  id: row.id,
  kind: row.kind as BackupRun['kind'],
  status: row.status as BackupRun['status'],
  phase: row.phase,
  entries: row.entries,
  restored: row.kind === 'restore' && row.phase !== 'open' ? row.table_index : 0,
  rows: row.rows,
  objects: row.objects,
  bytes: row.bytes,
  problem: row.problem,
  problemPart: row.problem_part,
  createdAt: row.created_at,
  finishedAt: row.finished_at,
});

async function loadRun(env: Env, id: number): Promise<BackupRow> {
  const row = await findBackup(env, id);
  if (!row) throw new ApiError('NOT_FOUND');
  return row;
}

/** Reserves the one run (backups.service.ts), or answers that another runs. */
async function reserveRun(env: Env, kind: 'backup' | 'restore', userId: number, fileKey: string | null): Promise<BackupRow> {
  const row = await reserveBackupRun(env, kind, userId, fileKey);
  if (!row) throw new ApiError('BACKUP_RUNNING');
  return row;
}

/** Starts the reserved run's Workflow; without one, the run ends now rather than keep every other run from starting. */
async function launchRun(env: Env, row: BackupRow): Promise<BackupRow> {
  const kind = row.kind as 'backup' | 'restore';
  try {
    await env.BACKUPS.create({ id: `${kind}-${row.id}-${crypto.randomUUID()}`, params: { backupId: row.id, kind } });
  } catch (err) {
    await markBackupFailed(env, row.id, 'step_failed');
    throw err;
  }
  return row;
}

const list = createRoute({
  ...common,
  method: 'get',
  path: '/config/backups',
  summary: 'Backups made and restores run, newest first',
  responses: { 200: jsonContent(backupRunList, 'The runs'), ...errors(401, 403) },
});

const start = createRoute({
  ...common,
  method: 'post',
  path: '/config/backups',
  summary: 'Make a backup of the whole instance (every table that matters and every stored file); it goes on in the background',
  responses: { 202: jsonContent(backupRun, 'Started'), ...errors(401, 403, 409) },
});

const one = createRoute({
  ...common,
  method: 'get',
  path: '/config/backups/{id}',
  summary: 'A backup or a restore, with its progress',
  request: { params: idParam },
  responses: { 200: jsonContent(backupRun, 'The run'), ...errors(401, 403, 404) },
});

const download = createRoute({
  ...common,
  method: 'get',
  path: '/config/backups/{id}/file',
  summary: 'A made backup as one zip: vitrine-backup.json (the manifest), tables/… (rows as JSON pages) and media/… (stored files)',
  request: { params: idParam },
  responses: {
    200: { description: 'The zip, as a download', content: { 'application/zip': { schema: z.any() } } },
    ...errors(401, 403, 404),
  },
});

const remove = createRoute({
  ...common,
  method: 'delete',
  path: '/config/backups/{id}',
  summary: 'Forget a backup or a restore that ended, and delete what it stored',
  request: { params: idParam },
  responses: { 204: { description: 'Deleted' }, ...errors(401, 403, 404, 409) },
});

const restore = createRoute({
  ...common,
  method: 'post',
  path: '/config/restores',
  summary:
    'Restore a backup (the zip as the body, at most 100 MB) into this instance, which must hold no collection and no account but the administrator; it goes on in the background',
  request: {
    body: { content: { 'application/zip': { schema: z.any().openapi({ type: 'string', format: 'binary' }) } } },
  },
  responses: { 202: jsonContent(backupRun, 'Started'), ...errors(400, 401, 403, 409, 413, 415) },
});

export const backupsRoutes = createRouter()
  .openapi(list, async (c) => {
    return c.json({ runs: (await listBackups(c.env, LIST_LIMIT)).map(toRun) }, 200);
  })
  .openapi(start, async (c) => {
    const row = await launchRun(c.env, await reserveRun(c.env, 'backup', callerOf(c).id, null));
    return c.json(toRun(row), 202);
  })
  .openapi(one, async (c) => c.json(toRun(await loadRun(c.env, c.req.valid('param').id)), 200))
  .openapi(download, async (c) => {
    const row = await loadRun(c.env, c.req.valid('param').id);
    if (row.kind !== 'backup' || row.status !== 'done') throw new ApiError('NOT_FOUND');
    const name = `vitrine-backup-${row.created_at.slice(0, 10)}-${row.id}.zip`;
    return new Response(backupStream(c.env, row.id, row.created_at), {
      status: 200,
      headers: {
        'Content-Type': 'application/zip',
        'Content-Disposition': contentDisposition('attachment', name),
        'Cache-Control': 'private, no-store',
      },
    });
  })
  .openapi(remove, async (c) => {
    const row = await loadRun(c.env, c.req.valid('param').id);
    if (row.status === 'running') throw new ApiError('BACKUP_RUNNING');
    await deleteBackupPieces(c.env, row);
    await deleteBackupRow(c.env, row.id);
    return c.body(null, 204);
  })
  .openapi(restore, async (c) => {
    const length = zipBodyLength(c.req.raw, BACKUP_UPLOAD_MAX_BYTES);
    const caller = callerOf(c);
    if (!(await instanceIsEmpty(c.env, caller.id))) throw new ApiError('INSTANCE_NOT_EMPTY');
    const fileKey = `restores/${crypto.randomUUID()}.zip`;
    const reserved = await reserveRun(c.env, 'restore', caller.id, fileKey);
    try {
      await storeZipBody(c.env.MEDIA, fileKey, c.req.raw, length);
    } catch (err) {
      // No file, no run: the reservation goes, as if the request had not come.
      await c.env.MEDIA.delete(fileKey);
      await dropUploadReservation(c.env, reserved.id);
      throw err;
    }
    const row = await openUploadedRestore(c.env, reserved.id);
    try {
      return c.json(toRun(await launchRun(c.env, row)), 202);
    } catch (err) {
      await c.env.MEDIA.delete(fileKey);
      throw err;
    }
  });
