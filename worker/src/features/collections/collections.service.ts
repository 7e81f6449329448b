// Creating a collection with its template in one atomic batch, and removing a collection's media.
import { sqlNow } from '@worker/db/now';
import { eq, sql } from 'drizzle-orm';
import type { Locale } from '@shared/constants';
import type { CreateCollectionData, UpdateCollectionInput } from '@shared/schemas/collections';
import { runBatch } from '@worker/lib/batch';
import { collections, properties } from '@worker/db/schema';
import type { Db, Env } from '@worker/env';
import { isTemplateType, TEMPLATES } from './collection-templates';

// Other features name a template's properties through this service.
export { isTemplateLabel, isTemplateType, templateLabel } from './collection-templates';

export async function createCollection(db: Db, ownerId: number, input: CreateCollectionData, locale: Locale) {
  const insertCollection = db
    .insert(collections)
    .values({
      ownerId,
      type: input.type,
      name: input.name,
      description: input.description ?? null,
      tags: JSON.stringify(input.tags),
      visibility: input.visibility,
      borrowable: input.borrowable,
      loanPeriodDays: input.loanPeriodDays,
      reminderDays: input.reminderDays,
      offerDays: input.offerDays,
    })
    .returning();
  const template = isTemplateType(input.type) ? TEMPLATES[input.type] : [];
  if (template.length === 0) {
    const [row] = await insertCollection;
    return row!;
  }
  // The batch is one transaction and D1 runs one writer at a time, so the newest collection inside it
  // is the one just inserted: the template rows can reference it without a second round trip.
  const newCollectionId = sql`(SELECT max(${collections.id}) FROM ${collections})`;
  const propertyInserts = template.map((t, index) =>
    db.insert(properties).values({
      collectionId: newCollectionId,
      key: t.key,
      label: t.label[locale],
      labelTemplate: input.type,
      type: t.type,
      displayOrder: index,
      suffix: t.suffix ?? null,
      hideLabel: t.hideLabel ?? false,
      inSummary: t.inSummary ?? false,
      isTitle: t.isTitle ?? false,
      isSubtitle: t.isSubtitle ?? false,
      isCover: t.isCover ?? false,
      isReference: t.isReference ?? false,
      multiple: t.multiple ?? false,
      required: t.required ?? false,
      filterable: t.filterable ?? false,
      searchable: t.searchable ?? false,
      sortable: t.sortable ?? false,
      visibility: 0,
    }),
  );
  const [[row]] = await db.batch([insertCollection, ...propertyInserts]);
  return row!;
}

/** R2 objects of a collection live under collections/<id>/; removed after the rows are gone. */
export async function deleteCollectionMedia(env: Env, collectionId: number): Promise<void> {
  const prefix = `collections/${collectionId}/`;
  let cursor: string | undefined;
  do {
    const listing = await env.MEDIA.list({ prefix, cursor, limit: 1000 });
    if (listing.objects.length > 0) await env.MEDIA.delete(listing.objects.map((o) => o.key));
    cursor = listing.truncated ? listing.cursor : undefined;
  } while (cursor);
}

export function touchCollection(db: Db, id: number) {
  return db.update(collections).set({ updatedAt: sqlNow }).where(eq(collections.id, id));
}

/** An edit's fields, without the version it names. */
type UpdateCollectionData = Omit<UpdateCollectionInput, 'version'>;

/**
 * Writes the fields an edit names, moving the version on: to the one after `version` when the request
 * named it (collections_stale_write refuses a stale one), else past whatever it is. Undefined when the
 * collection was deleted meanwhile.
 */
export async function updateCollection(db: Db, id: number, input: UpdateCollectionData, version: number | undefined) {
  const [row] = await db
    .update(collections)
    .set({
      ...(input.type !== undefined && { type: input.type }),
      ...(input.name !== undefined && { name: input.name }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.tags !== undefined && { tags: JSON.stringify(input.tags) }),
      ...(input.visibility !== undefined && { visibility: input.visibility }),
      ...(input.borrowable !== undefined && { borrowable: input.borrowable }),
      ...(input.loanPeriodDays !== undefined && { loanPeriodDays: input.loanPeriodDays }),
      ...(input.reminderDays !== undefined && { reminderDays: input.reminderDays }),
      ...(input.offerDays !== undefined && { offerDays: input.offerDays }),
      version: version !== undefined ? version + 1 : sql`${collections.version} + 1`,
      updatedAt: sqlNow,
    })
    .where(eq(collections.id, id))
    .returning();
  return row;
}

/**
 * Deletes a collection's row; its properties, items and values go with it (ON DELETE CASCADE), in this
 * one statement. With the version an If-Match named, after moving that version on, which
 * collections_stale_write refuses for another.
 */
export async function deleteCollectionRow(db: Db, id: number, version: number | undefined): Promise<void> {
  const deletion = db.delete(collections).where(eq(collections.id, id));
  if (version === undefined) await deletion;
  else
    await runBatch(db, [
      db
        .update(collections)
        .set({ version: version + 1 })
        .where(eq(collections.id, id)),
      deletion,
    ]);
}

/** Sets (or with null, removes) the collection's image; undefined when the collection was deleted meanwhile. */
export async function setCollectionImage(db: Db, id: number, image: string | null) {
  const [row] = await db.update(collections).set({ image, updatedAt: sqlNow }).where(eq(collections.id, id)).returning();
  return row;
}
