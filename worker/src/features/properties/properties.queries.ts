import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { PropertyType, VisibilityLevel } from '@shared/catalogue';
import type { Locale } from '@shared/constants';
import type { Property } from '@shared/schemas/properties';
import { properties } from '@worker/db/schema';
import type { Db } from '@worker/env';
import { ApiError } from '@worker/lib/api-error';
import type { CallerLevel } from '@worker/lib/visibility';
import type { PropertyRow } from '@worker/lib/values';
import { templateLabel } from '../collections/collections.service';

export function toProperty(row: PropertyRow): Property {
  return {
    id: row.id,
    collectionId: row.collectionId,
    key: row.key,
    label: row.label,
    description: row.description,
    type: row.type as PropertyType,
    displayOrder: row.displayOrder,
    suffix: row.suffix,
    defaultValue: row.defaultValue === null ? null : (JSON.parse(row.defaultValue) as unknown),
    hideLabel: row.hideLabel,
    inSummary: row.inSummary,
    isTitle: row.isTitle,
    isSubtitle: row.isSubtitle,
    isCover: row.isCover,
    isReference: row.isReference,
    multiple: row.multiple,
    required: row.required,
    filterable: row.filterable,
    searchable: row.searchable,
    sortable: row.sortable,
    visibility: row.visibility as VisibilityLevel,
    version: row.version,
  };
}

/** A collection's properties in their order; `collection` may be a subquery giving its id (in a batch). */
export const propertyRowsQuery = (db: Db, collection: number | SQL) =>
  db.select().from(properties).where(eq(properties.collectionId, collection)).orderBy(asc(properties.displayOrder), asc(properties.id));

/**
 * A collection's properties. With a `locale` (a person reads them), those that still carry their
 * template's label are given it in that language: a French visitor reads "Auteurs", an English one
 * "Authors", whoever made the collection.
 */
export async function listPropertyRows(db: Db, collectionId: number, locale?: Locale): Promise<PropertyRow[]> {
  const rows = await propertyRowsQuery(db, collectionId);
  return locale ? rows.map((row) => inLanguage(row, locale)) : rows;
}

/** A property row with its template's label in this language, when it still carries one. */
export function inLanguage(row: PropertyRow, locale: Locale): PropertyRow {
  const label = row.labelTemplate ? templateLabel(row.labelTemplate, row.key, locale) : null;
  return label ? { ...row, label } : row;
}

/**
 * Properties a caller may see on browsing paths. With `forEdit`, the owner also gets level-4
 * properties (they are kept, and edited, but never shown while browsing).
 */
export function visibleProperties(rows: PropertyRow[], level: CallerLevel, forEdit = false): PropertyRow[] {
  return rows.filter((p) => p.visibility <= level || (forEdit && level === 3));
}

/** Derives a property ID from a label: "Année de sortie" → "annee_de_sortie". */
export function slugify(label: string): string {
  const slug = label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 36);
  if (!slug) return 'property';
  return /^[a-z]/.test(slug) ? slug : `p_${slug}`;
}

export function uniqueKey(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}_${n}`)) return `${base}_${n}`;
}

/** A property of the collection, or NOT_FOUND. */
export async function requireProperty(db: Db, collectionId: number, propertyId: number): Promise<PropertyRow> {
  const [row] = await db
    .select()
    .from(properties)
    .where(and(eq(properties.id, propertyId), eq(properties.collectionId, collectionId)))
    .limit(1);
  if (!row) throw new ApiError('NOT_FOUND');
  return row;
}

/** Whether another property of the collection has this key. */
export async function propertyKeyTaken(db: Db, collectionId: number, key: string): Promise<boolean> {
  const [clash] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.collectionId, collectionId), eq(properties.key, key)))
    .limit(1);
  return clash !== undefined;
}
