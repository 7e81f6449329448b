// A restore of someone's backup of their collections (features/exports/account-backups.routes.ts) into
// the caller's account: the zip is stored in R2 as it comes, and a Workflow (account-restore.workflow.ts)
// makes each of its collections again beside the caller's own. Its progress is read like a backup's.
import { createRoute, z } from '@hono/zod-openapi';
import { ARCHIVE_UPLOAD_MAX_BYTES, accountArchive } from '../../../../shared/schemas/account-archives';
import type { AccountArchiveRow } from '../../db/raw-rows';
import { ApiError } from '../../lib/api-error';
import { bearer, errors, jsonContent } from '../../lib/openapi';
import { createRouter } from '../../lib/router';
import { callerOf, requireUser } from '../../middleware/auth';
import { NOTHING_RUNNING, toArchive } from '../exports/account-archives.queries';

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
    const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/zip' && type !== 'application/octet-stream') throw new ApiError('UNSUPPORTED_MEDIA_TYPE');
    const length = Number(c.req.header('content-length'));
    if (!Number.isSafeInteger(length) || length <= 0) throw new ApiError('VALIDATION_FAILED');
    if (length > ARCHIVE_UPLOAD_MAX_BYTES) throw new ApiError('PAYLOAD_TOO_LARGE');
    const userId = callerOf(c).id;
    const running = await c.env.DB.prepare(`SELECT NOT (${NOTHING_RUNNING}) AS busy`).bind(userId).first<{ busy: number }>();
    if (running?.busy) throw new ApiError('BACKUP_RUNNING');
    const body = c.req.raw.body;
    if (!body) throw new ApiError('VALIDATION_FAILED');
    const fileKey = `restores/account-${userId}-${crypto.randomUUID()}.zip`;
    // R2 takes a stream whose length it knows: the declared one, which the stream must then match.
    const sized = new FixedLengthStream(length);
    const [stored] = await Promise.all([c.env.MEDIA.put(fileKey, sized.readable), body.pipeTo(sized.writable)]).catch(() => {
      throw new ApiError('VALIDATION_FAILED');
    });
    if (!stored) throw new ApiError('VALIDATION_FAILED');
    const row = await c.env.DB.prepare(
      `INSERT INTO account_archives (user_id, kind, phase, file_key) SELECT ?1, 'restore', 'open', ?2 WHERE ${NOTHING_RUNNING} RETURNING *`,
    )
      .bind(userId, fileKey)
      .first<AccountArchiveRow>();
    if (!row) {
      await c.env.MEDIA.delete(fileKey);
      throw new ApiError('BACKUP_RUNNING');
    }
    try {
      await c.env.ACCOUNT_RESTORES.create({ id: `account-restore-${row.id}-${crypto.randomUUID()}`, params: { archiveId: row.id } });
    } catch (err) {
      await c.env.DB.prepare(`UPDATE account_archives SET status = 'failed', problem = 'step_failed' WHERE id = ?1`).bind(row.id).run();
      await c.env.MEDIA.delete(fileKey);
      throw err;
    }
    return c.json(await toArchive(c.env, row), 202);
  });
