// IMDb's CSV exports: ratings.csv (your ratings, 1–10, halved to Vitrine's 0–5) and a list's or the
// watchlist's CSV (Position, Created, Modified, Description before the title's columns). The 2024 layout
// adds Original Title; both are read by column name. Const (tt0111161) names the title: it is the
// reference, so a later export finds the same items. The fields fill the movies template.
import { halveRating, putValues, sourceField, type SourceField, type SourceRecord } from '../source';
import { cellsByName, hasColumns, listOf } from './csv-columns';

const C = {
  id: 'Const',
  rating: 'Your Rating',
  dateRated: 'Date Rated',
  title: 'Title',
  originalTitle: 'Original Title',
  url: 'URL',
  titleType: 'Title Type',
  imdbRating: 'IMDb Rating',
  runtime: 'Runtime (mins)',
  year: 'Year',
  genres: 'Genres',
  releaseDate: 'Release Date',
  directors: 'Directors',
  position: 'Position',
  created: 'Created',
  description: 'Description',
} as const;

/** Const, Title and Title Type together: IMDb's exports, every layout of them. */
export const isImdbHeader = (header: readonly string[]) => hasColumns(header, [C.id, C.title, C.titleType]);

export const IMDB_FIELDS: SourceField[] = [
  sourceField('title', C.title, 'text', 'title'),
  sourceField('original_title', C.originalTitle, 'text', 'original_title'),
  sourceField('year', C.year, 'number', 'year'),
  sourceField('runtime', C.runtime, 'number', 'runtime'),
  sourceField('genres', C.genres, 'text', 'genre', true),
  sourceField('directors', C.directors, 'text', 'directors', true),
  sourceField('rating', C.rating, 'rating', 'rating'),
  sourceField('date_rated', C.dateRated, 'date'),
  sourceField('imdb_rating', C.imdbRating, 'number'),
  sourceField('title_type', C.titleType, 'text'),
  sourceField('release_date', C.releaseDate, 'date'),
  sourceField('link', C.url, 'url'),
  sourceField('position', C.position, 'number'),
  sourceField('added', C.created, 'date'),
  sourceField('description', C.description, 'longtext'),
];

/** A row of an IMDb export, read by the header's column names. */
export function imdbRecord(row: number, cells: string[], header: readonly string[]): SourceRecord {
  const cell = cellsByName(header, cells);
  const values: Record<string, string[]> = {};
  const put = (key: string, ...texts: (string | undefined)[]) => putValues(values, key, texts);
  const title = cell(C.title);
  const original = cell(C.originalTitle);
  put('title', title);
  // The 2024 layout repeats the title as the original one when it is the same.
  if (original !== title) put('original_title', original);
  put('year', cell(C.year));
  put('runtime', cell(C.runtime));
  put('genres', ...listOf(cell(C.genres)));
  put('directors', ...listOf(cell(C.directors)));
  put('rating', halveRating(cell(C.rating)));
  put('date_rated', cell(C.dateRated));
  put('imdb_rating', cell(C.imdbRating));
  put('title_type', cell(C.titleType));
  put('release_date', cell(C.releaseDate));
  put('link', cell(C.url));
  put('position', cell(C.position));
  put('added', cell(C.created));
  put('description', cell(C.description));
  const id = cell(C.id);
  return { row, id: /^tt\d+$/.test(id) ? id : null, values };
}
