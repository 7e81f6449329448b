// Delicious Library's exports. Version 1 writes XML: <library><items> holds one element per item, named
// by its kind (<book>, <movie>, <music>, <game>, <software>, <gadget>, <toy>…), its fields as attributes
// (several values on lines of their own) and its description (RTF) as a child. Versions 2 and 3 write an
// Apple property list: an <array> of <dict>s with keys such as creatorsCompositeString and uuidString.
// Both come to the same fields here; the first item's kind picks the template. The item's UUID is its
// reference, and names its cover in a zip of the library's "Images/… Covers/" folders.
import type { TemplateType } from '../catalogue';
import { ImportFileError } from './errors';
import { plistDict, plistItemsStart } from './plist';
import { rtfToText } from './rtf';
import { putValues, importField, type ImportField, type ImportRecord } from './records';
import { ANY_RECORD, readXmlHead, readXmlRecords, type XmlElement } from './xml';

export const DELICIOUS_RECORD = ANY_RECORD;
export const DELICIOUS_PLIST_RECORD = 'dict';

export const isDeliciousHead = (head: string) => /<library[\s>]/.test(head) && /<items[\s>/]/.test(head);
export const isDeliciousPlistHead = (head: string) =>
  /<plist[\s>]/.test(head) && /<key>(?:uuidString|creatorsCompositeString|formatSingularString)<\/key>/.test(head);

/** The program's names of each field (version 1's attributes, then version 2's and 3's keys). */
const NAMES: Record<string, string[]> = {
  title: ['title'],
  creators: [
    'author',
    'creator',
    'director',
    'artist',
    'creatorsCompositeString',
    'authorsCompositeString',
    'directorsCompositeString',
    'artistsCompositeString',
  ],
  cast: ['actor', 'starring', 'actorsCompositeString'],
  publisher: ['publisher', 'publishersCompositeString'],
  published: ['published', 'publishDate', 'releaseDate'],
  pages: ['pages'],
  format: ['aspect', 'format', 'formatSingularString'],
  genres: ['genre', 'genresCompositeString'],
  series: ['series'],
  series_number: ['numberInSeries'],
  minutes: ['minutes'],
  isbn: ['isbn'],
  ean: ['ean'],
  upc: ['upc'],
  asin: ['asin'],
  rating: ['rating'],
  amazon_rating: ['netrating', 'netRating'],
  price: ['price', 'purchasePrice'],
  purchase_date: ['purchaseDate'],
  value: ['currentValue'],
  signed: ['isSigned', 'signed'],
  experienced: ['hasExperienced'],
  notes: ['notes', 'comments'],
  description: ['description', 'descriptionString'],
};

/** The template properties each field fills, per kind of collection. */
const TARGETS: Partial<Record<TemplateType, Record<string, string>>> = {
  books: {
    title: 'title',
    creators: 'authors',
    publisher: 'publisher',
    year: 'year',
    pages: 'pages',
    format: 'format',
    genres: 'genre',
    series: 'series',
    series_number: 'series_number',
    isbn: 'isbn',
    rating: 'rating',
    signed: 'signed',
    experienced: 'read',
    description: 'summary',
    cover: 'cover',
  },
  movies: {
    title: 'title',
    creators: 'directors',
    cast: 'cast',
    year: 'year',
    minutes: 'runtime',
    format: 'format',
    genres: 'genre',
    ean: 'barcode',
    rating: 'rating',
    experienced: 'watched',
    description: 'synopsis',
    cover: 'poster',
  },
};

/** Delicious Library's kinds that Vitrine has templates for; the others make a collection of their own. */
const KINDS: Record<string, TemplateType> = { book: 'books', movie: 'movies' };

const FIELD_TYPES: [string, string, 'text' | 'longtext' | 'number' | 'date' | 'rating' | 'yesno' | 'image', boolean?][] = [
  ['title', 'Title', 'text'],
  ['creators', 'Creators', 'text', true],
  ['cast', 'Actors', 'text', true],
  ['publisher', 'Publisher', 'text'],
  ['published', 'Published', 'date'],
  ['year', 'Year', 'number'],
  ['pages', 'Pages', 'number'],
  ['format', 'Format', 'text'],
  ['genres', 'Genres', 'text', true],
  ['series', 'Series', 'text'],
  ['series_number', 'Number in series', 'number'],
  ['minutes', 'Minutes', 'number'],
  ['isbn', 'ISBN', 'text'],
  ['ean', 'EAN', 'text'],
  ['upc', 'UPC', 'text'],
  ['asin', 'ASIN', 'text'],
  ['rating', 'Rating', 'rating'],
  ['amazon_rating', 'Amazon rating', 'rating'],
  ['price', 'Price', 'text'],
  ['purchase_date', 'Purchase date', 'date'],
  ['value', 'Current value', 'text'],
  ['signed', 'Signed', 'yesno'],
  ['experienced', 'Experienced', 'yesno'],
  ['notes', 'Notes', 'longtext'],
  ['description', 'Description', 'longtext'],
  ['kind', 'Kind', 'text'],
  ['cover', 'Cover', 'image'],
];

export function deliciousFields(collectionType: TemplateType | null): ImportField[] {
  const targets = (collectionType && TARGETS[collectionType]) || {};
  return FIELD_TYPES.map(([key, label, type, multiple]) => importField(key, label, type, targets[key], multiple));
}

/** The head of either export: where its items begin, and the template the first one's kind fills. */
export function deliciousHead(text: string, plist: boolean): { fields: ImportField[]; collectionType: TemplateType | null; start: number } {
  let start: number;
  if (plist) {
    start = plistItemsStart(text);
  } else {
    const items = readXmlHead(text, 'items').start;
    const opened = text.indexOf('>', items);
    // <items/>: a library without an item.
    if (opened < 0 || text[opened - 1] === '/') throw new ImportFileError('no_records');
    start = opened + 1;
  }
  const first = readXmlRecords(text.slice(start), plist ? DELICIOUS_PLIST_RECORD : DELICIOUS_RECORD, 1, false).records[0];
  const kind = first ? kindOf(first, plist ? plistDict(first) : null) : '';
  const collectionType = KINDS[kind] ?? null;
  return { fields: deliciousFields(collectionType), collectionType, start };
}

function kindOf(element: XmlElement, dict: Record<string, string[]> | null): string {
  return (dict ? (dict.type?.[0] ?? '') : element.name).trim().toLowerCase();
}

/** Version 1's attributes and text children, as texts by name. */
function libraryItem(element: XmlElement): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, text] of Object.entries(element.attrs)) out[name] = [text];
  for (const c of element.children) if (c.children.length === 0) out[c.name] = [c.text];
  return out;
}

/** 17-08-1998 (version 1, day first) or 1998-08-17T08:00:00Z (versions 2 and 3) → 1998-08-17. */
function dayOf(text: string): string {
  const dayFirst = /^(\d{1,2})-(\d{1,2})-(\d{4})$/.exec(text.trim());
  if (dayFirst) return `${dayFirst[3]}-${dayFirst[2]!.padStart(2, '0')}-${dayFirst[1]!.padStart(2, '0')}`;
  return /^\d{4}-\d{2}-\d{2}/.test(text.trim()) ? text.trim().slice(0, 10) : text;
}

/** Numbers the program writes as 0 when it knows nothing (a rating, pages, a number in a series). */
const unlessZero = (texts: string[]) => texts.filter((t) => Number(t) !== 0);

/** An attribute or key naming a picture's address (coverImageURLString, imageURL…). */
const IMAGE_ADDRESS = /(?:cover|image).*url|url.*(?:cover|image)/i;

export function deliciousRecord(row: number, element: XmlElement, plist: boolean): ImportRecord {
  const dict = plist ? plistDict(element) : null;
  const raw = dict ?? libraryItem(element);
  const values: Record<string, string[]> = {};
  // Several values are written on lines of their own; only the long texts keep their lines.
  const texts = (key: string) =>
    (NAMES[key] ?? [])
      .flatMap((name) => raw[name] ?? [])
      .flatMap((t) => (key === 'notes' || key === 'description' ? [t] : t.split(/\r?\n/)));
  for (const key of Object.keys(NAMES)) {
    let found = texts(key);
    if (['rating', 'amazon_rating', 'pages', 'series_number', 'minutes'].includes(key)) found = unlessZero(found);
    if (key === 'published' || key === 'purchase_date') found = found.map(dayOf);
    if (key === 'description') found = found.map(rtfToText);
    if (key === 'signed' || key === 'experienced') found = found.map((t) => (t === '1' || t === 'true' ? 'yes' : 'no'));
    putValues(values, key, found);
  }
  putValues(
    values,
    'year',
    (values.published ?? []).map((d) => /^\d{4}/.exec(d)?.[0]),
  );
  // Version 1 gives a book's ISBN-10 as its ASIN only.
  if (!values.isbn && values.asin?.[0] && /^\d{9}[\dX]$/i.test(values.asin[0])) values.isbn = [values.asin[0]];
  putValues(values, 'kind', [kindOf(element, dict)]);
  const uuid = (raw.uuidString ?? raw.uuid ?? [])[0]?.trim() || null;
  // The picture the library's folder keeps under the item's UUID, else an address the item gives.
  const addresses = Object.entries(raw)
    .filter(([name]) => IMAGE_ADDRESS.test(name))
    .flatMap(([, t]) => t);
  putValues(values, 'cover', [uuid, ...addresses]);
  return { row, id: uuid, values };
}
