// Calibre's catalogue as CSV (calibre catalog books.csv): one row per book of the library with its
// uuid, authors joined by "&" or ",", identifiers as "isbn:978…,goodreads:123", comments in HTML and
// the rating already halved to 0–5 stars by Calibre. Dates are ISO with a time; 0101-01-01 is "unknown".
import { htmlToText } from '../html';
import { dayOf, ratingOutOf, yearOf } from './cells';
import type { CsvProgram } from './program';

const LIST = /\s*,\s*/;

/** The ISBN among "isbn:978…,goodreads:123". */
const isbnIdentifier = (identifiers: string) => /(?:^|,)\s*isbn:([\dXx-]+)/.exec(identifiers)?.[1];

export const CALIBRE: CsvProgram = {
  format: 'calibre',
  signature: ['uuid', ['author_sort', 'title_sort', 'library_name']],
  id: (cell) => cell(['uuid']) || cell(['id']),
  fields: [
    { key: 'title', type: 'text', target: 'title', columns: ['title'] },
    { key: 'authors', type: 'text', target: 'authors', multiple: true, columns: ['authors'], split: /\s*&\s*|\s*,\s+/ },
    {
      key: 'isbn',
      type: 'text',
      target: 'isbn',
      columns: ['isbn', 'identifiers'],
      read: (_, cell) => cell(['isbn']) || isbnIdentifier(cell(['identifiers'])),
    },
    { key: 'publisher', type: 'text', target: 'publisher', columns: ['publisher'] },
    { key: 'year', type: 'number', target: 'year', columns: ['pubdate'], read: yearOf },
    { key: 'series', type: 'text', target: 'series', columns: ['series'] },
    {
      key: 'series_number',
      type: 'number',
      target: 'series_number',
      columns: ['series_index'],
      read: (index, cell) => (cell(['series']) ? index : undefined),
    },
    { key: 'language', type: 'text', target: 'language', columns: ['languages'], read: (languages) => languages.split(LIST)[0] },
    { key: 'summary', type: 'longtext', target: 'summary', columns: ['comments'], read: htmlToText },
    { key: 'rating', type: 'rating', target: 'rating', columns: ['rating'], read: ratingOutOf(5) },
    { key: 'tags', type: 'text', multiple: true, columns: ['tags'], split: LIST },
    { key: 'formats', type: 'text', multiple: true, columns: ['formats'], split: LIST },
    { key: 'identifiers', type: 'text', multiple: true, columns: ['identifiers'], split: LIST },
    { key: 'date_added', type: 'date', columns: ['timestamp'], read: dayOf },
  ],
};
