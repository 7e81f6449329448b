// Inventaire's CSV export: one row per copy the person inventoried (each is owned), with the item's
// address (its id), its notes, visibility, transaction (giving, lending, selling, inventorying) and
// shelves, then the edition's and work's data from Wikidata. Older exports named the columns without
// their "Item"/"Edition" prefix.
import { dayOf, lastSegment, yearOf } from './cells';
import type { CsvProgram } from './program';

const LIST = /\s*,\s*/;

export const INVENTAIRE: CsvProgram = {
  format: 'inventaire',
  signature: ['Edition URL', ['Item URL', 'Item transaction', 'Transaction', 'Shelves']],
  id: (cell) => lastSegment(cell(['Item URL'])) || cell(['Edition URL']),
  fields: [
    { key: 'title', type: 'text', target: 'title', columns: ['Edition title', 'title', 'Works labels'] },
    { key: 'subtitle', type: 'text', target: 'subtitle', columns: ['Edition subtitle', 'subtitle'] },
    { key: 'authors', type: 'text', target: 'authors', multiple: true, columns: ['Authors labels', 'Authors'], split: LIST },
    {
      key: 'isbn',
      type: 'text',
      target: 'isbn',
      columns: ['Edition ISBN-13', 'ISBN-13', 'Edition ISBN-10', 'ISBN-10'],
      read: (isbn) => isbn.replaceAll('-', ''),
    },
    { key: 'publisher', type: 'text', target: 'publisher', columns: ['Publisher label', 'Publisher labels', 'Publisher'] },
    { key: 'year', type: 'number', target: 'year', columns: ['Edition publication date', 'Publication Date'], read: yearOf },
    { key: 'pages', type: 'number', target: 'pages', columns: ['Edition number of pages', 'Number of pages'] },
    { key: 'language', type: 'text', target: 'language', columns: ['Edition language', 'Language'] },
    { key: 'series', type: 'text', target: 'series', columns: ['Series labels'] },
    { key: 'series_number', type: 'number', target: 'series_number', columns: ['Works Series ordinals'] },
    { key: 'genre', type: 'text', target: 'genre', multiple: true, columns: ['Genres labels'], split: LIST },
    // Every row is a copy the person has: its status says so for filters across programs.
    { key: 'status', type: 'text', multiple: true, filterable: true, columns: ['Item URL', 'Edition URL'], read: () => 'owned' },
    { key: 'shelves', type: 'text', multiple: true, columns: ['Shelves'], split: LIST },
    { key: 'transaction', type: 'text', columns: ['Item transaction', 'Transaction'] },
    { key: 'visibility', type: 'text', columns: ['Item visibility', 'Visibility'] },
    { key: 'details', type: 'longtext', columns: ['Item details', 'Details'] },
    { key: 'notes', type: 'longtext', columns: ['Item notes', 'Notes'] },
    { key: 'date_added', type: 'date', columns: ['Item created', 'Created'], read: dayOf },
    { key: 'link', type: 'url', columns: ['Edition URL'] },
  ],
};
