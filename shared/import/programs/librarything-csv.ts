// LibraryThing's tab-separated export (and its older comma-separated one): the same books as its JSON
// export (../librarything.ts), with the same fields and id, so either file finds the other's items again.
// Authors are "Last, First"; dates and ISBNs come in brackets ([2007-05-08]); collections hold statuses
// ("Your library" is what the person owns).
import { LIBRARYTHING_FIELDS } from '../librarything';
import { dayOf, firstNameFirst, ratingOutOf, statusesOf, yearOf } from './cells';
import type { CsvProgram, ProgramField } from './program';

const LIST = /\s*,\s*/;
const COLLECTIONS = ['Collections'];

/** The JSON export's field of this key, read from these columns. */
function like(key: string, rest: Omit<ProgramField, 'key' | 'type'>): ProgramField {
  const field = LIBRARYTHING_FIELDS.find((f) => f.key === key)!;
  return { key, type: field.type, ...(field.target && { target: field.target }), multiple: field.multiple, ...rest };
}

const unbracket = (text: string) => text.replace(/^\[|\]$/g, '').trim();

/** Of "2070291340, 9782070291342", the ISBN-13 when there is one. */
function isbnOf(isbns: string): string | undefined {
  const all = isbns.split(LIST).map(unbracket).filter(Boolean);
  return all.find((i) => i.length === 13) ?? all[0];
}

export const LIBRARYTHING_CSV: CsvProgram = {
  format: 'librarything_csv',
  signature: ['Book Id', ['Primary Author', 'Author (Last, First)'], ['Sort Character', 'Entry Date', 'ISBNs']],
  id: (cell) => cell(['Book Id']),
  fields: [
    like('title', { columns: ['Title'] }),
    like('authors', {
      columns: ['Primary Author', 'Author (Last, First)'],
      read: (primary, cell) =>
        [primary, ...cell(['Secondary Author', 'Other Authors']).split(/\s*[|;]\s*/)].filter(Boolean).map(firstNameFirst),
    }),
    like('isbn', { columns: ['ISBNs', 'ISBN'], read: (_, cell) => isbnOf(cell(['ISBNs'])) ?? isbnOf(cell(['ISBN'])) }),
    like('year', { columns: ['Date'], read: yearOf }),
    like('publication', { columns: ['Publication'] }),
    like('pages', { columns: ['Page Count', 'Pages'], read: (pages) => /\d+/.exec(pages)?.[0] }),
    like('language', { columns: ['Languages'], read: (languages) => languages.split(LIST)[0] }),
    like('format', { columns: ['Media'] }),
    like('rating', { columns: ['Rating'], read: ratingOutOf(5) }),
    like('tags', { columns: ['Tags'], split: LIST }),
    like('collections', { columns: COLLECTIONS, split: LIST }),
    like('review', { columns: ['Review'] }),
    like('comments', { columns: ['Comment', 'Comments'] }),
    like('entered', { columns: ['Entry Date'], read: (date) => dayOf(unbracket(date)) }),
    like('copies', { columns: ['Copies'] }),
    {
      key: 'read',
      type: 'yesno',
      target: 'read',
      columns: ['Date Read', ...COLLECTIONS],
      read: (_, cell) => (cell(['Date Read']) || /read but unowned/i.test(cell(COLLECTIONS)) ? 'true' : undefined),
    },
    {
      key: 'status',
      type: 'text',
      multiple: true,
      filterable: true,
      columns: COLLECTIONS,
      read: (collections, cell) => statusesOf([...collections.split(LIST), cell(['Date Read']) ? 'read' : '']),
    },
    { key: 'date_started', type: 'date', columns: ['Date Started'], read: (date) => dayOf(unbracket(date)) },
    { key: 'date_read', type: 'date', columns: ['Date Read'], read: (date) => dayOf(unbracket(date)) },
    { key: 'private_comment', type: 'longtext', columns: ['Private Comment'] },
  ],
};
