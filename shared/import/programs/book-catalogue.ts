// Book Catalogue's (Android) CSV export: one row per book with its local _id, authors as
// "Last, First|Last, First", series as "Name (#3)|…", bookshelves joined by commas, read as 1/0 and
// a 0–5 rating; headers quoted or not depending on the version.
import { dayOf, firstNameFirst, ratingOutOf, statusesOf, yearOf } from './cells';
import type { CsvProgram } from './program';

const SHELVES = ['bookshelf_text', 'bookshelf'];
const SERIES = /^(.*?)\s*\(#?([\d.]+)\)\s*$/;
const firstSeries = (details: string) => details.split('|')[0]!.trim();

export const BOOK_CATALOGUE: CsvProgram = {
  format: 'book_catalogue',
  signature: ['_id', 'author_details', ['bookshelf_text', 'bookshelf', 'bookshelf_id']],
  id: (cell) => cell(['_id']),
  fields: [
    { key: 'title', type: 'text', target: 'title', columns: ['title'] },
    {
      key: 'authors',
      type: 'text',
      target: 'authors',
      multiple: true,
      columns: ['author_details'],
      read: (authors) => authors.split('|').map(firstNameFirst),
    },
    { key: 'isbn', type: 'text', target: 'isbn', columns: ['isbn'] },
    { key: 'publisher', type: 'text', target: 'publisher', columns: ['publisher'] },
    { key: 'year', type: 'number', target: 'year', columns: ['date_published'], read: yearOf },
    {
      key: 'series',
      type: 'text',
      target: 'series',
      columns: ['series_details'],
      read: (details) => {
        const s = firstSeries(details);
        return SERIES.exec(s)?.[1] ?? s;
      },
    },
    {
      key: 'series_number',
      type: 'number',
      target: 'series_number',
      columns: ['series_details'],
      read: (details) => SERIES.exec(firstSeries(details))?.[2],
    },
    { key: 'pages', type: 'number', target: 'pages', columns: ['pages'] },
    { key: 'format', type: 'text', target: 'format', columns: ['format'] },
    { key: 'language', type: 'text', target: 'language', columns: ['language'] },
    { key: 'genre', type: 'text', target: 'genre', multiple: true, columns: ['genre'] },
    { key: 'summary', type: 'longtext', target: 'summary', columns: ['description'] },
    { key: 'rating', type: 'rating', target: 'rating', columns: ['rating'], read: ratingOutOf(5) },
    { key: 'read', type: 'yesno', target: 'read', columns: ['read'] },
    { key: 'signed', type: 'yesno', target: 'signed', columns: ['signed'] },
    {
      key: 'status',
      type: 'text',
      multiple: true,
      filterable: true,
      columns: SHELVES,
      read: (shelves, cell) => statusesOf([...shelves.split(','), cell(['read']) === '1' ? 'read' : '']),
    },
    { key: 'shelves', type: 'text', multiple: true, columns: SHELVES, split: /\s*,\s*/ },
    { key: 'date_started', type: 'date', columns: ['read_start'], read: dayOf },
    { key: 'date_read', type: 'date', columns: ['read_end'], read: dayOf },
    { key: 'date_added', type: 'date', columns: ['date_added'], read: dayOf },
    { key: 'notes', type: 'longtext', columns: ['notes'] },
    { key: 'location', type: 'text', columns: ['location'] },
    { key: 'loaned_to', type: 'text', columns: ['loaned_to'] },
    { key: 'list_price', type: 'text', columns: ['list_price'] },
    { key: 'anthology_titles', type: 'longtext', columns: ['anthology_titles'] },
    { key: 'goodreads_id', type: 'text', columns: ['goodreads_book_id'] },
  ],
};
