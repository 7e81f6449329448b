// A person's backup of their own collections (the profile page) and its restore, both listed here.
// A backup is one export with pictures per collection, made one after the other by the export
// Workflow (features/exports), then downloaded for a day as one zip (account-archives.download.ts):
// vitrine-account.json (the manifest), then for each collection collections/<n>/collection.json (the
// owner's Vitrine export: properties and settings, items with their values, settings, dates and loans)
// and collections/<n>/pictures/. A restore takes such a zip back into an account: the zip is stored in
// R2 as it comes, and a Workflow (account-restore.workflow.ts) makes each of its collections again
// beside the caller's own. Its progress is read like a backup's.
import { createRoute, z } from '@hono/zod-openapi';
import { idParam } from '@shared/schemas/common';
import { ARCHIVE_UPLOAD_MAX_BYTES, accountArchive, accountArchiveList } from '@shared/schemas/account-archives';
import { ApiError } from '@worker/lib/api-error';
import { contentDisposition } from '@worker/lib/content-disposition';
import { bearer, errors, jsonContent } from '@worker/lib/openapi';
import { createRouter } from '@worker/lib/router';
import { storeZipBody, zipBodyLength } from '@worker/lib/zip-upload';
import { callerOf, requireUser } from '@worker/middleware/auth';
import { markExportFailed } from '../exports/exports.service';
import { backupParts, listOwnArchives, loadOwnArchive, toArchive } from './account-archives.queries';
import { dropArchiveUpload, openUploadedArchive, reserveAccountBackup, reserveAccountRestore } from './account-archives.service';
import { backupZip } from './account-archives.download';
import { markArchiveFailed } from './account-restore.steps';

const common = { tags: ['Account archives'], security: bearer, middleware: [requireUser] };
/** Archives the list shows: they are kept a day, and one runs at a time. */
const LIST_LIMIT = 5;

const list = createRoute({
  ...common,
  method: 'get',
  path: '/profile/archives',
  summary: "The caller's backups of their collections and restores of one, newest first (kept a day)",
  responses: { 200: jsonContent(accountArchiveList, 'The archives'), ...errors(401) },
});

const startBackup = createRoute({
  ...common,
  method: 'post',
  path: '/profile/backups',
  summary:
    "Back up all the caller's collections (properties, items, loans and pictures), made in the background, then downloaded as one zip for a day; one backup, restore or export with pictures at a time",
  responses: { 202: jsonContent(accountArchive, 'Started'), ...errors(401, 409) },
});

const one = createRoute({
  ...common,
  method: 'get',
  path: '/profile/archives/{id}',
  summary: 'A backup or a restore, with each collection and its progress',
  request: { params: idParam },
  responses: { 200: jsonContent(accountArchive, 'The archive'), ...errors(401, 404) },
});

const file = createRoute({
  ...common,
  method: 'get',
  path: '/profile/archives/{id}/file',
  summary:
    'A made backup as one zip: vitrine-account.json (the manifest: each collection with its document and pictures folder), then collections/<n>/collection.json and collections/<n>/pictures/…',
  request: { params: idParam },
  responses: {
    200: { description: 'The zip, as a download', content: { 'application/zip': { schema: z.any() } } },
    ...errors(401, 404),
  },
});

const startRestore = createRoute({
  ...common,
  method: 'post',
  path: '/profile/restores',
  summary:
    "Restore a backup of someone's collections (the zip as the body, at most 100 MB) into the caller's account: each collection is made again beside theirs; it goes on in the background",
  request: { body: { content: { 'application/zip': { schema: z.any().openapi({ type: 'string', format: 'binary' }) } } } },
  responses: { 202: jsonContent(accountArchive, 'Started'), ...errors(400, 401, 409, 413, 415) },
});

export const accountArchivesRoutes = createRouter()
  .openapi(list, async (c) => {
    const results = await listOwnArchives(c.env, callerOf(c).id, LIST_LIMIT);
    return c.json({ archives: await Promise.all(results.map((row) => toArchive(c.env, row))) }, 200);
  })
  .openapi(startBackup, async (c) => {
    const userId = callerOf(c).id;
    const reserved = await reserveAccountBackup(c.env, userId);
    if (!reserved) throw new ApiError('BACKUP_RUNNING');
    const { row, exportId } = reserved;
    if (exportId !== null) {
      try {
        await c.env.EXPORTS.create({ id: `export-${exportId}-${crypto.randomUUID()}`, params: { exportId } });
      } catch (err) {
        // No Workflow makes it: the backup ends now, rather than keep its owner from starting another.
        await markExportFailed(c.env, exportId);
        throw err;
      }
    }
    return c.json(await toArchive(c.env, await loadOwnArchive(c.env, userId, row.id)), 202);
  })
  .openapi(one, async (c) => c.json(await toArchive(c.env, await loadOwnArchive(c.env, callerOf(c).id, c.req.valid('param').id)), 200))
  .openapi(file, async (c) => {
    const row = await loadOwnArchive(c.env, callerOf(c).id, c.req.valid('param').id);
    if (row.kind !== 'backup' || row.status !== 'done') throw new ApiError('NOT_FOUND');
    const parts = await backupParts(c.env, row.id);
    if (parts.some((part) => part.status !== 'done')) throw new ApiError('NOT_FOUND');
    return new Response(backupZip(c.env, row, parts), {
      status: 200,
      headers: {
        'Content-Type': 'application/zip',
        'Content-Disposition': contentDisposition('attachment', `vitrine-collections-${row.created_at.slice(0, 10)}-${row.id}.zip`),
        'Cache-Control': 'private, no-store',
      },
    });
  })
  .openapi(startRestore, async (c) => {
    const length = zipBodyLength(c.req.raw, ARCHIVE_UPLOAD_MAX_BYTES);
    const userId = callerOf(c).id;
    const fileKey = `restores/account-${userId}-${crypto.randomUUID()}.zip`;
    // Reserved before the upload, so that nothing else of the caller's starts while the file comes.
    const reserved = await reserveAccountRestore(c.env, userId, fileKey);
    if (!reserved) throw new ApiError('BACKUP_RUNNING');
    try {
      await storeZipBody(c.env.MEDIA, fileKey, c.req.raw, length);
    } catch (err) {
      // No file, no run: the reservation goes, as if the request had not come.
      await c.env.MEDIA.delete(fileKey);
      await dropArchiveUpload(c.env, reserved.id);
      throw err;
    }
    const row = await openUploadedArchive(c.env, reserved.id);
    try {
      await c.env.ACCOUNT_RESTORES.create({ id: `account-restore-${row.id}-${crypto.randomUUID()}`, params: { archiveId: row.id } });
    } catch (err) {
      // No Workflow restores it: the run ends now, rather than keep its owner from starting another.
      await markArchiveFailed(c.env, row.id, 'step_failed');
      await c.env.MEDIA.delete(fileKey);
      throw err;
    }
    return c.json(await toArchive(c.env, row), 202);
  });
