// A collection as a file: Vitrine's versioned JSON (shared/import/vitrine.ts, which imports back into an
// identical collection) or CSV, one column per property. The export holds what its caller may see: the
// owner everything, others the items and properties they browse. It is streamed a page of items at
// a time, so a collection of any size leaves in requests of a page's cost each. The owner or a co-owner may
// also have it made with its pictures (a Workflow, exports.workflow.ts), each their own export, and
// download that as one zip for a day.
import { createRoute, z } from '@hono/zod-openapi';
import type { Env } from '@worker/env';
import { ApiError } from '@worker/lib/api-error';
import { contentDisposition } from '@worker/lib/content-disposition';
import { exportRun, exportRunList, type ExportRun } from '@shared/schemas/exports';
import { API_PREFIX, MEDIA_SCHEME } from '@shared/constants';
import { csvText, type CsvCell } from '@shared/csv';
import { bearer, errors, jsonContent } from '@worker/lib/openapi';
import { createRouter } from '@worker/lib/router';
import { callerOf, optionalUser, requireUser } from '@worker/middleware/auth';
import { requireCollectionRole, requireVisibleCollection } from '../collections/collections.queries';
import { archiveRunning } from '../account-archives/account-archives.queries';
import { listOwnExports } from './exports.queries';
import { reserveExport } from './exports.service';
import { exportZipStream } from './exports.download';
import type { ExportRunRow } from '@worker/db/raw-rows';
import { loadExportRun, markExportFailed } from './exports.steps';
import { valuesOf } from '../items/items.queries';
import { listPropertyRows, visibleProperties } from '../properties/properties.queries';
import { instanceIdentity } from '../settings/settings.service';
import { DOCUMENT_TAIL, documentHead, itemPage, itemsText, lastOf, type ExportRow } from './export-document';

const EXPORT_FORMATS = ['json', 'csv'] as const;
type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** Between the values of a multiple property in a CSV cell. */
const CSV_VALUES_SEPARATOR = '; ';

const exportRoute = createRoute({
  method: 'get',
  path: '/collections/{id}/export',
  tags: ['Exports'],
  summary:
    'The collection as a file: `format=json` (Vitrine export, version 1: collection, properties, then items with their values by property key and, for the owner, their loans) or `format=csv`. Holds what the caller browses (a viewer: levels 0–2; an editor or a co-owner: 0–3); the owner’s holds everything, level 4 included',
  middleware: [optionalUser],
  request: {
    params: z.object({ id: z.coerce.number().int().positive() }),
    query: z.object({ format: z.enum(EXPORT_FORMATS).default('json') }),
  },
  responses: {
    200: {
      description: 'The file, as a download',
      content: { 'application/json': { schema: z.any() }, 'text/csv': { schema: z.string() } },
    },
    ...errors(400, 401, 404),
  },
});

const withPictures = { tags: ['Exports'], security: bearer, middleware: [requireUser] };
/** Exports with pictures a list shows: they are kept a day, and one runs at a time. */
const LIST_LIMIT = 5;
const runParams = z.object({ id: z.coerce.number().int().positive(), eid: z.coerce.number().int().positive() });

const startZip = createRoute({
  ...withPictures,
  method: 'post',
  path: '/collections/{id}/exports',
  summary:
    'The owner or a co-owner: have the collection exported with its pictures (what the JSON export holds for them), made in the background, then downloaded as one zip (the Vitrine JSON and pictures/…) for a day; one at a time per user, and none while a backup or a restore of their collections runs',
  request: { params: z.object({ id: z.coerce.number().int().positive() }) },
  responses: { 202: jsonContent(exportRun, 'Started'), ...errors(401, 403, 404, 409) },
});

const listZips = createRoute({
  ...withPictures,
  method: 'get',
  path: '/collections/{id}/exports',
  summary: "The caller's exports with pictures of this collection still kept (a day), newest first",
  request: { params: z.object({ id: z.coerce.number().int().positive() }) },
  responses: { 200: jsonContent(exportRunList, 'The exports'), ...errors(401, 403, 404) },
});

const oneZip = createRoute({
  ...withPictures,
  method: 'get',
  path: '/collections/{id}/exports/{eid}',
  summary: 'An export with pictures, with its progress',
  request: { params: runParams },
  responses: { 200: jsonContent(exportRun, 'The export'), ...errors(401, 403, 404) },
});

const zipFile = createRoute({
  ...withPictures,
  method: 'get',
  path: '/collections/{id}/exports/{eid}/file',
  summary: 'A made export as one zip: the Vitrine JSON, then pictures/… (each picture the values name); it imports back with its pictures',
  request: { params: runParams },
  responses: {
    200: { description: 'The zip, as a download', content: { 'application/zip': { schema: z.any() } } },
    ...errors(401, 403, 404),
  },
});

/** The export as the API shows it; `total` is the collection's count of items. */
function toExportRun(row: ExportRunRow, total: number): ExportRun {
  return {
    id: row.id,
    collectionId: row.collection_id ?? 0,
    status: row.status as ExportRun['status'],
    phase: row.phase as ExportRun['phase'],
    items: row.items,
    total: Math.max(total, row.items),
    pictures: row.pictures,
    bytes: row.bytes,
    file: row.status === 'done' ? `${API_PREFIX}/collections/${row.collection_id}/exports/${row.id}/file` : null,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

/** The caller's export of this collection, or NOT_FOUND. */
async function loadOwnRun(env: Env, collectionId: number, userId: number, id: number): Promise<ExportRunRow> {
  const row = await loadExportRun(env, id);
  if (!row || row.collection_id !== collectionId || row.user_id !== userId) throw new ApiError('NOT_FOUND');
  return row;
}

/**
 * A value as a CSV cell: several values joined, a JSON value as JSON, a number or yes/no as itself, a
 * stored file as its address on the instance (a spreadsheet opens it; media:// means nothing there).
 */
function cell(value: unknown, mediaBase: string): CsvCell {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map((one) => cell(one, mediaBase)).join(CSV_VALUES_SEPARATOR);
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string' && value.startsWith(MEDIA_SCHEME))
    return new URL(`/media/${value.slice(MEDIA_SCHEME.length)}`, mediaBase).href;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The file's pieces, a page at a time: its beginning, each page of items, its end. */
function exportStream(
  pieces: (after: number) => Promise<{ text: string; last: number | null }>,
  head: string,
  tail: string,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after = 0;
  let started = false;
  return new ReadableStream({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(head));
        return;
      }
      const { text, last } = await pieces(after);
      if (text) controller.enqueue(encoder.encode(text));
      if (last === null) {
        controller.enqueue(encoder.encode(tail));
        controller.close();
        return;
      }
      after = last;
    },
  });
}

/** A download's name: the collection's, without what file systems refuse. */
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_FILE_NAMES = /[\\/:*?"<>|\u0000-\u001f]/g;
const fileName = (name: string, format: ExportFormat) => `${name.replace(UNSAFE_IN_FILE_NAMES, '_').trim() || 'collection'}.${format}`;

export const exportsRoutes = createRouter()
  .openapi(startZip, async (c) => {
    const found = await requireCollectionRole(c.get('db'), callerOf(c), c.req.valid('param').id, 'co_owner');
    const caller = callerOf(c);
    const row = await reserveExport(c.env, caller.id, found.collection.id);
    if (!row) throw new ApiError((await archiveRunning(c.env, caller.id)) ? 'BACKUP_RUNNING' : 'EXPORT_RUNNING');
    try {
      await c.env.EXPORTS.create({ id: `export-${row.id}-${crypto.randomUUID()}`, params: { exportId: row.id } });
    } catch (err) {
      // No Workflow runs it: the run ends now, rather than keep its owner from starting another.
      await markExportFailed(c.env, row.id);
      throw err;
    }
    return c.json(toExportRun(row, found.collection.countOwner), 202);
  })
  .openapi(listZips, async (c) => {
    const { id } = c.req.valid('param');
    const found = await requireCollectionRole(c.get('db'), callerOf(c), id, 'co_owner');
    const results = await listOwnExports(c.env, id, callerOf(c).id, LIST_LIMIT);
    return c.json({ runs: results.map((row) => toExportRun(row, found.collection.countOwner)) }, 200);
  })
  .openapi(oneZip, async (c) => {
    const { id, eid } = c.req.valid('param');
    const found = await requireCollectionRole(c.get('db'), callerOf(c), id, 'co_owner');
    return c.json(toExportRun(await loadOwnRun(c.env, id, callerOf(c).id, eid), found.collection.countOwner), 200);
  })
  .openapi(zipFile, async (c) => {
    const { id, eid } = c.req.valid('param');
    const found = await requireCollectionRole(c.get('db'), callerOf(c), id, 'co_owner');
    const row = await loadOwnRun(c.env, id, callerOf(c).id, eid);
    if (row.status !== 'done') throw new ApiError('NOT_FOUND');
    const base = fileName(found.collection.name, 'json').slice(0, -'.json'.length);
    return new Response(exportZipStream(c.env, row, `${base}.json`), {
      status: 200,
      headers: {
        'Content-Type': 'application/zip',
        'Content-Disposition': contentDisposition('attachment', `${base}.zip`),
        'Cache-Control': 'private, no-store',
      },
    });
  })
  .openapi(exportRoute, async (c) => {
    const db = c.get('db');
    const found = await requireVisibleCollection(db, c.get('caller'), c.req.valid('param').id);
    // The whole collection (level 4, loans and settings) is the owner's alone: editors and co-owners
    // browse at the owner's level except level 4, and their export holds what they browse.
    const owner = found.role === 'owner';
    if (found.collection.visibility === 4 && !owner) throw new ApiError('NOT_FOUND');
    const { format } = c.req.valid('query');
    const props = visibleProperties(await listPropertyRows(db, found.collection.id), found.level, owner);
    const d1 = c.get('d1');
    const collection = found.collection;
    const rows = (after: number): Promise<ExportRow[]> => itemPage(d1, collection.id, found.level, owner, after);
    let stream: ReadableStream<Uint8Array>;
    if (format === 'json') {
      let first = true;
      stream = exportStream(
        async (after) => {
          const page = await rows(after);
          const text = await itemsText(d1, page, props, owner, first);
          first &&= page.length === 0;
          return { text, last: lastOf(page) };
        },
        documentHead(
          {
            ...collection,
            owner: owner
              ? {
                  settings: {
                    visibility: collection.visibility,
                    borrowable: collection.borrowable,
                    loanPeriodDays: collection.loanPeriodDays,
                    reminderDays: collection.reminderDays,
                    offerDays: collection.offerDays,
                  },
                  image: collection.image,
                }
              : null,
          },
          props,
          new Date().toISOString(),
        ),
        DOCUMENT_TAIL,
      );
    } else {
      // The instance's public address, else the one the request came to.
      const mediaBase = (await instanceIdentity(c.env)).baseUrl ?? new URL(c.req.url).origin;
      stream = exportStream(
        async (after) => {
          const page = await rows(after);
          const data = page.map((row) => {
            const values = valuesOf(row, props);
            return props.map((p) => cell(values[p.key], mediaBase));
          });
          return { text: csvText(data), last: lastOf(page) };
        },
        // A byte order mark, so spreadsheets read the file as UTF-8.
        `\ufeff${csvText([props.map((p) => p.label)])}`,
        '',
      );
    }
    return new Response(stream, {
      status: 200,
      headers: {
        'Content-Type': format === 'json' ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8',
        'Content-Disposition': contentDisposition('attachment', fileName(collection.name, format)),
        'Cache-Control': 'private, no-store',
      },
    });
  });
