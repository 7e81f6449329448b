// BookWyrm's CSV export: one row per book with its BookWyrm address (remote_id, the id kept), the
// book's ids in other catalogues, reading dates, a 0–5 rating, the review, and the shelf it is on
// (to-read, reading, read, stopped-reading, or one of the person's own).
import { dayOf, ratingOutOf, statusesOf } from './cells';
import type { CsvProgram } from './program';

const SHELF = ['shelf'];
/** The other catalogues' ids a row may hold, kept as "openlibrary:OL123M". */
const IDENTIFIERS = [
  'openlibrary_key',
  'inventaire_id',
  'librarything_key',
  'goodreads_key',
  'bnf_id',
  'viaf',
  'wikidata',
  'asin',
  'isfdb',
  'oclc_number',
];

export const BOOKWYRM: CsvProgram = {
  format: 'bookwyrm',
  signature: ['remote_id', 'author_text', 'shelf'],
  id: (cell) => cell(['remote_id']),
  fields: [
    { key: 'title', type: 'text', target: 'title', columns: ['title'] },
    { key: 'authors', type: 'text', target: 'authors', multiple: true, columns: ['author_text'], split: /\s*,\s*/ },
    { key: 'isbn', type: 'text', target: 'isbn', columns: ['isbn_13', 'isbn_10'] },
    { key: 'rating', type: 'rating', target: 'rating', columns: ['rating'], read: ratingOutOf(5) },
    { key: 'read', type: 'yesno', target: 'read', columns: SHELF, read: (shelf) => (shelf === '' ? undefined : String(shelf === 'read')) },
    { key: 'status', type: 'text', multiple: true, filterable: true, columns: SHELF, read: (shelf) => statusesOf([shelf]) },
    { key: 'shelf', type: 'text', columns: ['shelf_name'] },
    { key: 'date_added', type: 'date', columns: ['shelf_date'], read: dayOf },
    { key: 'date_started', type: 'date', columns: ['start_date'], read: dayOf },
    { key: 'date_read', type: 'date', columns: ['finish_date'], read: dayOf },
    { key: 'date_stopped', type: 'date', columns: ['stopped_date'], read: dayOf },
    { key: 'review_name', type: 'text', columns: ['review_name'] },
    { key: 'review', type: 'longtext', columns: ['review_content'] },
    {
      key: 'identifiers',
      type: 'text',
      multiple: true,
      columns: IDENTIFIERS,
      read: (_, cell) => IDENTIFIERS.map((name) => (cell([name]) ? `${name.replace(/_(key|id|number)$/, '')}:${cell([name])}` : undefined)),
    },
    { key: 'link', type: 'url', columns: ['remote_id'] },
  ],
};
