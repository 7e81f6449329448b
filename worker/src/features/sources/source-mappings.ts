// A collection's mapping of the sources' fields to its properties: read with the offers, saved by editors.
import { eq } from 'drizzle-orm';
import type { SourceMapping } from '@shared/schemas/sources';
import { sqlNow } from '@worker/db/now';
import { sourceMappings } from '@worker/db/schema';
import type { Db } from '@worker/env';

/** The collection's saved mapping, or null when none was saved. */
export async function savedSourceMapping(db: Db, collectionId: number): Promise<SourceMapping | null> {
  const saved = await db.select().from(sourceMappings).where(eq(sourceMappings.collectionId, collectionId)).get();
  return saved ? (JSON.parse(saved.mapping) as SourceMapping) : null;
}

/** Saves the collection's mapping, replacing the one before. */
export async function saveSourceMapping(db: Db, collectionId: number, mapping: SourceMapping): Promise<void> {
  const text = JSON.stringify(mapping);
  await db
    .insert(sourceMappings)
    .values({ collectionId, mapping: text })
    .onConflictDoUpdate({ target: sourceMappings.collectionId, set: { mapping: text, updatedAt: sqlNow } });
}
