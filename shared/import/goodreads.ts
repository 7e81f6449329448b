// Goodreads' "Export Library" CSV: one row per book on the person's shelves, with its Goodreads id,
// ISBNs written as spreadsheet formulas (="0465042333"), ratings 0–5 where 0 means not rated, and
// dates as 2024/01/15. Its fields fill the books template.
import type { SourceField, SourceRecord } from './source';

const COLUMNS = {
  id: 'Book Id',
  title: 'Title',
  author: 'Author',
  additionalAuthors: 'Additional Authors',
  isbn: 'ISBN',
  isbn13: 'ISBN13',
  rating: 'My Rating',
  publisher: 'Publisher',
  binding: 'Binding',
  pages: 'Number of Pages',
  yearPublished: 'Year Published',
  originalYear: 'Original Publication Year',
  dateRead: 'Date Read',
  dateAdded: 'Date Added',
  shelves: 'Bookshelves',
  exclusiveShelf: 'Exclusive Shelf',
  review: 'My Review',
  notes: 'Private Notes',
  copies: 'Owned Copies',
} as const;

/** The header says Goodreads when it has the columns no one else writes together. */
export function isGoodreadsHeader(line: string): boolean {
  return [COLUMNS.id, COLUMNS.exclusiveShelf, COLUMNS.additionalAuthors, COLUMNS.rating].every((name) => line.includes(name));
}

const field = (key: string, label: string, type: SourceField['type'], target?: string, multiple = false): SourceField => ({
  key,
  label,
  type,
  multiple,
  ...(target && { target }),
});

export const GOODREADS_FIELDS: SourceField[] = [
  field('title', COLUMNS.title, 'text', 'title'),
  field('authors', COLUMNS.author, 'text', 'authors', true),
  field('isbn', COLUMNS.isbn13, 'text', 'isbn'),
  field('publisher', COLUMNS.publisher, 'text', 'publisher'),
  field('format', COLUMNS.binding, 'text', 'format'),
  field('pages', COLUMNS.pages, 'number', 'pages'),
  field('year', COLUMNS.originalYear, 'number', 'year'),
  field('rating', COLUMNS.rating, 'rating', 'rating'),
  field('read', COLUMNS.exclusiveShelf, 'yesno', 'read'),
  field('shelves', COLUMNS.shelves, 'text', undefined, true),
  field('date_read', COLUMNS.dateRead, 'date'),
  field('date_added', COLUMNS.dateAdded, 'date'),
  field('review', COLUMNS.review, 'longtext'),
  field('notes', COLUMNS.notes, 'longtext'),
  field('copies', COLUMNS.copies, 'number'),
];

/** ="0465042333" (a formula keeping the leading zero in spreadsheets) → 0465042333. */
function unformula(text: string): string {
  const match = /^="(.*)"$/.exec(text.trim());
  return (match ? match[1]! : text).trim();
}

/** 2024/01/15 → 2024-01-15. */
const isoDate = (text: string) => text.trim().replaceAll('/', '-');

/** A Goodreads row as a record of the fields above, read by column name from the header. */
export function goodreadsRecord(row: number, cells: string[], header: string[]): SourceRecord {
  const cell = (name: string) => {
    const index = header.indexOf(name);
    return index >= 0 ? (cells[index] ?? '').trim() : '';
  };
  const values: Record<string, string[]> = {};
  const put = (key: string, ...texts: string[]) => {
    const kept = texts.map((t) => t.trim()).filter((t) => t !== '');
    if (kept.length > 0) values[key] = kept;
  };
  put('title', cell(COLUMNS.title));
  put('authors', cell(COLUMNS.author), ...cell(COLUMNS.additionalAuthors).split(','));
  put('isbn', unformula(cell(COLUMNS.isbn13)) || unformula(cell(COLUMNS.isbn)));
  put('publisher', cell(COLUMNS.publisher));
  put('format', cell(COLUMNS.binding));
  put('pages', cell(COLUMNS.pages));
  put('year', cell(COLUMNS.originalYear) || cell(COLUMNS.yearPublished));
  // 0 is Goodreads' "not rated".
  const rating = cell(COLUMNS.rating);
  if (rating !== '0') put('rating', rating);
  const shelf = cell(COLUMNS.exclusiveShelf);
  if (shelf !== '') put('read', shelf === 'read' ? 'true' : 'false');
  put('shelves', ...cell(COLUMNS.shelves).split(','));
  put('date_read', isoDate(cell(COLUMNS.dateRead)));
  put('date_added', isoDate(cell(COLUMNS.dateAdded)));
  put('review', cell(COLUMNS.review));
  put('notes', cell(COLUMNS.notes));
  put('copies', cell(COLUMNS.copies));
  const id = cell(COLUMNS.id);
  return { row, id: id === '' ? null : id, values };
}
