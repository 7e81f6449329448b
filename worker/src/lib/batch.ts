import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../env';

/**
 * Runs statements as one D1 batch (one round trip, all or nothing) when their number is only known at
 * run time. Results come back in order; callers read the ones they need.
 */
export async function runBatch(db: Db, statements: BatchItem<'sqlite'>[]): Promise<unknown[]> {
  if (statements.length === 0) return [];
  return (await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]])) as unknown[];
}
