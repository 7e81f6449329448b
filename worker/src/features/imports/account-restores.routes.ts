// A restore of someone's backup of their collections (features/exports/account-backups.routes.ts) into
// the caller's account: the zip is stored in R2 as it comes, and a Workflow (account-restore.workflow.ts)
// makes each of its collections again beside the caller's own. Its progress is read like a backup's.
import { createRoute, z } from '@hono/zod-openapi';
import { ARCHIVE_UPLOAD_MAX_BYTES, accountArchive } from '@shared/schemas/account-archives';
import type { AccountArchiveRow } from '@worker/db/raw-rows';
import { ApiError } from '@worker/lib/api-error';
import { bearer, errors, jsonContent } from '@worker/lib/openapi';
import { createRouter } from '@worker/lib/router';
import { callerOf, requireUser } from '@worker/middleware/auth';
import { storeZipBody, zipBodyLength } from '@worker/lib/zip-upload';
import { NOTHING_RUNNING, toArchive } from '../exports/account-archives.queries';
import { markArchiveFailed } from './account-restore.steps';
import { NOW_SQL } from '@worker/db/now';

/** How long an upload may take before its reserved run counts as abandoned (the request died). */
const UPLOAD_HOURS = 1;

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
  // The run is reserved before the upload, by one conditional insert (the unique index on the running
  // state holds it too): of simultaneous requests exactly one wins, and no backup or export with
  // pictures starts while the file comes. One whose request died during its upload is given up first.
  const [, inserted] = await c.env.DB.batch([
    c.env.DB.prepare(
      `UPDATE account_archives SET status = 'failed', problem = 'step_failed', finished_at = ${NOW_SQL}
       WHERE user_id = ?1 AND status = 'running' AND phase = 'upload' AND created_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-${UPLOAD_HOURS} hours')`,
    ).bind(userId),
    c.env.DB.prepare(
      `INSERT INTO account_archives (user_id, kind, phase, file_key) SELECT ?1, 'restore', 'upload', ?2 WHERE ${NOTHING_RUNNING} RETURNING *`,
    ).bind(userId, fileKey),
  ]);
  const reserved = inserted!.results[0] as AccountArchiveRow | undefined;
  if (!reserved) throw new ApiError('BACKUP_RUNNING');
  try {
    await storeZipBody(c.env.MEDIA, fileKey, c.req.raw, length);
  } catch (err) {
    // No file, no run: the reservation goes, as if the request had not come.
    await c.env.MEDIA.delete(fileKey);
    await c.env.DB.prepare(`DELETE FROM account_archives WHERE id = ?1 AND phase = 'upload'`).bind(reserved.id).run();
    throw err;
  }
  const row = (await c.env.DB.prepare(`UPDATE account_archives SET phase = 'open' WHERE id = ?1 RETURNING *`)
    .bind(reserved.id)
    .first<AccountArchiveRow>())!;
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
