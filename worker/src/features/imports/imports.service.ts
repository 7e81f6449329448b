// The writes that start and cancel an import run: the properties a plan creates, the run, and the
// scheduled source it sets up, in one batch. A restore of a person's backup (features/account-archives)
// imports each collection's document with the steps below, exported here for it.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ImportSchedule, ScheduledImportSpec } from '@shared/schemas/scheduled-imports';
import type { ImportPlan } from '@shared/schemas/imports';
import { sqlNow } from '@worker/db/now';
import { imports, scheduledImports, properties } from '@worker/db/schema';
import type { Db } from '@worker/env';
import { runBatch } from '@worker/lib/batch';
import { touchCollection } from '../collections/collections.service';

export { HEAD_BYTES, prepareFile } from './imports.prepare';
export { checkStep, importStep, markFailed, PICTURE_BYTES_PER_STEP, PICTURES_PER_STEP } from './imports.steps';

/** A property an import creates, without its collection. */
export type NewImportProperty = Omit<typeof properties.$inferInsert, 'collectionId'>;
/** A run's own columns, without its collection, caller and source. */
export type NewImportRun = Omit<typeof imports.$inferInsert, 'collectionId' | 'userId' | 'sourceId'>;

export interface ImportStart {
  collectionId: number;
  userId: number;
  plan: ImportPlan;
  properties: NewImportProperty[];
  run: NewImportRun;
  /** A scheduled source to set up with this first run. */
  source: { source: ScheduledImportSpec; schedule: ImportSchedule } | null;
}

/** Writes the new properties, the source and the run in one batch; answers the run's row. */
export async function insertImportRun(db: Db, start: ImportStart): Promise<typeof imports.$inferSelect> {
  const { collectionId, userId, plan, source } = start;
  const propertyInserts = start.properties.map((property) => db.insert(properties).values({ ...property, collectionId }));
  // A source keeps the plan with every property existing (they are, once this batch is written), and
  // its run names it: inserted just before, its id is the connection's last one.
  const insertSource = source
    ? [
        db.insert(scheduledImports).values({
          collectionId,
          userId,
          kind: source.source.kind,
          address: source.source.address,
          shelf: source.source.kind === 'goodreads' ? source.source.shelf || 'read' : null,
          plan: JSON.stringify({ ...plan, fields: plan.fields.map((f) => ({ ...f, create: null })) }),
          schedule: source.schedule,
          nextRunAt: sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${source.schedule === 'daily' ? '+1 day' : '+7 days'})`,
        }),
      ]
    : [];
  const insertRun = db
    .insert(imports)
    .values({ ...start.run, collectionId, userId, ...(source && { sourceId: sql<number>`last_insert_rowid()` }) })
    .returning();
  const results = await runBatch(db, [
    ...propertyInserts,
    ...(propertyInserts.length > 0 ? [touchCollection(db, collectionId)] : []),
    ...insertSource,
    insertRun,
  ]);
  const [run] = results[results.length - 1] as (typeof imports.$inferSelect)[];
  return run!;
}

/** Cancels a run still going on (a finished one keeps its status). */
export async function cancelImportRun(db: Db, id: number): Promise<void> {
  await db
    .update(imports)
    .set({ status: 'cancelled', finishedAt: sqlNow, updatedAt: sqlNow })
    .where(and(eq(imports.id, id), inArray(imports.status, ['fetching', 'checking', 'importing'])));
}
