// A collection's scheduled import sources (the owner's): fetching a source's document for the browser to
// set an import up from it (the same screen as a file), then listing the sources, changing how often one
// runs, running one now, and removing it. A source is created with its first run (imports.routes.ts).
import { createRoute, z } from '@hono/zod-openapi';
import {
  scheduledImportList,
  scheduledImportSpec,
  scheduledImportUpdate,
  scheduledImport,
  type ScheduledImport,
} from '@shared/schemas/scheduled-imports';
import { importRun, type ImportRun } from '@shared/schemas/imports';
import { ImportFileError } from '@shared/import/errors';
import { ApiError } from '@worker/lib/api-error';
import { contentDisposition } from '@worker/lib/content-disposition';
import { bearer, errors, jsonContent } from '@worker/lib/openapi';
import { createRouter } from '@worker/lib/router';
import { translate } from '@worker/i18n/messages';
import { callerOf, requireUser } from '@worker/middleware/auth';
import { requireCollectionRole } from '../collections/collections.queries';
import { loadRun, toRun } from './imports.queries';
import { listScheduledImports } from './scheduled-imports.queries';
import {
  deleteScheduledImport,
  fetchSourceDocument,
  newSourceRun,
  rescheduleSource,
  sourceFileName,
  startRun,
  type SourceRow,
} from './scheduled-imports.service';

const tags = ['Imports'];
const collectionParam = z.object({ id: z.coerce.number().int().positive() });
const sourceParam = z.object({ id: z.coerce.number().int().positive(), sid: z.coerce.number().int().positive() });

const fetchDocument = createRoute({
  method: 'post',
  path: '/collections/{id}/scheduled-imports/fetch',
  tags,
  security: bearer,
  summary:
    "Fetch a source's document (a file at an address, a BoardGameGeek user's collection, a Goodreads shelf's feed) through the guarded fetch, for the import screen to read and map like a file",
  middleware: [requireUser],
  request: { params: collectionParam, body: { content: { 'application/json': { schema: scheduledImportSpec } }, required: true } },
  responses: {
    200: { description: 'The document as the source gave it', content: { 'application/octet-stream': { schema: z.any() } } },
    ...errors(400, 401, 403, 404, 409),
  },
});

const list = createRoute({
  method: 'get',
  path: '/collections/{id}/scheduled-imports',
  tags,
  security: bearer,
  summary: "The collection's scheduled import sources, each with its newest run (the owner only)",
  middleware: [requireUser],
  request: { params: collectionParam },
  responses: { 200: jsonContent(scheduledImportList, 'Sources'), ...errors(401, 403, 404) },
});

const update = createRoute({
  method: 'patch',
  path: '/collections/{id}/scheduled-imports/{sid}',
  tags,
  security: bearer,
  summary: 'Change how often a source runs',
  middleware: [requireUser],
  request: { params: sourceParam, body: { content: { 'application/json': { schema: scheduledImportUpdate } }, required: true } },
  responses: { 200: jsonContent(scheduledImport, 'Source'), ...errors(400, 401, 403, 404) },
});

const remove = createRoute({
  method: 'delete',
  path: '/collections/{id}/scheduled-imports/{sid}',
  tags,
  security: bearer,
  summary: 'Stop re-running a source (its past runs and what they imported stay)',
  middleware: [requireUser],
  request: { params: sourceParam },
  responses: { 204: { description: 'Removed' }, ...errors(401, 403, 404) },
});

const runNow = createRoute({
  method: 'post',
  path: '/collections/{id}/scheduled-imports/{sid}/run',
  tags,
  security: bearer,
  summary: 'Run a source now (unless a run of it is still going on: that one is answered)',
  middleware: [requireUser],
  request: { params: sourceParam },
  responses: { 202: jsonContent(importRun, 'The run'), ...errors(401, 403, 404) },
});

function toSource(row: SourceRow, lastRun: ImportRun | null): ScheduledImport {
  return {
    id: row.id,
    collectionId: row.collection_id,
    kind: row.kind,
    address: row.address,
    shelf: row.shelf,
    schedule: row.schedule,
    nextRunAt: row.next_run_at,
    failures: row.failures,
    lastRun,
    createdAt: row.created_at,
  };
}

export const scheduledImportsRoutes = createRouter()
  .openapi(fetchDocument, async (c) => {
    await requireCollectionRole(c.get('db'), callerOf(c), c.req.valid('param').id, 'co_owner');
    const spec = c.req.valid('json');
    let bytes: Uint8Array;
    try {
      bytes = await fetchSourceDocument(c.env, spec);
    } catch (err) {
      if (!(err instanceof ImportFileError)) throw err;
      if (err.problem === 'source_not_ready') throw new ApiError('SOURCE_NOT_READY', { retryAfter: 30 });
      const reason = err.details.reason ?? 'fetch_network';
      const message = translate(c.get('locale'), 'error.SOURCE_UNREACHABLE');
      throw new ApiError('SOURCE_UNREACHABLE', {
        fields: [{ path: 'address', reason, message, ...(err.details.status && { maximum: err.details.status }) }],
      });
    }
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'content-type': 'application/octet-stream',
      'content-disposition': contentDisposition('attachment', sourceFileName(spec)),
      'cache-control': 'no-store',
    });
  })
  .openapi(list, async (c) => {
    const found = await requireCollectionRole(c.get('db'), callerOf(c), c.req.valid('param').id, 'co_owner');
    const rows = await listScheduledImports(c.get('d1'), found.collection.id);
    const sources = await Promise.all(
      rows.map(async (row) =>
        toSource(row, row.last_import_id ? toRun(await loadRun(c.get('db'), found.collection.id, row.last_import_id)) : null),
      ),
    );
    return c.json({ sources }, 200);
  })
  .openapi(update, async (c) => {
    const { id, sid } = c.req.valid('param');
    const found = await requireCollectionRole(c.get('db'), callerOf(c), id, 'co_owner');
    const { schedule } = c.req.valid('json');
    const changed = await rescheduleSource(c.get('d1'), found.collection.id, sid, schedule);
    if (!changed) throw new ApiError('NOT_FOUND');
    const [row] = await listScheduledImports(c.get('d1'), found.collection.id, sid);
    return c.json(
      toSource(changed, row?.last_import_id ? toRun(await loadRun(c.get('db'), found.collection.id, row.last_import_id)) : null),
      200,
    );
  })
  .openapi(remove, async (c) => {
    const { id, sid } = c.req.valid('param');
    const found = await requireCollectionRole(c.get('db'), callerOf(c), id, 'co_owner');
    const removed = await deleteScheduledImport(c.get('d1'), found.collection.id, sid);
    if (!removed) throw new ApiError('NOT_FOUND');
    return c.body(null, 204);
  })
  .openapi(runNow, async (c) => {
    const { id, sid } = c.req.valid('param');
    const found = await requireCollectionRole(c.get('db'), callerOf(c), id, 'co_owner');
    const [source] = await listScheduledImports(c.get('d1'), found.collection.id, sid);
    if (!source) throw new ApiError('NOT_FOUND');
    const latest = source.last_import_id ? await loadRun(c.get('db'), found.collection.id, source.last_import_id) : null;
    if (latest && ['fetching', 'checking', 'importing'].includes(latest.status)) return c.json(toRun(latest), 202);
    const run = await newSourceRun(c.get('d1'), source).first<{ id: number; file_key: string }>();
    await startRun(c.env, run!);
    return c.json(toRun(await loadRun(c.get('db'), found.collection.id, run!.id)), 202);
  });
