// From a source's hit to a collection's values. Each field of the hit goes to the property with its key
// (a template's collection matches everything this way), else to one with a kindred key (a comic's
// "writers" for a book's "authors"), else by role (the title, the cover, the reference). A person may
// change where each field goes; the collection remembers it. The values then come from the same lenient
// reading as imports (shared/import/mapping.ts), so "2008-08-01" fills a number property with 2008.
import type { PropertyType } from '../catalogue';
import { mapValues, type FieldMapping, type MappedProperty } from '../import/mapping';
import { SOURCE_FIELDS, type ImportField, type SourceHit, type SourceMapping } from '../schemas/sources';

/** What mapping needs of a collection's property. */
export interface MappableProperty extends MappedProperty {
  isTitle: boolean;
  isSubtitle: boolean;
  isCover: boolean;
  isReference: boolean;
}

/** Other keys a field fills when the collection has no property with its own key, in order of preference. */
const KINDRED_KEYS: Partial<Record<ImportField, readonly string[]>> = {
  authors: ['writers', 'author', 'creators', 'artists'],
  original_title: ['subtitle'],
  summary: ['synopsis', 'description', 'notes'],
  isbn: ['barcode', 'ean', 'reference'],
  barcode: ['isbn', 'ean', 'upc', 'reference'],
  publisher: ['label', 'studio', 'editor'],
  directors: ['director'],
  cast: ['actors'],
  genre: ['genres', 'categories', 'tags'],
  year: ['release_year', 'published'],
  pages: ['page_count'],
  runtime: ['duration'],
  designers: ['authors'],
  link: ['url', 'website'],
};

/** A field's texts can go to a property of this type (pictures only to pictures, links only to links). */
function fits(field: ImportField, type: PropertyType): boolean {
  if (field === 'cover') return type === 'image';
  if (type === 'image' || type === 'video' || type === 'file') return false;
  if (field === 'link') return type === 'url' || type === 'text';
  if (['year', 'pages', 'runtime', 'players_min', 'players_max', 'play_time', 'age', 'series_number'].includes(field)) {
    return type === 'number' || type === 'text';
  }
  return type === 'text' || type === 'longtext' || (field === 'year' && type === 'date');
}

function byRole(field: ImportField, p: MappableProperty): boolean {
  if (field === 'title') return p.isTitle;
  if (field === 'subtitle') return p.isSubtitle;
  if (field === 'cover') return p.isCover;
  if (field === 'isbn' || field === 'barcode') return p.isReference;
  return false;
}

/** Where each field goes when nobody said: by key, by a kindred key, by role; each property taken once. */
export function defaultSourceMapping(properties: readonly MappableProperty[]): Record<ImportField, string | null> {
  const taken = new Set<string>();
  const mapping = Object.fromEntries(SOURCE_FIELDS.map((f) => [f, null])) as Record<ImportField, string | null>;
  const claim = (field: ImportField, found: MappableProperty | undefined) => {
    if (!found || mapping[field] !== null) return;
    mapping[field] = found.key;
    taken.add(found.key);
  };
  const free = (field: ImportField) => properties.filter((p) => !taken.has(p.key) && fits(field, p.type));
  for (const field of SOURCE_FIELDS)
    claim(
      field,
      free(field).find((p) => p.key === field),
    );
  for (const field of SOURCE_FIELDS) {
    for (const key of KINDRED_KEYS[field] ?? [])
      claim(
        field,
        free(field).find((p) => p.key === key),
      );
  }
  for (const field of SOURCE_FIELDS)
    claim(
      field,
      free(field).find((p) => byRole(field, p)),
    );
  return mapping;
}

/**
 * The mapping in force: what the collection remembers for the fields it names (a property since deleted,
 * or of a type the field cannot fill, counts as unsaid), the default for the others.
 */
export function effectiveSourceMapping(
  properties: readonly MappableProperty[],
  saved: SourceMapping | null,
): Record<ImportField, string | null> {
  const mapping = defaultSourceMapping(properties);
  const byKey = new Map(properties.map((p) => [p.key, p]));
  for (const field of SOURCE_FIELDS) {
    if (!saved || !(field in saved)) continue;
    const key = saved[field] ?? null;
    if (key === null) mapping[field] = null;
    else if (byKey.has(key) && fits(field, byKey.get(key)!.type)) mapping[field] = key;
  }
  return mapping;
}

/** The properties a field may go to, for the person choosing. */
export const propertiesFitting = <P extends MappableProperty>(field: ImportField, properties: readonly P[]): P[] =>
  properties.filter((p) => fits(field, p.type));

/**
 * A hit's values for the collection. `covers` gives the media value stored for each cover address (an
 * address without one is left out). Multiple values of a single property join when they are text
 * (two authors in one "Author" field) and keep the first otherwise, as imports do.
 */
export function sourceValues(
  hit: Pick<SourceHit, 'fields'>,
  mapping: Readonly<Record<ImportField, string | null>>,
  properties: readonly MappableProperty[],
  covers: ReadonlyMap<string, string> = new Map(),
) {
  const mappings: FieldMapping[] = SOURCE_FIELDS.flatMap((field) => {
    const property = mapping[field];
    return property ? [{ field, property, split: null }] : [];
  });
  return mapValues(hit.fields, mappings, properties, { dateOrder: 'ymd', images: covers });
}
