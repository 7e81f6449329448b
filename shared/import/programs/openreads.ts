// Openreads' (Android) CSV export: one row per book with its status (finished, in_progress, planned,
// abandoned), a 0–5 rating in halves, tags joined by "|||||", and its readings as
// "start|finish|time" joined by ";". It has no id: the ISBN, else the Open Library id, else the title
// and author find the book again.
import { dayOf, ratingOutOf, statusesOf } from './cells';
import type { CellOf, CsvProgram } from './program';

const TAGS = '|||||';

/** The readings' start and finish days, in order. */
const readings = (cell: CellOf, part: 0 | 1) =>
  cell(['readings'])
    .split(';')
    .map((reading) => dayOf(reading.split('|')[part] ?? ''))
    .filter(Boolean);

export const OPENREADS: CsvProgram = {
  format: 'openreads',
  signature: ['olid', 'book_format', 'readings'],
  id: (cell) => cell(['isbn']) || cell(['olid']) || [cell(['title']), cell(['author'])].filter(Boolean).join(' / '),
  fields: [
    { key: 'title', type: 'text', target: 'title', columns: ['title'] },
    { key: 'subtitle', type: 'text', target: 'subtitle', columns: ['subtitle'] },
    // One author's name, often "Last, First": never cut at its comma.
    { key: 'authors', type: 'text', target: 'authors', multiple: true, columns: ['author'] },
    { key: 'summary', type: 'longtext', target: 'summary', columns: ['description'] },
    { key: 'isbn', type: 'text', target: 'isbn', columns: ['isbn'] },
    { key: 'pages', type: 'number', target: 'pages', columns: ['pages'] },
    { key: 'year', type: 'number', target: 'year', columns: ['publication_year'] },
    { key: 'format', type: 'text', target: 'format', columns: ['book_format'] },
    { key: 'rating', type: 'rating', target: 'rating', columns: ['rating'], read: ratingOutOf(5) },
    {
      key: 'read',
      type: 'yesno',
      target: 'read',
      columns: ['status'],
      read: (status) => (status === '' ? undefined : String(status === 'finished')),
    },
    {
      key: 'status',
      type: 'text',
      multiple: true,
      filterable: true,
      columns: ['status'],
      read: (status, cell) => statusesOf([status, ...cell(['tags']).split(TAGS)]),
    },
    { key: 'favourite', type: 'yesno', columns: ['favourite'] },
    { key: 'deleted', type: 'yesno', columns: ['deleted'] },
    { key: 'tags', type: 'text', multiple: true, columns: ['tags'], split: TAGS },
    { key: 'olid', type: 'text', columns: ['olid'] },
    { key: 'review', type: 'longtext', columns: ['my_review'] },
    { key: 'notes', type: 'longtext', columns: ['notes'] },
    { key: 'date_started', type: 'date', columns: ['readings'], read: (_, cell) => readings(cell, 0)[0] },
    { key: 'date_read', type: 'date', columns: ['readings'], read: (_, cell) => readings(cell, 1).at(-1) },
    { key: 'date_added', type: 'date', columns: ['date_added'], read: dayOf },
  ],
};
