// Alexandria (the GNOME book manager) keeps a library as a folder of YAML files, one per book, each a
// "--- !ruby/object:Alexandria::Book" map (title, authors, isbn, publisher, publishing_year, edition,
// notes, rating 0–5, loaned, loaned_to, loaned_since, tags, saved_ident…), with its cover beside it as
// "<ident>.cover". A file alone, or a zip of the folder (read as one stream of its books, zip.ts), fills
// the books template; the book's ident is its reference and names its cover. A book out on loan also
// gives its loan (to whom, since when; Alexandria keeps no email), which lending takes when it is on.
import type { SourceHead } from './source';
import { ImportFileError } from './errors';
import { programLoan } from './loans';
import { putValues, sourceField, type SourceField, type SourceRecord } from './source';
import { yamlStreamStart } from './yaml-stream';

/** The Ruby tag Alexandria's books carry: other YAML is still not a document (sniff.ts). */
export const isAlexandriaHead = (head: string) => /^---[ \t]+!ruby\/object:Alexandria::Book\b/m.test(head);

export const ALEXANDRIA_FIELDS: SourceField[] = [
  sourceField('title', 'title', 'text', 'title'),
  sourceField('authors', 'authors', 'text', 'authors', true),
  sourceField('isbn', 'isbn', 'text', 'isbn'),
  sourceField('publisher', 'publisher', 'text', 'publisher'),
  sourceField('publishing_year', 'publishing_year', 'number', 'year'),
  sourceField('edition', 'edition', 'text', 'format'),
  sourceField('notes', 'notes', 'longtext'),
  sourceField('rating', 'rating', 'rating', 'rating'),
  sourceField('tags', 'tags', 'text', undefined, true),
  sourceField('read', 'redd', 'yesno', 'read'),
  sourceField('read_on', 'redd_when', 'date'),
  sourceField('own', 'own', 'yesno'),
  sourceField('want', 'want', 'yesno'),
  sourceField('loaned', 'loaned', 'yesno'),
  sourceField('loaned_to', 'loaned_to', 'text'),
  sourceField('loaned_since', 'loaned_since', 'date'),
  sourceField('cover', 'cover', 'image', 'cover'),
];

export function alexandriaHead(text: string): Pick<SourceHead, 'fields' | 'collectionType' | 'start'> {
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

export function alexandriaRecord(row: number, data: unknown): SourceRecord {
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
