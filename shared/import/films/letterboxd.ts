// Letterboxd's data export: CSV files that all name a film by Name, Year and its Letterboxd address
// (diary.csv, ratings.csv, watched.csv, watchlist.csv, reviews.csv), and lists/*.csv, whose table of
// films (Position, Name, Year, URL, Description) follows a few lines about the list. Ratings are already
// 0.5–5. A whole export zip is first merged into one such file (letterboxd-zip.ts), with the columns
// Watched and Watchlist added. The fields fill the movies template.
import type { CsvProgram, HasColumn } from '../programs/program';
import { listOf } from './imdb';

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

/** "Yes" in a column the file has: true, else false; nothing when the file has no such column. */
const yes = (column: string) => (text: string, _: unknown, has: HasColumn) =>
  has([column]) ? String(text.toLowerCase() === 'yes') : undefined;

export const LETTERBOXD: CsvProgram = {
  format: 'letterboxd',
  collectionType: 'movies',
  everyField: true,
  // No other program names a column "Letterboxd URI"; a list says what it is on its first line.
  signature: [C.name, C.uri],
  firstLine: LETTERBOXD_LIST_LINE,
  // A list's films table has its own header, after three lines about the list.
  headerRow: (rows) =>
    LETTERBOXD_LIST_LINE.test(rows[0]?.[0] ?? '')
      ? rows.findIndex((cells) => [C.position, C.name, C.url].every((c) => cells.includes(c)))
      : 0,
  // The film's address is its reference.
  id: (cell) => cell([C.uri, C.url]) || undefined,
  fields: [
    { key: 'title', type: 'text', target: 'title', columns: [C.name] },
    { key: 'year', type: 'number', target: 'year', columns: [C.year] },
    { key: 'rating', type: 'rating', target: 'rating', columns: [C.rating] },
    {
      key: 'watched',
      type: 'yesno',
      target: 'watched',
      label: C.watched,
      columns: [C.watched, C.watchedDate, C.rating],
      // Rated or logged is watched; watched.csv and watchlist.csv say nothing of it on their own (same columns).
      read: (_, cell, has) =>
        has([C.watched]) ? String(cell([C.watched]).toLowerCase() === 'yes') : has([C.watchedDate, C.rating]) ? 'true' : undefined,
    },
    { key: 'watched_date', type: 'date', columns: [C.watchedDate] },
    { key: 'rewatch', type: 'yesno', columns: [C.rewatch], read: yes(C.rewatch) },
    { key: 'tags', type: 'text', multiple: true, columns: [C.tags], read: listOf },
    { key: 'review', type: 'longtext', columns: [C.review] },
    { key: 'watchlist', type: 'yesno', columns: [C.watchlist], read: yes(C.watchlist) },
    // A list's first columns are about the list, not the film: its Date is not the film's.
    { key: 'date', type: 'date', columns: [C.date], read: (text, _, has) => (has([C.position]) ? undefined : text) },
    { key: 'link', type: 'url', label: 'letterboxd.com', columns: [C.uri, C.url] },
    { key: 'position', type: 'number', columns: [C.position] },
    { key: 'description', type: 'longtext', columns: [C.description] },
  ],
};
