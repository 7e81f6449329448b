// A restore of someone's backup of their collections (features/exports/account-backups.routes.ts) into
// the caller's account: the zip is stored in R2 as it comes, and a Workflow (account-restore.workflow.ts)
// makes each of its collections again beside the caller's own. Its progress is read like a backup's.
import { createRoute, z } from '@hono/zod-openapi';
import { ARCHIVE_UPLOAD_MAX_BYTES, accountArchive } from '@shared/schemas/account-archives';
import { ApiError } from '@worker/lib/api-error';
import { bearer, errors, jsonContent } from '@worker/lib/openapi';
import { createRouter } from '@worker/lib/router';
import { callerOf, requireUser } from '@worker/middleware/auth';
import { storeZipBody, zipBodyLength } from '@worker/lib/zip-upload';
import { toArchive } from '../exports/account-archives.queries';
import { dropArchiveUpload, openUploadedArchive, reserveAccountRestore } from '../exports/account-archives.service';
import { markArchiveFailed } from './account-restore.steps';

const common = { tags: ['Account archives'], security: bearer, middleware: [requireUser] };

const startRestore = createRoute({
  ...common,
  method: 'post',
  path: '/profile/restores',
  summary:
    "Restore a backup of someone's collections (the zip as the body, at most 100 MB) into the caller's account: each collection is made again beside theirs; it goes on in the background",
  request: { body: { content: { 'application/zip': { schema: z.any().openapi({ type: 'string', format: 'binary' }) } } } },
  responses: { 202: jsonContent(accountArchive, 'Started'), ...errors(400, 401, 409, 413, 415) },
});

export const accountRestoresRoutes = createRouter().openapi(startRestore, async (c) => {
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
