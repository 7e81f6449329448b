// Letterboxd's data export: CSV files that all name a film by Name, Year and its Letterboxd address
// (diary.csv, ratings.csv, watched.csv, watchlist.csv, reviews.csv), and lists/*.csv, whose table of
// films (Position, Name, Year, URL, Description) follows a few lines about the list. Ratings are already
// 0.5–5. A whole export zip is first merged into one such file (letterboxd-zip.ts), with the columns
// Watched and Watchlist added. The fields fill the movies template.
import { putValues, sourceField, type SourceField, type SourceRecord } from '../source';
import { cellsByName, hasColumns, listOf } from './csv-columns';

/** The first line of a list's export, before the list's own header. */
export const LETTERBOXD_LIST_LINE = /^Letterboxd list export v\d+/;

export const LETTERBOXD_COLUMNS = {
  date: 'Date',
  name: 'Name',
  year: 'Year',
  uri: 'Letterboxd URI',
  url: 'URL',
  rating: 'Rating',
  rewatch: 'Rewatch',
  tags: 'Tags',
  watchedDate: 'Watched Date',
  review: 'Review',
  position: 'Position',
  description: 'Description',
  // Written by the merge of an export zip only.
  watched: 'Watched',
  watchlist: 'Watchlist',
} as const;

const C = LETTERBOXD_COLUMNS;

/** A header of one of the export's files: no other program names a column "Letterboxd URI". */
export const isLetterboxdHeader = (header: readonly string[]) => hasColumns(header, [C.name, C.uri]);

/** Whether a list's table begins at this row. */
export const isLetterboxdListTable = (cells: readonly string[]) => hasColumns(cells, [C.position, C.name, C.url]);

export const LETTERBOXD_FIELDS: SourceField[] = [
  sourceField('title', C.name, 'text', 'title'),
  sourceField('year', C.year, 'number', 'year'),
  sourceField('rating', C.rating, 'rating', 'rating'),
  sourceField('watched', C.watched, 'yesno', 'watched'),
  sourceField('watched_date', C.watchedDate, 'date'),
  sourceField('rewatch', C.rewatch, 'yesno'),
  sourceField('tags', C.tags, 'text', undefined, true),
  sourceField('review', C.review, 'longtext'),
  sourceField('watchlist', C.watchlist, 'yesno'),
  sourceField('date', C.date, 'date'),
  sourceField('link', 'letterboxd.com', 'url'),
  sourceField('position', C.position, 'number'),
  sourceField('description', C.description, 'longtext'),
];

const yes = (text: string) => (text.toLowerCase() === 'yes' ? 'true' : 'false');

/** A row of any of the export's files, read by the header's column names; the film's address is its reference. */
export function letterboxdRecord(row: number, cells: string[], header: readonly string[]): SourceRecord {
  const cell = cellsByName(header, cells);
  const has = (name: string) => header.includes(name);
  const values: Record<string, string[]> = {};
  const put = (key: string, ...texts: string[]) => putValues(values, key, texts);
  put('title', cell(C.name));
  put('year', cell(C.year));
  put('rating', cell(C.rating));
  // Rated or logged is watched; watched.csv and watchlist.csv say nothing of it on their own (same columns).
  if (has(C.watched)) put('watched', yes(cell(C.watched)));
  else if (has(C.watchedDate) || has(C.rating)) put('watched', 'true');
  put('watched_date', cell(C.watchedDate));
  if (has(C.rewatch)) put('rewatch', yes(cell(C.rewatch)));
  put('tags', ...listOf(cell(C.tags)));
  put('review', cell(C.review));
  if (has(C.watchlist)) put('watchlist', yes(cell(C.watchlist)));
  // A list's first columns are about the list, not the film: its Date is not the film's.
  if (!has(C.position)) put('date', cell(C.date));
  const link = cell(C.uri) || cell(C.url);
  put('link', link);
  put('position', cell(C.position));
  put('description', cell(C.description));
  return { row, id: link === '' ? null : link, values };
}
