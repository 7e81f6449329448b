// A Goodreads export that lost its header row (cut from a spreadsheet, joined from several files):
// its rows are still recognised by their cells, and the columns are those of the export generation
// with as many cells.
import { unpad } from './programs/cells';

const FIRST = ['Book Id', 'Title', 'Author', 'Author l-f', 'Additional Authors', 'ISBN', 'ISBN13', 'My Rating'];
const BOOK = ['Publisher', 'Binding', 'Number of Pages', 'Year Published', 'Original Publication Year', 'Date Read', 'Date Added'];
const SHELVES = ['Bookshelves', 'Bookshelves with positions', 'Exclusive Shelf', 'My Review', 'Spoiler', 'Private Notes', 'Read Count'];
const PURCHASE = [
  'Recommended For',
  'Recommended By',
  'Owned Copies',
  'Original Purchase Date',
  'Original Purchase Location',
  'Condition',
  'Condition Description',
  'BCID',
];

/** The export's header rows by their number of columns, oldest (with purchases) to newest (without the average rating). */
const LAYOUTS: Record<number, string[]> = {
  31: [...FIRST, 'Average Rating', ...BOOK, ...SHELVES, ...PURCHASE],
  24: [...FIRST, 'Average Rating', ...BOOK, ...SHELVES, 'Owned Copies'],
  23: [...FIRST, ...BOOK, ...SHELVES, 'Owned Copies'],
};

/**
 * Whether a row is a Goodreads book rather than a header: a number for the Book Id, an ISBN
 * formula (="…", empty when the book has none) and a date written 2024/01/15.
 */
export function isGoodreadsRow(cells: readonly string[]): boolean {
  const texts = cells.map(unpad);
  return (
    LAYOUTS[texts.length] !== undefined &&
    /^\d+$/.test(texts[0]!) &&
    texts.some((t) => /^="[\dX]*"$/.test(t)) &&
    texts.some((t) => /^\d{4}\/\d{2}\/\d{2}$/.test(t))
  );
}

/** The header row a headerless export of this many columns would have had. */
export const goodreadsLayout = (columns: number): string[] | undefined => LAYOUTS[columns];
