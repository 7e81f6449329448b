// A person's backup of their own collections (the profile page): one export with pictures per
// collection, made one after the other by the export Workflow (exports.workflow.ts), then downloaded
// for a day as one zip: vitrine-account.json (the manifest), then for each collection
// collections/<n>/collection.json (the owner's Vitrine export: properties and settings, items with
// their values, settings, dates and loans) and collections/<n>/pictures/. A restore takes such a zip
// back into an account (features/imports/account-restores.routes.ts); both are listed here.
import { createRoute, z } from '@hono/zod-openapi';
import { idParam } from '@shared/schemas/common';
import {
  ACCOUNT_ARCHIVE_FORMAT,
  ACCOUNT_ARCHIVE_VERSION,
  ACCOUNT_MANIFEST_NAME,
  accountArchive,
  accountArchiveList,
  type AccountManifest,
} from '@shared/schemas/account-archives';
import type { AccountArchiveRow } from '@worker/db/raw-rows';
import type { Env } from '@worker/env';
import { ApiError } from '@worker/lib/api-error';
import { contentDisposition } from '@worker/lib/content-disposition';
import { bearer, errors, jsonContent } from '@worker/lib/openapi';
import { createRouter } from '@worker/lib/router';
import { crc32, KnownEntry, zipStream } from '@worker/lib/zip-entry';
import { callerOf, requireUser } from '@worker/middleware/auth';
import { backupParts, listOwnArchives, loadOwnArchive, toArchive, type BackupPart } from './account-archives.queries';
import { reserveAccountBackup } from './account-archives.service';
import { ExportEntries } from './exports.download';
import { markExportFailed } from './exports.steps';

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

/** The download's zip: the manifest, then each collection's export in its own folder. */
function backupZip(env: Env, row: AccountArchiveRow, parts: BackupPart[]): ReadableStream<Uint8Array> {
  const folder = (index: number) => `collections/${index + 1}/`;
  const manifest: AccountManifest = {
    format: ACCOUNT_ARCHIVE_FORMAT,
    version: ACCOUNT_ARCHIVE_VERSION,
    createdAt: row.created_at,
    collections: parts.map((part, index) => ({
      name: part.name ?? '',
      document: `${folder(index)}collection.json`,
      pictures: `${folder(index)}pictures/`,
      itemCount: part.items,
      pictureCount: part.pictures,
    })),
  };
  const bytes = new TextEncoder().encode(JSON.stringify(manifest, null, 2));
  let index = -1;
  let current: ExportEntries | null = null;
  return zipStream(async (zip) => {
    if (index < 0) {
      const entry = new KnownEntry(ACCOUNT_MANIFEST_NAME, bytes.length, crc32(bytes), Date.parse(row.created_at), null);
      zip.add(entry);
      entry.push(bytes, true);
      index = 0;
      return 'more';
    }
    while (index < parts.length) {
      current ??= new ExportEntries(env, parts[index]!, `${folder(index)}collection.json`, `${folder(index)}pictures/`);
      if ((await current.next(zip)) === 'more') return 'more';
      current = null;
      index += 1;
    }
    return 'done';
  });
}

export const accountBackupsRoutes = createRouter()
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
  });
