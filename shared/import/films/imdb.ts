// IMDb's CSV exports: ratings.csv (your ratings, 1–10, halved to Vitrine's 0–5) and a list's or the
// watchlist's CSV (Position, Created, Modified, Description before the title's columns). The 2024 layout
// adds Original Title; both are read by column name. Const (tt0111161) names the title: it is the
// reference, so a later export finds the same items. The fields fill the movies template.
import { halveRating, importField, type ImportField } from '../records';
import type { CsvProgram } from '../programs/program';

/** A list cell ("Drama, Crime") as its values. */
export const listOf = (text: string) => text.split(',').map((part) => part.trim());

export const IMDB: CsvProgram = {
  format: 'imdb',
  collectionType: 'movies',
  everyField: true,
  // Const, Title and Title Type together: IMDb's exports, every layout of them.
  signature: ['Const', 'Title', 'Title Type'],
  id: (cell) => (/^tt\d+$/.test(cell(['Const'])) ? cell(['Const']) : undefined),
  fields: [
    { key: 'title', type: 'text', target: 'title', columns: ['Title'] },
    // The 2024 layout repeats the title as the original one when it is the same.
    {
      key: 'original_title',
      type: 'text',
      target: 'original_title',
      columns: ['Original Title'],
      read: (text, cell) => (text === cell(['Title']) ? undefined : text),
    },
    { key: 'year', type: 'number', target: 'year', columns: ['Year'] },
    { key: 'runtime', type: 'number', target: 'runtime', columns: ['Runtime (mins)'] },
    { key: 'genres', type: 'text', target: 'genre', multiple: true, columns: ['Genres'], read: listOf },
    { key: 'directors', type: 'text', target: 'directors', multiple: true, columns: ['Directors'], read: listOf },
    { key: 'rating', type: 'rating', target: 'rating', columns: ['Your Rating'], read: halveRating },
    { key: 'date_rated', type: 'date', columns: ['Date Rated'] },
    { key: 'imdb_rating', type: 'number', columns: ['IMDb Rating'] },
    { key: 'title_type', type: 'text', columns: ['Title Type'] },
    { key: 'release_date', type: 'date', columns: ['Release Date'] },
    { key: 'link', type: 'url', columns: ['URL'] },
    { key: 'position', type: 'number', columns: ['Position'] },
    { key: 'added', type: 'date', columns: ['Created'] },
    { key: 'description', type: 'longtext', columns: ['Description'] },
  ],
};

/** Every field an IMDb export may have, named by its column. */
export const IMDB_FIELDS: ImportField[] = IMDB.fields.map((f) =>
  importField(f.key, f.label ?? f.columns[0]!, f.type, f.target, f.multiple ?? false),
);
