// The writes of a collection's properties. Each is one batch with what follows from it: the roles other
// properties lose, the collection's change time, its items' derived data rebuilt, the facet counts and
// sort gaps of a property that becomes filterable or sortable.
import { and, eq, ne, sql } from 'drizzle-orm';
import { inlineId } from '@worker/db/inline-id';
import { facetCounts, facetSpans, properties } from '@worker/db/schema';
import type { Db } from '@worker/env';
import { runBatch } from '@worker/lib/batch';
import type { PropertyRow } from '@worker/lib/values';
import { touchCollection } from '../collections/collections.service';
import {
  facetItemsSql,
  forgetPropertyValues,
  markSortable,
  propertySpansInsert,
  refreshCollection,
  sortGaps,
  valuesOfProperty,
} from '../items/items.writer';

const ROLES = ['isTitle', 'isSubtitle', 'isCover', 'isReference'] as const;
const ROLE_COLUMNS = {
  isTitle: properties.isTitle,
  isSubtitle: properties.isSubtitle,
  isCover: properties.isCover,
  isReference: properties.isReference,
};
/** Changing these changes what search finds or how values are kept, so derived item data is rebuilt. */
const DERIVED_FIELDS = ['searchable', 'isTitle', 'visibility', 'type', 'filterable', 'multiple'] as const;

type Roles = Partial<Record<(typeof ROLES)[number], boolean>>;
/** A new property's columns, without its collection. */
export type NewProperty = Omit<typeof properties.$inferInsert, 'collectionId'>;

/** A role (title, subtitle, cover, reference) is held by one property at most: others lose it. */
function clearRoles(db: Db, collectionId: number, keepId: number | null, input: Roles) {
  return ROLES.filter((role) => input[role]).map((role) =>
    db
      .update(properties)
      .set({ [role]: false })
      .where(
        and(
          eq(properties.collectionId, collectionId),
          eq(ROLE_COLUMNS[role], true),
          keepId === null ? undefined : ne(properties.id, keepId),
        ),
      ),
  );
}

/** A property that becomes filterable gets its facet counts from its values; one that stops, loses them. */
function facetCountStatements(db: Db, collectionId: number, propertyId: number, filterable: boolean, type: string) {
  // (With a date's spans and a number's, facet-spans.ts.)
  const clear = [
    db.delete(facetCounts).where(eq(facetCounts.propertyId, propertyId)),
    db.delete(facetSpans).where(eq(facetSpans.propertyId, propertyId)),
  ];
  if (!filterable) return clear;
  return [
    ...clear,
    db.run(
      sql.raw(`INSERT INTO facet_counts (property_id, sort_key, value, sort_number, count_everyone, count_logged_in, count_shared, count_owner, items)
      SELECT property_id, coalesce(sort_text, CAST(sort_number AS TEXT)), min(value), min(sort_number),
        sum(level = 0), sum(level <= 1), sum(level <= 2), sum(level <= 3), ${facetItemsSql('item_values')}
      FROM item_values WHERE ${valuesOfProperty(collectionId, propertyId)} GROUP BY coalesce(sort_text, CAST(sort_number AS TEXT))`),
    ),
    ...(type === 'date' ? [db.run(sql.raw(propertySpansInsert(collectionId, propertyId)))] : []),
  ];
}

/** Creates a property; the roles it takes are cleared from the others first, in the same batch. */
export async function insertProperty(db: Db, collectionId: number, values: NewProperty): Promise<PropertyRow> {
  const insert = db
    .insert(properties)
    .values({ ...values, collectionId })
    .returning();
  const clears = clearRoles(db, collectionId, null, values);
  // A sortable property starts with every item in its sort gaps (one row each, written once).
  const gaps = values.sortable
    ? sortGaps(db, { collectionId }, `p.id = (SELECT max(id) FROM properties WHERE collection_id = ${inlineId(collectionId)})`, 'fill')
    : [];
  const results = await runBatch(db, [...clears, insert, touchCollection(db, collectionId), ...gaps]);
  return (results[clears.length] as PropertyRow[])[0]!;
}

/**
 * Writes an edit's `changes` of `current` (asked as `input`), moving the version on: to the one after
 * `version` when the request named it (properties_stale_write refuses a stale one). Undefined when the
 * property was deleted meanwhile.
 */
export async function updateProperty(
  db: Db,
  collectionId: number,
  current: PropertyRow,
  input: Roles & Partial<Pick<PropertyRow, (typeof DERIVED_FIELDS)[number] | 'sortable'>>,
  edit: { changes: Partial<PropertyRow>; type: string; version: number | undefined },
): Promise<PropertyRow | undefined> {
  const pid = current.id;
  const { version } = edit;
  const refresh = DERIVED_FIELDS.some((f) => input[f] !== undefined && input[f] !== current[f]);
  const results = await runBatch(db, [
    db
      .update(properties)
      .set({ ...edit.changes, version: version !== undefined ? version + 1 : sql`${properties.version} + 1` })
      .where(eq(properties.id, pid))
      .returning(),
    ...clearRoles(db, collectionId, pid, input),
    touchCollection(db, collectionId),
    ...(refresh ? refreshCollection(db, collectionId, 'data-and-search') : []),
    ...(input.filterable !== undefined && input.filterable !== current.filterable
      ? facetCountStatements(db, collectionId, pid, input.filterable, edit.type)
      : []),
    ...(input.sortable !== undefined && input.sortable !== current.sortable ? markSortable(db, collectionId, pid, input.sortable) : []),
  ]);
  return (results[0] as PropertyRow[])[0];
}

/** Puts the collection's properties in the order of `ids` (every one of them, checked by the caller). */
export async function reorderProperties(db: Db, collectionId: number, ids: number[]): Promise<void> {
  await runBatch(db, [
    ...ids.map((pid, index) => db.update(properties).set({ displayOrder: index }).where(eq(properties.id, pid))),
    touchCollection(db, collectionId),
  ]);
}

/**
 * Deletes a property with its values. Values go first (facet counts follow them) and leave the items'
 * cached data, then the property; search forgets their text when it was indexed. With the version an
 * If-Match named, that version is moved on first, which properties_stale_write refuses for another,
 * leaving the whole batch unwritten.
 */
export async function deleteProperty(db: Db, collectionId: number, prop: PropertyRow, version: number | undefined): Promise<void> {
  await runBatch(db, [
    ...(version !== undefined
      ? [
          db
            .update(properties)
            .set({ version: version + 1 })
            .where(eq(properties.id, prop.id)),
        ]
      : []),
    ...forgetPropertyValues(db, collectionId, prop.id),
    db.delete(properties).where(eq(properties.id, prop.id)),
    touchCollection(db, collectionId),
    ...(prop.searchable || prop.isTitle || prop.filterable ? refreshCollection(db, collectionId, 'search') : []),
  ]);
}
