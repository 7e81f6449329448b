// Open Library's reading log export: a work id, an edition id (when one was chosen) and a shelf per
// row, and nothing else. The ids are the reference and stand for the title when the file has none;
// the preview tells the person that the file holds only ids.
import { statusesOf } from './cells';
import type { CsvProgram } from './program';

const SHELF = ['Bookshelf'];

export const OPENLIBRARY: CsvProgram = {
  format: 'openlibrary',
  signature: ['Work Id', 'Edition Id', 'Bookshelf'],
  id: (cell) => cell(['Edition Id']) || cell(['Work Id']),
  idsOnly: true,
  fields: [
    { key: 'title', type: 'text', target: 'title', columns: ['Title', 'Edition Id', 'Work Id'] },
    { key: 'authors', type: 'text', target: 'authors', multiple: true, columns: ['Authors', 'Author'], split: /\s*,\s*/ },
    {
      key: 'read',
      type: 'yesno',
      target: 'read',
      columns: SHELF,
      read: (shelf) => (shelf === '' ? undefined : String(statusesOf([shelf])[0] === 'read')),
    },
    { key: 'status', type: 'text', multiple: true, filterable: true, columns: SHELF, read: (shelf) => statusesOf([shelf]) },
    { key: 'work_id', type: 'text', columns: ['Work Id'] },
    { key: 'edition_id', type: 'text', columns: ['Edition Id'] },
  ],
};
