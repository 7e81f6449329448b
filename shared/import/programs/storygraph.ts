// The StoryGraph's library export: one row per book with its read status, dates read, moods, pace,
// a star rating in quarter stars (0.25–5) and whether the book is owned. It has no id of its own:
// the ISBN (or StoryGraph's UID for a book without one) finds the book again.
import { dayOf, ratingOutOf, statusesOf } from './cells';
import type { CsvProgram } from './program';

const STATUS = ['Read Status'];
const LIST = /\s*,\s*/;

export const STORYGRAPH: CsvProgram = {
  format: 'storygraph',
  signature: ['ISBN/UID', 'Read Status', 'Star Rating'],
  id: (cell) => cell(['ISBN/UID']) || [cell(['Title']), cell(['Authors'])].filter(Boolean).join(' / '),
  fields: [
    { key: 'title', type: 'text', target: 'title', columns: ['Title'] },
    { key: 'authors', type: 'text', target: 'authors', multiple: true, columns: ['Authors'], split: LIST },
    { key: 'contributors', type: 'text', multiple: true, columns: ['Contributors'], split: LIST },
    // The column holds StoryGraph's own UID when the book has no ISBN: only an ISBN goes to the ISBN.
    {
      key: 'isbn',
      type: 'text',
      target: 'isbn',
      columns: ['ISBN/UID'],
      read: (text) => (/^[\dXx-]{10,17}$/.test(text) ? text.replaceAll('-', '') : undefined),
    },
    { key: 'format', type: 'text', target: 'format', columns: ['Format'] },
    {
      key: 'read',
      type: 'yesno',
      target: 'read',
      columns: STATUS,
      read: (status) => (status === '' ? undefined : String(status === 'read')),
    },
    {
      key: 'status',
      type: 'text',
      multiple: true,
      filterable: true,
      columns: STATUS,
      read: (status, cell) => statusesOf([status, /^yes$/i.test(cell(['Owned?'])) ? 'owned' : '']),
    },
    { key: 'rating', type: 'rating', target: 'rating', columns: ['Star Rating'], read: ratingOutOf(5) },
    { key: 'date_added', type: 'date', columns: ['Date Added'], read: dayOf },
    { key: 'date_read', type: 'date', columns: ['Last Date Read'], read: dayOf },
    { key: 'dates_read', type: 'text', columns: ['Dates Read'] },
    { key: 'read_count', type: 'number', columns: ['Read Count'] },
    { key: 'moods', type: 'text', multiple: true, columns: ['Moods'], split: LIST },
    { key: 'pace', type: 'text', columns: ['Pace'] },
    { key: 'driven', type: 'text', columns: ['Character- or Plot-Driven?'] },
    { key: 'review', type: 'longtext', columns: ['Review'] },
    { key: 'content_warnings', type: 'longtext', columns: ['Content Warnings'] },
    { key: 'content_warning_description', type: 'longtext', columns: ['Content Warning Description'] },
    { key: 'tags', type: 'text', multiple: true, columns: ['Tags'], split: LIST },
  ],
};
