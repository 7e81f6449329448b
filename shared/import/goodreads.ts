// Goodreads' "Export Library" CSV: one row per book on the person's shelves, with its Goodreads id,
// ISBNs written as spreadsheet formulas (="0465042333"), ratings 0–5 where 0 means not rated, and
// dates as 2024/01/15. Its fields fill the books template.
import { putValues, sourceField, type SourceField, type SourceRecord } from './source';

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


export const GOODREADS_FIELDS: SourceField[] = [
  sourceField('title', COLUMNS.title, 'text', 'title'),
  sourceField('authors', COLUMNS.author, 'text', 'authors', true),
  sourceField('isbn', COLUMNS.isbn13, 'text', 'isbn'),
  sourceField('publisher', COLUMNS.publisher, 'text', 'publisher'),
  sourceField('format', COLUMNS.binding, 'text', 'format'),
  sourceField('pages', COLUMNS.pages, 'number', 'pages'),
  sourceField('year', COLUMNS.originalYear, 'number', 'year'),
  sourceField('rating', COLUMNS.rating, 'rating', 'rating'),
  sourceField('read', COLUMNS.exclusiveShelf, 'yesno', 'read'),
  sourceField('shelves', COLUMNS.shelves, 'text', undefined, true),
  sourceField('date_read', COLUMNS.dateRead, 'date'),
  sourceField('date_added', COLUMNS.dateAdded, 'date'),
  sourceField('review', COLUMNS.review, 'longtext'),
  sourceField('notes', COLUMNS.notes, 'longtext'),
  sourceField('copies', COLUMNS.copies, 'number'),
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
  const put = (key: string, ...texts: string[]) => putValues(values, key, texts);
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
