// LibraryThing's JSON export: an object of books by their LibraryThing id, each with its title, its
// authors (with roles), ISBNs, publication, date, languages, formats, tags, rating and review. It fills
// the books template.
import { putValues, importField, type ImportField, type ImportRecord } from './records';

export const isLibrarythingHead = (head: string) => head.includes('"books_id"');

export const LIBRARYTHING_FIELDS: ImportField[] = [
  importField('title', 'title', 'text', 'title'),
  importField('authors', 'authors', 'text', 'authors', true),
  importField('isbn', 'isbn', 'text', 'isbn'),
  importField('year', 'date', 'number', 'year'),
  importField('publication', 'publication', 'text'),
  importField('pages', 'pages', 'number', 'pages'),
  importField('language', 'language', 'text', 'language'),
  importField('format', 'format', 'text', 'format'),
  importField('genre', 'genre', 'text', 'genre', true),
  importField('rating', 'rating', 'rating', 'rating'),
  importField('tags', 'tags', 'text', undefined, true),
  importField('collections', 'collections', 'text', undefined, true),
  importField('review', 'review', 'longtext'),
  importField('comments', 'comment', 'longtext'),
  importField('entered', 'entrydate', 'date'),
  importField('copies', 'copies', 'number'),
];

const text = (value: unknown): string | undefined => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]);

export function librarythingRecord(row: number, key: string | null, book: unknown): ImportRecord {
  const b = (book && typeof book === 'object' ? book : {}) as Record<string, unknown>;
  const values: Record<string, string[]> = {};
  const put = (field: string, ...texts: (string | undefined)[]) => putValues(values, field, texts);
  put('title', text(b.title));
  // Authors as "First Last"; the primary author when the list is missing.
  const authors = list(b.authors).map((a) => text((a as { fl?: unknown } | null)?.fl));
  put('authors', ...(authors.some(Boolean) ? authors : [text(b.primaryauthor)]));
  // ISBNs by kind: "2" is the ISBN-13, "0" the ISBN-10.
  const isbn = (b.isbn && typeof b.isbn === 'object' ? b.isbn : {}) as Record<string, unknown>;
  put('isbn', text(isbn['2']) ?? text(isbn['0']) ?? text(b.originalisbn));
  put('year', /\d{4}/.exec(text(b.date) ?? '')?.[0]);
  put('publication', text(b.publication));
  put('pages', /\d+/.exec(text(b.pages) ?? '')?.[0]);
  put('language', text(list(b.language)[0]));
  put('format', ...list(b.format).map((f) => text((f as { text?: unknown } | null)?.text)));
  put('genre', ...list(b.genre).map(text));
  // 0 is LibraryThing's "not rated".
  const rating = text(b.rating);
  if (rating !== '0') put('rating', rating);
  put('tags', ...list(b.tags).map(text));
  put('collections', ...list(b.collections).map(text));
  put('review', text(b.review));
  put('comments', text(b.comment));
  put('entered', text(b.entrydate));
  put('copies', text(b.copies));
  const id = text(b.books_id) ?? key;
  return { row, id: id ?? null, values };
}
