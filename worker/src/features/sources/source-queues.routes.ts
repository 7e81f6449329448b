// Lists of ISBNs or barcodes (pasted, or scanned one after another with the phone) that become items:
// the owner sends the codes, a Workflow looks each one up and adds it (source-queue.steps.ts), and the
// queue's page follows its progress and each code's outcome.
import { createRoute, z } from '@hono/zod-openapi';
import { readCode } from '@shared/sources/codes';
import { sourceQueueBody, sourceQueueReport, sourceQueueRun, type SourceQueueReport, type SourceQueueRun } from '@shared/schemas/sources';
import { ApiError } from '@worker/lib/api-error';
import { bearer, errors, jsonBody, jsonContent } from '@worker/lib/openapi';
import { throttle } from '@worker/lib/rate-limit';
import { createRouter } from '@worker/lib/router';
import { callerOf, requireUser } from '@worker/middleware/auth';
import { requireCollectionRole } from '../collections/collections.queries';
import { listQueues, loadQueue, queueCodes, type QueueRow } from './source-queues.queries';
import { cancelQueue, insertQueue } from './source-queues.service';
import { sourceAccess, sourceOffers } from './sources.service';

const owner = { tags: ['Sources'], security: bearer, middleware: [requireUser] };
const collectionParam = z.object({ id: z.coerce.number().int().positive() });
const queueParam = z.object({ id: z.coerce.number().int().positive(), qid: z.coerce.number().int().positive() });

/** Lists a person may start: each asks the sources up to a few hundred times, over minutes. */
const QUEUE_LIMIT = { max: 10, windowSeconds: 3600 };
/** Lists the collection's page shows, newest first. */
const RECENT_QUEUES = 10;

const start = createRoute({
  ...owner,
  method: 'post',
  path: '/collections/{id}/sources/queues',
  summary:
    'Add a list of ISBNs or barcodes (check digits verified, repeats counted once): each is looked up in the sources, in order, and the first hit becomes an item with its cover; answers the queue, which goes on in the background',
  request: { params: collectionParam, ...jsonBody(sourceQueueBody) },
  responses: { 202: jsonContent(sourceQueueRun, 'Started'), ...errors(400, 401, 403, 404, 409, 429) },
});

const list = createRoute({
  ...owner,
  method: 'get',
  path: '/collections/{id}/sources/queues',
  summary: "The collection's latest lists of codes, newest first",
  request: { params: collectionParam },
  responses: { 200: jsonContent(z.object({ queues: z.array(sourceQueueRun) }), 'Lists'), ...errors(401, 403, 404) },
});

const one = createRoute({
  ...owner,
  method: 'get',
  path: '/collections/{id}/sources/queues/{qid}',
  summary: 'A list of codes: its progress, and what became of each code (the item added or already held, or why not)',
  request: { params: queueParam },
  responses: { 200: jsonContent(sourceQueueReport, 'The list'), ...errors(401, 403, 404) },
});

const cancel = createRoute({
  ...owner,
  method: 'post',
  path: '/collections/{id}/sources/queues/{qid}/cancel',
  summary: 'Stop a list: the codes still waiting are left; the items added stay',
  request: { params: queueParam },
  responses: { 200: jsonContent(sourceQueueRun, 'Stopped'), ...errors(401, 403, 404) },
});

const toRun = (row: QueueRow): SourceQueueRun => ({
  id: row.id,
  collectionId: row.collectionId,
  source: row.source as SourceQueueRun['source'],
  status: row.status as SourceQueueRun['status'],
  total: row.total,
  processed: row.processed,
  added: row.added,
  owned: row.owned,
  missing: row.missing,
  failed: row.failed,
  createdAt: row.createdAt,
  finishedAt: row.finishedAt,
});

/** The Workflow instance of a queue: its id and creation time, so a restored instance never reuses one. */
const workflowIdOf = (row: QueueRow) => `source-queue-${row.id}-${row.createdAt.replace(/\D/g, '')}`;

const invalid = (path: string, reason: string) => new ApiError('VALIDATION_FAILED', { fields: [{ path, reason, message: '' }] });

export const sourceQueuesRoutes = createRouter()
  .openapi(start, async (c) => {
    const db = c.get('db');
    const caller = callerOf(c);
    const { collection } = await requireCollectionRole(db, caller, c.req.valid('param').id, 'editor');
    const body = c.req.valid('json');
    const codes: string[] = [];
    for (const [i, text] of body.codes.entries()) {
      const read = readCode(text);
      if (!read) throw invalid(`codes.${i}`, 'invalid_code');
      if (!codes.includes(read.code)) codes.push(read.code);
    }
    const readers = sourceOffers(await sourceAccess(c.env), collection.type).filter(
      (o) => o.barcodes && (!body.source || o.id === body.source),
    );
    if (body.source && readers.length === 0) throw invalid('source', 'invalid_enum_value');
    // Every source that could read them needs a key it does not have: nothing could be looked up.
    if (!readers.some((o) => o.ready)) throw new ApiError('SOURCE_NOT_READY');
    await throttle(db, [{ key: `source-queue:${caller.id}`, ...QUEUE_LIMIT }]);
    const queueId = await insertQueue(c.get('d1'), {
      collectionId: collection.id,
      userId: caller.id,
      source: body.source ?? null,
      locale: c.get('locale'),
      codes,
    });
    const row = await loadQueue(db, collection.id, queueId);
    await c.env.SOURCE_QUEUES.create({ id: workflowIdOf(row), params: { queueId: row.id } });
    return c.json(toRun(row), 202);
  })
  .openapi(list, async (c) => {
    const db = c.get('db');
    const { collection } = await requireCollectionRole(db, callerOf(c), c.req.valid('param').id, 'editor');
    return c.json({ queues: (await listQueues(db, collection.id, RECENT_QUEUES)).map(toRun) }, 200);
  })
  .openapi(one, async (c) => {
    const { id, qid } = c.req.valid('param');
    const db = c.get('db');
    const { collection } = await requireCollectionRole(db, callerOf(c), id, 'editor');
    const row = await loadQueue(db, collection.id, qid);
    const report: SourceQueueReport = { ...toRun(row), codes: await queueCodes(c.get('d1'), collection.id, row.id) };
    return c.json(report, 200);
  })
  .openapi(cancel, async (c) => {
    const { id, qid } = c.req.valid('param');
    const db = c.get('db');
    const { collection } = await requireCollectionRole(db, callerOf(c), id, 'editor');
    const row = await loadQueue(db, collection.id, qid);
    if (row.status === 'running') {
      await cancelQueue(db, row.id);
      // The steps also stop by themselves on reading the status; ending the instance saves their runs.
      try {
        await (await c.env.SOURCE_QUEUES.get(workflowIdOf(row))).terminate();
      } catch {
        // Already finished: the status above is what counts.
      }
    }
    return c.json(toRun(await loadQueue(db, collection.id, qid)), 200);
  });
