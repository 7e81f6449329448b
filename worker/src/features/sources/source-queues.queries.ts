// Reads of a collection's lists of codes looked up in the sources.
import { and, desc, eq } from 'drizzle-orm';
import type { SourceQueueCode } from '@shared/schemas/sources';
import { sourceQueues } from '@worker/db/schema';
import type { Db } from '@worker/env';
import { ApiError } from '@worker/lib/api-error';

export type QueueRow = typeof sourceQueues.$inferSelect;

/** A list of the collection's, or NOT_FOUND. */
export async function loadQueue(db: Db, collectionId: number, qid: number): Promise<QueueRow> {
  const row = await db
    .select()
    .from(sourceQueues)
    .where(and(eq(sourceQueues.id, qid), eq(sourceQueues.collectionId, collectionId)))
    .get();
  if (!row) throw new ApiError('NOT_FOUND');
  return row;
}

/** The collection's newest lists, as many as `limit`. */
export async function listQueues(db: Db, collectionId: number, limit: number): Promise<QueueRow[]> {
  return db.select().from(sourceQueues).where(eq(sourceQueues.collectionId, collectionId)).orderBy(desc(sourceQueues.id)).limit(limit);
}

/** A list's codes in their order, with what came of each; an item deleted since is no longer named. */
export async function queueCodes(d1: D1Database, collectionId: number, queueId: number): Promise<SourceQueueCode[]> {
  const { results } = await d1
    .prepare(
      `SELECT q.code, q.outcome, i.id AS itemId, q.title, q.source, q.problem
       FROM source_queue_codes q LEFT JOIN items i ON i.id = q.item_id AND i.collection_id = ?2
       WHERE q.queue_id = ?1 ORDER BY q.position`,
    )
    .bind(queueId, collectionId)
    .all<SourceQueueCode>();
  return results;
}
