// Goodreads' "Export Library" CSV: one row per book on the person's shelves, with its Goodreads id,
// ISBNs written as spreadsheet formulas (="0465042333"), ratings 0–5 where 0 means not rated, and
// dates as 2024/01/15. Its fields fill the books template. Files without their header row are
// recognised by their cells (goodreads-layout.ts).
import { dayOf, ratingOutOf, statusesOf, unformula } from './programs/cells';
import { matchesProgram, type CsvProgram } from './programs/program';
import { programFields } from './programs/read';
import type { ImportField } from './records';

const SHELF = ['Exclusive Shelf'];

export const GOODREADS: CsvProgram = {
  format: 'goodreads',
  // "Bookshelves" stands for the exclusive shelf in exports older than it.
  signature: ['Book Id', 'My Rating', ['Exclusive Shelf', 'Bookshelves']],
  id: (cell) => cell(['Book Id']),
  fields: [
    { key: 'title', type: 'text', target: 'title', columns: ['Title'] },
    {
      key: 'authors',
      type: 'text',
      target: 'authors',
      multiple: true,
      columns: ['Author'],
      read: (author, cell) => [author, ...cell(['Additional Authors']).split(',')],
    },
    {
      key: 'isbn',
      type: 'text',
      target: 'isbn',
      columns: ['ISBN13', 'ISBN'],
      read: (_, cell) => unformula(cell(['ISBN13'])) || unformula(cell(['ISBN'])),
    },
    { key: 'publisher', type: 'text', target: 'publisher', columns: ['Publisher'] },
    { key: 'format', type: 'text', target: 'format', columns: ['Binding'] },
    { key: 'pages', type: 'number', target: 'pages', columns: ['Number of Pages'] },
    { key: 'year', type: 'number', target: 'year', columns: ['Original Publication Year', 'Year Published'] },
    { key: 'rating', type: 'rating', target: 'rating', columns: ['My Rating'], read: ratingOutOf(5) },
    { key: 'read', type: 'yesno', target: 'read', columns: SHELF, read: (shelf) => (shelf === '' ? undefined : String(shelf === 'read')) },
    {
      key: 'status',
      type: 'text',
      multiple: true,
      filterable: true,
      columns: SHELF,
      read: (shelf, cell) => statusesOf([shelf, ...cell(['Bookshelves']).split(','), Number(cell(['Owned Copies'])) > 0 ? 'owned' : '']),
    },
    { key: 'shelves', type: 'text', multiple: true, columns: ['Bookshelves'], split: ',' },
    { key: 'date_read', type: 'date', columns: ['Date Read'], read: dayOf },
    { key: 'date_added', type: 'date', columns: ['Date Added'], read: dayOf },
    { key: 'review', type: 'longtext', columns: ['My Review'] },
    { key: 'notes', type: 'longtext', columns: ['Private Notes'] },
    { key: 'copies', type: 'number', columns: ['Owned Copies'] },
  ],
};

/** The header says Goodreads when it has the columns no one else writes together. */
export const isGoodreadsHeader = (cells: readonly string[]) => matchesProgram(GOODREADS, cells);

/** Every field a Goodreads export may have. */
export const GOODREADS_FIELDS: ImportField[] = programFields(
  GOODREADS,
  GOODREADS.fields.flatMap((f) => f.columns),
);
