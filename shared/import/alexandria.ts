// Alexandria (the GNOME book manager) keeps a library as a folder of YAML files, one per book, each a
// "--- !ruby/object:Alexandria::Book" map (title, authors, isbn, publisher, publishing_year, edition,
// notes, rating 0–5, loaned, loaned_to, loaned_since, tags, saved_ident…), with its cover beside it as
// "<ident>.cover". A file alone, or a zip of the folder (read as one stream of its books, zip.ts), fills
// the books template; the book's ident is its reference and names its cover. A book out on loan also
// gives its loan (to whom, since when; Alexandria keeps no email), which lending takes when it is on.
import type { ImportHead } from './records';
import { ImportFileError } from './errors';
import { programLoan } from './loans';
import { putValues, importField, type ImportField, type ImportRecord } from './records';
import { yamlStreamStart } from './yaml-stream';

/** The Ruby tag Alexandria's books carry: other YAML is still not a document (sniff.ts). */
export const isAlexandriaHead = (head: string) => /^---[ \t]+!ruby\/object:Alexandria::Book\b/m.test(head);

export const ALEXANDRIA_FIELDS: ImportField[] = [
  importField('title', 'title', 'text', 'title'),
  importField('authors', 'authors', 'text', 'authors', true),
  importField('isbn', 'isbn', 'text', 'isbn'),
  importField('publisher', 'publisher', 'text', 'publisher'),
  importField('publishing_year', 'publishing_year', 'number', 'year'),
  importField('edition', 'edition', 'text', 'format'),
  importField('notes', 'notes', 'longtext'),
  importField('rating', 'rating', 'rating', 'rating'),
  importField('tags', 'tags', 'text', undefined, true),
  importField('read', 'redd', 'yesno', 'read'),
  importField('read_on', 'redd_when', 'date'),
  importField('own', 'own', 'yesno'),
  importField('want', 'want', 'yesno'),
  importField('loaned', 'loaned', 'yesno'),
  importField('loaned_to', 'loaned_to', 'text'),
  importField('loaned_since', 'loaned_since', 'date'),
  importField('cover', 'cover', 'image', 'cover'),
];

export function alexandriaHead(text: string): Pick<ImportHead, 'fields' | 'collectionType' | 'start'> {
  const start = yamlStreamStart(text);
  if (start === null) throw new ImportFileError('no_records');
  return { fields: ALEXANDRIA_FIELDS, collectionType: 'books', start };
}

/** A scalar as text: strings, numbers and booleans; null, lists and maps give none. */
const scalar = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;

/** A day Ruby wrote (a Time "2009-01-11 12:00:00 +01:00", a Date, or seconds since 1970) as 2009-01-11. */
function dayOf(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return new Date(value * 1000).toISOString().slice(0, 10);
  const text = scalar(value)?.trim();
  return text && /^\d{4}-\d{2}-\d{2}/.test(text) ? text.slice(0, 10) : text;
}

/** Alexandria writes "n/a" for what it does not know. */
const known = (text: string | undefined) => (text === undefined || text.trim().toLowerCase() === 'n/a' ? undefined : text);

export function alexandriaRecord(row: number, data: unknown): ImportRecord {
  const book = (data && typeof data === 'object' && !Array.isArray(data) ? data : {}) as Record<string, unknown>;
  const values: Record<string, string[]> = {};
  const put = (key: string, ...texts: (string | undefined)[]) => putValues(values, key, texts.map(known));
  const list = (value: unknown) => (Array.isArray(value) ? value.map(scalar) : [scalar(value)]);
  put('title', scalar(book.title));
  put('authors', ...list(book.authors));
  put('isbn', scalar(book.isbn));
  put('publisher', scalar(book.publisher));
  put('publishing_year', scalar(book.publishing_year));
  put('edition', scalar(book.edition));
  put('notes', scalar(book.notes));
  // 0 is Alexandria's "not rated".
  const rating = scalar(book.rating);
  if (rating !== '0') put('rating', rating);
  put('tags', ...list(book.tags));
  put('read', scalar(book.redd));
  put('read_on', dayOf(book.redd_when));
  put('own', scalar(book.own));
  put('want', scalar(book.want));
  put('loaned', scalar(book.loaned));
  // Who has it and since when matter only while it is out.
  if (book.loaned === true) {
    put('loaned_to', scalar(book.loaned_to));
    put('loaned_since', dayOf(book.loaned_since));
  }
  // The ident the book was saved under names its file and its cover; books of old versions had their ISBN.
  const ident = known(scalar(book.saved_ident))?.trim() || known(scalar(book.isbn))?.trim() || null;
  if (ident) put('cover', `${ident}.cover`);
  const loans = book.loaned === true ? programLoan({ borrower: scalar(book.loaned_to), lentOn: dayOf(book.loaned_since) }) : [];
  return { row, id: ident, values, ...(loans.length > 0 && { loans }) };
}
