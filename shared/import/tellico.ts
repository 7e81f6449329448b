// Tellico's files (a .tc zip holding tellico.xml and its images/, or the XML alone): <tellico>
// <collection type="…"> declares its <fields> (name, title, type, flags), then one <entry> per item.
// A field that allows several values is written as a plural element holding the singular ones
// (<authors><author>…); a table's row holds <column>s (the first is kept); a date may be
// <year><month><day>. Pictures are named by their id, the name of the file in the zip's images/.
import type { PropertyType, TemplateType } from '../catalogue';
import { putValues, sourceField, type SourceField, type SourceRecord } from './source';
import { child, childrenOf, type XmlElement } from './xml';

export const TELLICO_RECORD = 'entry';

export const isTellicoHead = (head: string) => /<tellico[\s>]/.test(head);

/** Tellico's collection types that Vitrine has templates for. */
const COLLECTION_TYPES: Record<string, TemplateType> = { '2': 'books', '3': 'movies', '6': 'comics', '13': 'board_games' };

/** Tellico's field types: 1 line, 2 paragraph, 3 choice, 4 checkbox, 6 number, 7 URL, 8 table, 10 image, 12 date, 14 rating. */
const FIELD_TYPES: Record<string, PropertyType> = {
  '1': 'text',
  '2': 'longtext',
  '3': 'text',
  '4': 'yesno',
  '6': 'number',
  '7': 'url',
  '8': 'text',
  '10': 'image',
  '12': 'date',
  '14': 'rating',
};
const ALLOW_MULTIPLE = 0x01;
/** Fields Tellico computes from others (the entry's id): nothing to import. */
const DERIVED = 0x20;

/** Tellico's standard field names, per collection type, and the template property each fills. */
const TARGETS: Record<TemplateType, Record<string, string>> = {
  books: {
    title: 'title',
    subtitle: 'subtitle',
    author: 'authors',
    publisher: 'publisher',
    pub_year: 'year',
    isbn: 'isbn',
    pages: 'pages',
    language: 'language',
    genre: 'genre',
    series: 'series',
    series_num: 'series_number',
    binding: 'format',
    plot: 'summary',
    signed: 'signed',
    read: 'read',
    rating: 'rating',
    cover: 'cover',
  },
  comics: {
    title: 'title',
    series: 'series',
    issue: 'issue',
    writer: 'writers',
    artist: 'artists',
    colorist: 'colorists',
    publisher: 'publisher',
    pub_year: 'year',
    isbn: 'isbn',
    plot: 'summary',
    signed: 'signed',
    rating: 'rating',
    cover: 'cover',
  },
  movies: {
    title: 'title',
    director: 'directors',
    cast: 'cast',
    year: 'year',
    'running-time': 'runtime',
    genre: 'genre',
    medium: 'format',
    plot: 'synopsis',
    rating: 'rating',
    cover: 'poster',
  },
  board_games: {
    title: 'title',
    designer: 'designers',
    publisher: 'publisher',
    year: 'year',
    mechanism: 'mechanics',
    description: 'description',
    rating: 'rating',
    cover: 'cover',
  },
};

/** The collection element inside <tellico>. */
export const tellicoCollection = (root: XmlElement) => child(root, 'collection');

/** The fields a Tellico file declares, and the template its collection type fills. */
export function tellicoHead(root: XmlElement): { fields: SourceField[]; collectionType: TemplateType | null } {
  const collection = tellicoCollection(root);
  const collectionType = COLLECTION_TYPES[collection?.attrs.type ?? ''] ?? null;
  const targets = collectionType ? TARGETS[collectionType] : {};
  const fields = childrenOf(child(collection, 'fields'), 'field').flatMap((element) => {
    const name = element.attrs.name;
    const type = FIELD_TYPES[element.attrs.type ?? ''];
    const flags = Number(element.attrs.flags ?? 0);
    if (!name || !type || flags & DERIVED) return [];
    // Tables (cast and roles) and multiple-value fields hold several values.
    const multiple = Boolean(flags & ALLOW_MULTIPLE) || element.attrs.type === '8';
    return [sourceField(name, element.attrs.title || name, type, targets[name], multiple)];
  });
  return { fields, collectionType };
}

/** A value element's text: the first column of a table row, a date's parts, or its text. */
function textOf(element: XmlElement): string {
  const column = child(element, 'column');
  if (column) return column.text;
  const year = child(element, 'year');
  if (year) {
    const parts = [year.text, child(element, 'month')?.text, child(element, 'day')?.text].filter((p): p is string => Boolean(p?.trim()));
    return parts.map((p, i) => (i === 0 ? p.trim() : p.trim().padStart(2, '0'))).join('-');
  }
  return element.text;
}

/** The plural element Tellico writes around several values of a field: author → authors. */
function pluralOf(entry: XmlElement, name: string): XmlElement | undefined {
  return entry.children.find((c) => c.name !== name && c.children.length > 0 && c.children.every((v) => v.name === name));
}

export function tellicoRecord(row: number, entry: XmlElement, fields: readonly SourceField[]): SourceRecord {
  const values: Record<string, string[]> = {};
  for (const field of fields) {
    const single = child(entry, field.key);
    const several = single ? [single] : childrenOf(pluralOf(entry, field.key), field.key);
    putValues(values, field.key, several.map(textOf));
  }
  const id = entry.attrs.id?.trim() || null;
  return { row, id, values };
}
