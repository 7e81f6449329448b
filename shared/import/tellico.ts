// Tellico's files (a .tc zip holding tellico.xml and its images/, or the XML alone), and those of
// Bookcase, its predecessor (<bookcase>, bookcase.xml in the zip): <collection type="…"> declares its
// <fields> (name, title, type, flags; <field name="_default"/> stands for the type's standard set),
// then one <entry> per item. Bookcase before syntax 4 said <attributes><attribute> and named entries
// after the collection's unit (<book>). A field that allows several values is written as a plural
// element holding the singular ones (<authors><author>…); a table's row holds <column>s; a date may be
// <year><month><day>. Pictures are named by their id, the name of the file in the zip's images/.
import type { PropertyType, TemplateType } from '../catalogue';
import { putValues, importField, type ImportField, type ImportRecord } from './records';
import { TELLICO_DEFAULTS } from './tellico-defaults';
import type { TellicoDefault } from './tellico-defaults/types';
import { child, childrenOf, type XmlElement } from './xml';

export const TELLICO_RECORD = 'entry';
/** What a collection holds after its entries: pictures (often larger than a window), filters, loans. */
export const TELLICO_AFTER_RECORDS: ReadonlySet<string> = new Set(['images', 'filters', 'borrowers']);

export const isTellicoHead = (head: string) => /<(tellico|bookcase)[\s>]/.test(head);

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

/** The collection element inside <tellico> (or <bookcase>). */
export const tellicoCollection = (root: XmlElement) => child(root, 'collection');

/** Bookcase before syntax 4 named a collection's type by its unit, and its entries after it. */
const UNIT_TYPES: Record<string, string> = {
  entry: '1',
  book: '2',
  video: '3',
  album: '4',
  bibtex: '5',
  comic: '6',
  wine: '7',
  coin: '8',
  stamp: '9',
  card: '10',
  game: '11',
  file: '12',
  boardgame: '13',
};

/** The syntax version a file declares (Bookcase's first ones said "version"). */
const syntaxOf = (attrs: Record<string, string>) => Number(attrs.syntaxVersion ?? attrs.version ?? 11) || 11;

/** The element each entry is: <entry>, or in Bookcase before syntax 4 the collection's unit (<book>). */
export function tellicoRecordName(head: string): string {
  const bookcase = /<bookcase\s[^>]*?\b(?:syntaxVersion|version)="(\d+)"/.exec(head);
  if (!bookcase || Number(bookcase[1]) > 3) return TELLICO_RECORD;
  return /<collection\s[^>]*?\bunit="([\w-]+)"/.exec(head)?.[1] ?? TELLICO_RECORD;
}

/**
 * The element Tellico writes for a field (XML::elementName): white space becomes dashes, characters a
 * name may not hold (":") are dropped, and so are those before its first letter.
 */
export function tellicoElementName(name: string): string {
  const dashed = name.replace(/\s+/g, '-').replace(/[^\p{L}\p{N}._\-\u00B7]/gu, '');
  return dashed.replace(/^[^\p{L}]+/u, '');
}

/**
 * How an entry's texts read: Bookcase's checkboxes before syntax 4 were empty elements; a table's rows
 * are all their columns, or their first column alone (`first-column`) where the table fills a
 * template's list (a film's cast: the actors). `element` names the entry's element when the key does not.
 */
export type TellicoField = ImportField & { reading?: 'presence' | 'columns' | 'first-column'; element?: string };

interface DeclaredField {
  name?: string;
  title?: string;
  type?: string;
  flags?: string;
  columnTitles?: string[];
}

const fromDefault = ([name, title, type, flags]: TellicoDefault): DeclaredField => ({
  name,
  title,
  type: String(type),
  flags: String(flags),
});

/** A declared field's attributes, with its table's column titles (<prop name="column1">Actor/Actress</prop>…). */
function declaredField(element: XmlElement): DeclaredField {
  const props = childrenOf(element, 'prop');
  const columnTitles = props
    .filter((p) => /^column\d+$/.test(p.attrs.name ?? ''))
    .sort((a, b) => Number(a.attrs.name!.slice(6)) - Number(b.attrs.name!.slice(6)))
    .map((p) => p.text.trim())
    .filter(Boolean);
  const { name, title, type, flags } = element.attrs;
  return { name, title, type, flags, ...(columnTitles.length > 0 && { columnTitles }) };
}

/**
 * A table that fills a template's list keeps its first column there; its whole rows ("Actor :: Role")
 * go to a field of their own beside it, so nothing the file holds is lost. Its key cannot be an
 * element's (Tellico drops ":" from element names).
 */
function tableFields(field: ImportField, declared: DeclaredField): TellicoField[] {
  const columns = declared.columnTitles ?? [];
  const label = columns.length > 1 ? `${field.label} (${columns.join(' :: ')})` : `${field.label} ::`;
  return [
    { ...field, reading: 'first-column' },
    { ...importField(`${field.key}:columns`, label, 'text', undefined, true), reading: 'columns', element: field.key },
  ];
}

/** The fields a Tellico file declares, and the template its collection type fills. */
export function tellicoHead(root: XmlElement): { fields: TellicoField[]; collectionType: TemplateType | null } {
  const collection = tellicoCollection(root);
  const syntax = syntaxOf(root.attrs);
  const typeNumber = collection?.attrs.type ?? UNIT_TYPES[collection?.attrs.unit ?? ''] ?? (syntax < 4 ? '2' : '1');
  const collectionType = COLLECTION_TYPES[typeNumber] ?? null;
  const targets = collectionType ? TARGETS[collectionType] : {};
  const declared = [...childrenOf(child(collection, 'fields'), 'field'), ...childrenOf(child(collection, 'attributes'), 'attribute')].map(
    declaredField,
  );
  // The type's standard fields where the file says _default, or when it declares none (Tellico does the same).
  const standard = (TELLICO_DEFAULTS[typeNumber] ?? []).map(fromDefault);
  const all = declared.length === 0 ? standard : declared.flatMap((attrs) => (attrs.name === '_default' ? standard : [attrs]));
  const seen = new Set<string>();
  const fields = all.flatMap((attrs): TellicoField[] => {
    const name = attrs.name;
    const type = FIELD_TYPES[attrs.type ?? '1'];
    const flags = Number(attrs.flags ?? 0);
    if (!name || !type || flags & DERIVED) return [];
    const key = tellicoElementName(name);
    if (key === '' || seen.has(key)) return [];
    seen.add(key);
    const table = attrs.type === '8';
    // Tables (tracks, cast and roles) and multiple-value fields hold several values.
    const field = importField(key, attrs.title || name, type, targets[name], Boolean(flags & ALLOW_MULTIPLE) || table);
    if (table && field.target) return tableFields(field, attrs);
    const reading = table ? 'columns' : syntax < 4 && type === 'yesno' ? 'presence' : undefined;
    return [reading ? { ...field, reading } : field];
  });
  return { fields, collectionType };
}

/** A value element's text: a table row's columns (or its first one), a date's parts, or its text. */
function textOf(element: XmlElement, firstColumn = false): string {
  const columns = childrenOf(element, 'column');
  // A table's row keeps every column: "Track :: Artist :: Length".
  if (columns.length > 0)
    return (firstColumn ? columns.slice(0, 1) : columns)
      .map((c) => c.text.trim())
      .filter(Boolean)
      .join(' :: ');
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

export function tellicoRecord(row: number, entry: XmlElement, fields: readonly TellicoField[]): ImportRecord {
  const values: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  for (const field of fields) {
    const name = field.element ?? field.key;
    const single = child(entry, name);
    const several = single ? [single] : childrenOf(pluralOf(entry, name), name);
    if (field.reading === 'presence') putValues(values, field.key, several.length > 0 ? ['true'] : []);
    else
      putValues(
        values,
        field.key,
        several.map((element) => textOf(element, field.reading === 'first-column')),
      );
  }
  const id = entry.attrs.id?.trim() || null;
  return { row, id, values };
}
