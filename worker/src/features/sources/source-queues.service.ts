// Writes of the lists of codes looked up in the sources: a new list, a list stopped.
import { and, eq } from 'drizzle-orm';
import { sqlNow } from '@worker/db/now';
import { sourceQueues } from '@worker/db/schema';
import type { Db } from '@worker/env';

/**
 * Writes a new list and its codes; answers its id. The codes name their list as the newest (the batch is
 * one transaction; last_insert_rowid() would move on with each code's own row).
 */
export async function insertQueue(
  d1: D1Database,
  queue: { collectionId: number; userId: number; source: string | null; locale: string; codes: string[] },
): Promise<number> {
  const [inserted] = await d1.batch<{ id: number }>([
    d1
      .prepare('INSERT INTO source_queues (collection_id, user_id, source, locale, total) VALUES (?1, ?2, ?3, ?4, ?5) RETURNING id')
      .bind(queue.collectionId, queue.userId, queue.source, queue.locale, queue.codes.length),
    d1
      .prepare(
        'INSERT INTO source_queue_codes (queue_id, position, code) SELECT (SELECT max(id) FROM source_queues), key, value FROM json_each(?1)',
      )
      .bind(JSON.stringify(queue.codes)),
  ]);
  return inserted!.results[0]!.id;
}

/** Stops a running list (a finished one keeps its status). */
export async function cancelQueue(db: Db, id: number): Promise<void> {
  await db
    .update(sourceQueues)
    .set({ status: 'cancelled', finishedAt: sqlNow, updatedAt: sqlNow })
    .where(and(eq(sourceQueues.id, id), eq(sourceQueues.status, 'running')));
}
